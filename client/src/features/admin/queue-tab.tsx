import {
  adFlagKindLabels,
  adReportReasonLabels,
  type AdQueueItem,
  type QueueFlag,
} from '@bazaar/common/moderation';
import {
  Ban,
  CheckCircle2,
  EyeOff,
  Flag,
  ImageOff,
  RotateCcw,
  ShieldAlert,
  Star,
  StarOff,
  XCircle,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { formatDate, formatPrice } from '../../lib/format';
import { actionFailed } from './action-failed';
import { adActionToasts, useAdAction, useModerationQueue, useUserAction, type AdAction } from './api';
import { EmptyList, ListPlaceholder, LoadMore } from './components/list-states';
import { AccountHistory } from './components/account-history';
import { QueueCard } from './components/queue-card';
import { ReasonDialog } from './components/reason-dialog';
import { ReportedConversationCard } from './reported-conversation-card';

/**
 * The moderation queue: reported, flagged, pending and review-requested ads and reported
 * conversations, most reported first.
 */
export function QueueTab() {
  const queue = useModerationQueue();
  if (!queue.data) {
    return <ListPlaceholder label="the queue" error={queue.error} onRetry={() => void queue.refetch()} />;
  }
  const items = queue.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyList title="Nothing to review">
        Reported and flagged ads and reported conversations will appear here.
      </EmptyList>
    );
  }
  return (
    <section aria-label="Moderation queue">
      <ul className="grid gap-4">
        {items.map((item) =>
          item.kind === 'ad' ? (
            <li key={`ad-${item.ad.id}`}>
              <QueueItemCard item={item} />
            </li>
          ) : (
            <li key={`conversation-${item.conversation.id}`}>
              <ReportedConversationCard item={item} />
            </li>
          ),
        )}
      </ul>
      <LoadMore
        hasNextPage={queue.hasNextPage}
        isFetchingNextPage={queue.isFetchingNextPage}
        onLoadMore={() => void queue.fetchNextPage()}
      />
    </section>
  );
}

function QueueItemCard({ item }: { item: AdQueueItem }) {
  const { ad, seller } = item;
  const headingId = `queue-ad-${ad.id}`;
  return (
    <QueueCard
      headingId={headingId}
      imageUrl={ad.image_url}
      placeholderIcon={ImageOff}
      body={
        <>
          <div>
            <h3 id={headingId} className="text-lg leading-snug font-semibold break-words">
              <Link to={paths.ad(ad.id)} className="hover:text-primary hover:underline">
                {ad.title}
              </Link>
            </h3>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              <span className="font-bold text-primary">{formatPrice(ad.price)}</span>
              <span className="text-muted-foreground">· posted {formatDate(ad.created_at)}</span>
              <AdStatusBadges item={item} />
            </div>
            {ad.hidden_reason ? (
              <p className="mt-2 text-sm break-words">
                <span className="font-medium">Hidden: </span>
                {ad.hidden_reason}
              </p>
            ) : null}
          </div>
          <Reports item={item} />
          {item.flags.length > 0 ? <Flags flags={item.flags} /> : null}
        </>
      }
      aside={
        <aside
          aria-label={`Seller of ${ad.title}`}
          className="col-span-2 self-start rounded-lg bg-muted/60 p-3 text-sm md:col-span-1"
        >
          <p className="font-semibold break-words">{seller.name || seller.email}</p>
          <p className="break-all text-muted-foreground">{seller.email}</p>
          <AccountHistory person={seller} />
        </aside>
      }
    >
      <QueueActions item={item} />
    </QueueCard>
  );
}

function AdStatusBadges({ item }: { item: AdQueueItem }) {
  const { ad } = item;
  return (
    <>
      {ad.status === 'hidden' ? (
        <Badge variant="destructive">
          <EyeOff /> Hidden
        </Badge>
      ) : null}
      {ad.status === 'pending' ? <Badge variant="secondary">Pending</Badge> : null}
      {ad.featured ? (
        <Badge variant="featured">
          <Star className="fill-current" /> Featured
        </Badge>
      ) : null}
      {item.review_requested ? <Badge variant="outline">Review requested</Badge> : null}
    </>
  );
}

function Reports({ item }: { item: AdQueueItem }) {
  if (item.report_count === 0) return null;
  return (
    <div>
      <p className="flex items-center gap-1.5 text-sm font-semibold">
        <Flag className="size-4 text-destructive" aria-hidden="true" />
        {item.report_count} {item.report_count === 1 ? 'report' : 'reports'}
      </p>
      <ul className="mt-1 grid gap-1.5 text-sm">
        {item.reasons.map((reason) => (
          <li key={reason.reason}>
            <span className="font-medium">{adReportReasonLabels[reason.reason]}</span>
            <span className="text-muted-foreground"> × {reason.count}</span>
            {reason.details.length > 0 ? (
              <ul className="mt-1 grid gap-1 border-l-2 pl-3 text-muted-foreground">
                {reason.details.map((detail, index) => (
                  <li key={index} className="break-words">
                    “{detail}”
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Flags({ flags }: { flags: QueueFlag[] }) {
  return (
    <div>
      <p className="flex items-center gap-1.5 text-sm font-semibold">
        <ShieldAlert className="size-4 text-featured-foreground" aria-hidden="true" /> Automatic flags
      </p>
      <ul className="mt-1 grid gap-1 text-sm">
        {flags.map((flag) => (
          <li key={flag.id} className="break-words">
            {adFlagKindLabels[flag.kind]}
            {flag.kind === 'reused_photo' ? (
              flag.matching_ad_id ? (
                <>
                  {' '}
                  ·{' '}
                  <Link
                    to={paths.ad(flag.matching_ad_id)}
                    className="font-medium text-primary hover:underline"
                  >
                    See the matching ad
                  </Link>
                </>
              ) : (
                <span className="text-muted-foreground"> (the matching ad was deleted)</span>
              )
            ) : (
              <>
                : <span className="font-medium">“{flag.term}”</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function QueueActions({ item }: { item: AdQueueItem }) {
  const { ad, seller } = item;
  const adAction = useAdAction();
  const sellerAction = useUserAction(seller.id);
  const [dialog, setDialog] = useState<'hide' | 'suspend' | null>(null);

  function act(action: AdAction, reason?: string) {
    adAction.mutate(
      { adId: ad.id, action, reason },
      {
        onSuccess: () => {
          setDialog(null);
          // Restoring a pending ad is its approval, and the console says so.
          const title =
            action === 'restore' && ad.status === 'pending' ? 'Ad Approved' : adActionToasts[action];
          toast({ title, description: ad.title, variant: 'success' });
        },
        onError: actionFailed,
      },
    );
  }

  function suspendSeller(reason: string) {
    sellerAction.mutate(
      { action: 'suspend', reason },
      {
        onSuccess: () => {
          setDialog(null);
          toast({
            title: 'Seller Suspended',
            description: `${seller.name || seller.email} is signed out and cannot sign in.`,
            variant: 'success',
          });
        },
        onError: actionFailed,
      },
    );
  }

  const isBusy = adAction.isPending || sellerAction.isPending;
  const label = (verb: string) => `${verb} ${ad.title}`;
  return (
    <div className="mt-4 flex flex-wrap gap-2 border-t pt-4">
      <Button
        size="sm"
        variant="outline"
        disabled={isBusy}
        onClick={() => act('dismiss')}
        aria-label={label('Dismiss reports of')}
      >
        <XCircle /> Dismiss
      </Button>
      {ad.status === 'active' ? (
        <Button
          size="sm"
          variant="destructive"
          disabled={isBusy}
          onClick={() => setDialog('hide')}
          aria-label={label('Hide')}
        >
          <EyeOff /> Hide
        </Button>
      ) : (
        <Button
          size="sm"
          disabled={isBusy}
          onClick={() => act('restore')}
          aria-label={label(ad.status === 'pending' ? 'Approve' : 'Restore')}
        >
          {ad.status === 'pending' ? <CheckCircle2 /> : <RotateCcw />}
          {ad.status === 'pending' ? 'Approve' : 'Restore'}
        </Button>
      )}
      {ad.status === 'pending' ? (
        <Button
          size="sm"
          variant="destructive"
          disabled={isBusy}
          onClick={() => setDialog('hide')}
          aria-label={label('Hide')}
        >
          <EyeOff /> Hide
        </Button>
      ) : null}
      {ad.featured ? (
        <Button
          size="sm"
          variant="outline"
          disabled={isBusy}
          onClick={() => act('unfeature')}
          aria-label={label('Unfeature')}
        >
          <StarOff /> Unfeature
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={isBusy || ad.status !== 'active'}
          onClick={() => act('feature')}
          aria-label={label('Feature')}
        >
          <Star /> Feature
        </Button>
      )}
      {seller.suspended ? null : (
        <Button
          size="sm"
          variant="outline"
          className="sm:ml-auto"
          disabled={isBusy}
          onClick={() => setDialog('suspend')}
          aria-label={`Suspend seller ${seller.name || seller.email}`}
        >
          <Ban /> Suspend seller
        </Button>
      )}
      <ReasonDialog
        open={dialog === 'hide'}
        onOpenChange={(open) => setDialog(open ? 'hide' : null)}
        title="Hide this ad"
        description={`“${ad.title}” leaves search and lists and answers Ad Not Found to buyers. The owner sees your reason on their dashboard and can edit the ad and ask for a review.`}
        label="Reason the owner will see"
        confirmLabel="Hide Ad"
        isPending={adAction.isPending}
        onConfirm={(reason) => act('hide', reason)}
      />
      <ReasonDialog
        open={dialog === 'suspend'}
        onOpenChange={(open) => setDialog(open ? 'suspend' : null)}
        title="Suspend this seller"
        description={`${seller.name || seller.email} is signed out everywhere, cannot sign in, and their ads leave public lists. The reports about them in conversations close.`}
        label="Reason for suspending"
        confirmLabel="Suspend Seller"
        isPending={sellerAction.isPending}
        onConfirm={suspendSeller}
      />
    </div>
  );
}

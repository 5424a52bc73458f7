import { isRenewable } from '@bazaar/common/ad-life';
import type { MyAdSummary } from '@bazaar/common/ads';
import { CircleCheck, Clock, RotateCcw } from 'lucide-react';
import type { Ref } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { formatDate } from '../../../lib/format';
import { useAdLifeAction } from '../api';

export type LifeOfAd = Pick<MyAdSummary, 'id' | 'title' | 'status' | 'expires_at' | 'sold_at'>;

/**
 * Where the owner's ad is in its life (issue 14): when an active ad expires, with Renew in
 * its last days (the reminder sends the owner here); an expired one with Renew (it counts
 * against the quota again); a sold one with the day it was sold.
 */
export function AdLifeNotice({
  ad,
  soldNoticeRef,
}: {
  ad: LifeOfAd;
  /** The sold notice's ref: it can take the focus that Mark as sold leaves behind. */
  soldNoticeRef?: Ref<HTMLDivElement>;
}) {
  if (ad.status === 'active' && isRenewable(ad)) {
    return (
      <div className="grid gap-2" role="group" aria-label={`Expiry of ${ad.title}`}>
        <Badge variant="outline" className="w-fit">
          <Clock /> Expires soon
        </Badge>
        <p className="text-xs text-muted-foreground">
          Listed until {formatDate(ad.expires_at)}. Renew it to keep it listed.
        </p>
        <RenewButton ad={ad} />
      </div>
    );
  }
  if (ad.status === 'active') {
    return <p className="text-xs text-muted-foreground">Listed until {formatDate(ad.expires_at)}</p>;
  }
  if (ad.status === 'sold') {
    return (
      <div
        ref={soldNoticeRef}
        role="group"
        aria-label={`Sale of ${ad.title}`}
        tabIndex={soldNoticeRef ? -1 : undefined}
        className="grid gap-1 rounded-md outline-none focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Badge variant="secondary" className="w-fit">
          <CircleCheck /> Sold
        </Badge>
        <p className="text-xs text-muted-foreground">
          Marked sold{ad.sold_at ? ` on ${formatDate(ad.sold_at)}` : ''}. Its page says "Sold" for a week.
        </p>
      </div>
    );
  }
  if (ad.status !== 'expired') return null;
  return (
    <div className="grid gap-2" role="group" aria-label={`Expiry of ${ad.title}`}>
      <Badge variant="secondary" className="w-fit">
        <Clock /> Expired
      </Badge>
      <p className="text-xs text-muted-foreground">
        Expired on {formatDate(ad.expires_at)}. Buyers no longer see it; renew it to list it again.
      </p>
      <RenewButton ad={ad} />
    </div>
  );
}

function RenewButton({ ad }: { ad: LifeOfAd }) {
  const renew = useAdLifeAction('renew');
  function send() {
    renew.mutate(ad.id, {
      onSuccess: (answer) =>
        toast({
          title: 'Ad Renewed',
          description: `It is listed until ${formatDate(answer.expires_at)}.`,
          variant: 'success',
        }),
      onError: (error) =>
        toast({ title: 'Ad Not Renewed', description: error.message, variant: 'destructive' }),
    });
  }
  return (
    <Button size="sm" onClick={send} disabled={renew.isPending} className="w-fit">
      <RotateCcw /> {renew.isPending ? 'Renewing...' : 'Renew'} <span className="sr-only">{ad.title}</span>
    </Button>
  );
}

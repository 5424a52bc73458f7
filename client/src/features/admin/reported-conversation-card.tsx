import type { MessageWarning } from '@bazaar/common/message-safety';
import { DELETED_USER_NAME, reportReasonLabels, type ConversationRole } from '@bazaar/common/messaging';
import type { ConversationQueueItem, SellerHistory, StaffMessage } from '@bazaar/common/moderation';
import { AlertTriangle, Ban, EyeOff, Flag, MessagesSquare, UserSearch, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { cn } from '../../lib/cn';
import { formatDate, formatDateTime } from '../../lib/format';
import { MessageText } from '../messaging/message-text';
import { actionFailed } from './action-failed';
import { useDismissConversation, useEarlierMessages, useUserAction } from './api';
import { AccountHistory } from './components/account-history';
import { QueueCard } from './components/queue-card';
import { ReasonDialog } from './components/reason-dialog';

/** The scam patterns found in a message, as a moderator reads them beside it. */
const warningLabels: Record<MessageWarning, string> = {
  risky_payment: 'Risky payment',
  other_messenger: 'Another messenger',
  lookalike_link: 'Lookalike link',
};

const nameOf = (person: SellerHistory | null) => (person ? person.name || person.email : DELETED_USER_NAME);

/**
 * A reported conversation in the queue (decision 0017): who reported whom, when and why, the
 * ad it is about, the reported person with their history, and the newest messages (older ones
 * on demand). Staff dismiss the reports or suspend the reported person.
 */
export function ReportedConversationCard({ item }: { item: ConversationQueueItem }) {
  const { conversation } = item;
  const { ad } = conversation;
  const headingId = `queue-conversation-${conversation.id}`;
  const people: Record<ConversationRole, SellerHistory | null> = { buyer: item.buyer, seller: item.seller };
  // The people the open reports are about, each once (both, when they reported each other).
  const reportedRoles = [...new Set(item.reports.map((report) => report.reported_role))].filter(
    (role): role is ConversationRole => role !== null,
  );
  return (
    <QueueCard
      headingId={headingId}
      imageUrl={ad.image_url}
      placeholderIcon={MessagesSquare}
      body={
        <>
          <div>
            <h3 id={headingId} className="text-lg leading-snug font-semibold break-words">
              Conversation about{' '}
              {ad.id ? (
                <Link to={paths.ad(ad.id)} className="hover:text-primary hover:underline">
                  {ad.title}
                </Link>
              ) : (
                ad.title
              )}
            </h3>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              <Badge variant="outline">
                <MessagesSquare /> Messages
              </Badge>
              <span className="text-muted-foreground">
                {nameOf(item.buyer)} (buyer) and {nameOf(item.seller)} (seller) · started{' '}
                {formatDate(conversation.created_at)}
              </span>
              {ad.id === null ? <Badge variant="secondary">Ad deleted</Badge> : null}
              {ad.status === 'hidden' ? (
                <Badge variant="destructive">
                  <EyeOff /> Ad hidden
                </Badge>
              ) : null}
            </div>
          </div>
          <Reports item={item} people={people} />
        </>
      }
      aside={
        reportedRoles.length > 0 ? (
          <div className="col-span-2 grid content-start gap-3 self-start md:col-span-1">
            {reportedRoles.map((role) => (
              <ReportedPerson key={role} role={role} person={people[role]} />
            ))}
          </div>
        ) : null
      }
    >
      <Transcript item={item} people={people} />
      <ConversationActions item={item} people={people} reportedRoles={reportedRoles} />
    </QueueCard>
  );
}

function Reports({
  item,
  people,
}: {
  item: ConversationQueueItem;
  people: Record<ConversationRole, SellerHistory | null>;
}) {
  return (
    <div>
      <p className="flex items-center gap-1.5 text-sm font-semibold">
        <Flag className="size-4 text-destructive" aria-hidden="true" />
        {item.report_count} {item.report_count === 1 ? 'report' : 'reports'}
      </p>
      <ul className="mt-1 grid gap-1.5 text-sm">
        {item.reports.map((report) => (
          <li key={report.id} className="break-words">
            <span className="font-medium">{reportReasonLabels[report.reason]}</span>
            <span className="text-muted-foreground">
              {' '}
              · reported by{' '}
              {report.reporter_role
                ? `${nameOf(people[report.reporter_role])} (${report.reporter_role})`
                : DELETED_USER_NAME}{' '}
              on <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
            </span>
            {report.details ? (
              <p className="mt-1 border-l-2 pl-3 text-muted-foreground">“{report.details}”</p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The person a report is about, with the history a moderator weighs, and where to find them. */
function ReportedPerson({ role, person }: { role: ConversationRole; person: SellerHistory | null }) {
  const id = useId();
  return (
    // A group, not a landmark: the same person may be reported in several conversations.
    <div
      role="group"
      aria-labelledby={`${id}-title ${id}-name`}
      className="rounded-lg bg-muted/60 p-3 text-sm"
    >
      <p id={`${id}-title`} className="text-xs font-semibold text-muted-foreground uppercase">
        Reported {role}
      </p>
      <p id={`${id}-name`} className="font-semibold break-words">
        {nameOf(person)}
      </p>
      {person ? (
        <>
          <p className="break-all text-muted-foreground">{person.email}</p>
          <AccountHistory person={person} />
          <Link
            to={`${paths.admin}?tab=users&q=${encodeURIComponent(person.email)}`}
            className="mt-2 flex w-fit items-center gap-1.5 font-medium text-primary hover:underline"
          >
            <UserSearch className="size-4" aria-hidden="true" /> Open in Users
          </Link>
        </>
      ) : (
        <p className="text-muted-foreground">The account was deleted.</p>
      )}
    </div>
  );
}

/** The newest messages, oldest first, and older ones a page at a time. */
function Transcript({
  item,
  people,
}: {
  item: ConversationQueueItem;
  people: Record<ConversationRole, SellerHistory | null>;
}) {
  const titleId = useId();
  const [wantsEarlier, setWantsEarlier] = useState(false);
  const oldest = item.messages[0];
  const earlier = useEarlierMessages(item.conversation.id, oldest?.id ?? '', wantsEarlier);
  // Pages arrive newest first, each oldest to newest.
  const earlierMessages = [...(earlier.data?.pages ?? [])].reverse().flatMap((page) => page.messages);
  const canShowEarlier = wantsEarlier ? earlier.hasNextPage : item.has_earlier_messages;
  return (
    <div className="mt-4 border-t pt-4">
      <h4 id={titleId} className="text-sm font-semibold">
        Messages
      </h4>
      {item.messages.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">No messages.</p>
      ) : (
        <>
          {canShowEarlier || earlier.isFetching ? (
            <div className="mt-2 flex justify-center">
              <Button
                size="sm"
                variant="outline"
                disabled={earlier.isFetching}
                onClick={() => (wantsEarlier ? void earlier.fetchNextPage() : setWantsEarlier(true))}
              >
                {earlier.isFetching ? 'Loading...' : 'Show earlier messages'}
              </Button>
            </div>
          ) : null}
          {earlier.isError ? (
            <p role="alert" className="mt-2 text-center text-sm text-destructive">
              {earlier.error.message}
            </p>
          ) : null}
          {/* Scrolls on its own, so it takes the keyboard's focus too. */}
          <ol
            aria-labelledby={titleId}
            tabIndex={0}
            className="mt-2 grid max-h-96 grid-cols-1 gap-3 overflow-y-auto rounded-lg border bg-background p-3 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
          >
            {[...earlierMessages, ...item.messages].map((message) => (
              <StaffMessageItem key={message.id} message={message} sender={people[message.sender_role]} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

function StaffMessageItem({ message, sender }: { message: StaffMessage; sender: SellerHistory | null }) {
  const isSeller = message.sender_role === 'seller';
  return (
    <li className={cn('flex flex-col', isSeller ? 'items-end' : 'items-start')}>
      <p className="text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{nameOf(sender)}</span> ({message.sender_role}) ·{' '}
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
      </p>
      <div
        className={cn(
          'mt-0.5 max-w-[85%] rounded-2xl px-3 py-2 text-sm wrap-anywhere whitespace-pre-wrap',
          isSeller ? 'bg-primary/10' : 'bg-muted',
        )}
      >
        <MessageText body={message.body} />
      </div>
      {message.warnings.length > 0 ? (
        <p className="mt-1 flex flex-wrap gap-1">
          {message.warnings.map((warning) => (
            <Badge key={warning} variant="outline" className="border-warning/60">
              <AlertTriangle aria-hidden="true" /> {warningLabels[warning]}
            </Badge>
          ))}
        </p>
      ) : null}
    </li>
  );
}

function ConversationActions({
  item,
  people,
  reportedRoles,
}: {
  item: ConversationQueueItem;
  people: Record<ConversationRole, SellerHistory | null>;
  reportedRoles: ConversationRole[];
}) {
  const dismiss = useDismissConversation();
  const title = item.conversation.ad.title;
  return (
    <div className="mt-4 flex flex-wrap gap-2 border-t pt-4">
      <Button
        size="sm"
        variant="outline"
        disabled={dismiss.isPending}
        onClick={() =>
          dismiss.mutate(item.conversation.id, {
            onSuccess: () =>
              toast({
                title: 'Reports Dismissed',
                description: `Conversation about ${title}`,
                variant: 'success',
              }),
            onError: actionFailed,
          })
        }
        aria-label={`Dismiss reports of conversation about ${title}`}
      >
        <XCircle /> Dismiss
      </Button>
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        {reportedRoles.map((role) => {
          const person = people[role];
          return person && !person.suspended ? (
            <SuspendButton key={role} role={role} person={person} />
          ) : null;
        })}
      </div>
    </div>
  );
}

/** Suspends the reported person: the reports about them in conversations close with it. */
function SuspendButton({ role, person }: { role: ConversationRole; person: SellerHistory }) {
  const change = useUserAction(person.id);
  const [isOpen, setOpen] = useState(false);
  const name = nameOf(person);
  const Role = role === 'buyer' ? 'Buyer' : 'Seller';
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        disabled={change.isPending}
        onClick={() => setOpen(true)}
        aria-label={`Suspend ${role} ${name}`}
      >
        <Ban /> Suspend {role}
      </Button>
      <ReasonDialog
        open={isOpen}
        onOpenChange={setOpen}
        title={`Suspend this ${role}`}
        description={`${name} is signed out everywhere, cannot sign in, and their ads leave public lists. The reports about them in conversations close.`}
        label="Reason for suspending"
        confirmLabel={`Suspend ${Role}`}
        isPending={change.isPending}
        onConfirm={(reason) =>
          change.mutate(
            { action: 'suspend', reason },
            {
              onSuccess: () => {
                setOpen(false);
                toast({
                  title: `${Role} Suspended`,
                  description: `${name} is signed out and cannot sign in.`,
                  variant: 'success',
                });
              },
              onError: actionFailed,
            },
          )
        }
      />
    </>
  );
}

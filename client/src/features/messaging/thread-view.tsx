import { messageWarningTexts } from '@bazaar/common/message-safety';
import {
  AD_UNAVAILABLE_TEXT,
  DELETED_USER_NAME,
  reportReasonLabels,
  reportReasonSchema,
  type ConversationDetail,
  type Message,
  type ReportReason,
} from '@bazaar/common/messaging';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, Ban, Check, CheckCheck, Flag } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { ActionDialog } from '../../components/action-dialog';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Skeleton } from '../../components/ui/skeleton';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { isNotFoundError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useSignedInUser } from '../auth/require-sign-in';
import { useLiveEvent, useLiveResync } from '../live/live-provider';
import {
  messagingKeys,
  refreshReadStates,
  threadMessages,
  useConversation,
  useMarkConversationRead,
  useReportConversation,
  useSendMessage,
  useSetBlocked,
  useThreadCatchUp,
  useThreadMessages,
} from './api';
import { formatMessageTime } from './format-message-time';
import { MessageComposer } from './message-composer';
import { MessageText } from './message-text';
import { SafetyTips } from './safety-tips';

/** One conversation: its ad and people, the messages (older ones on demand), the composer. */
export function ThreadView({ id }: { id: string }) {
  const conversation = useConversation(id);
  if (conversation.isPending) return <Skeleton className="h-96" />;
  if (conversation.isError) {
    const isMissing = isNotFoundError(conversation.error);
    return (
      <div className="py-16 text-center">
        <h2 className="text-xl font-bold">
          {isMissing ? 'Conversation Not Found' : 'Error loading messages'}
        </h2>
        <p className="mt-2 text-muted-foreground">
          {isMissing ? 'This conversation does not exist.' : conversation.error.message}
        </p>
        <Button asChild variant="outline" className="mt-6">
          <Link to={paths.messages}>Back to Messages</Link>
        </Button>
      </div>
    );
  }
  return <Thread conversation={conversation.data} />;
}

function Thread({ conversation }: { conversation: ConversationDetail }) {
  const { id } = conversation;
  const queryClient = useQueryClient();
  const thread = useThreadMessages(id);
  const messages = threadMessages(thread.data);
  useThreadCatchUp(id, thread.isSuccess);
  useLiveResync(messagingKeys.catchUp(id));
  useLiveEvent('message', (data) => {
    if (data.conversation_id === id)
      void queryClient.invalidateQueries({ queryKey: messagingKeys.catchUp(id) });
  });
  useLiveEvent('conversation_read', (data) => {
    if (data.conversation_id === id) void refreshReadStates(queryClient, id);
  });
  // Blocked or unblocked by the other person: whether this side can reply changed.
  useLiveEvent('conversation_changed', (data) => {
    if (data.conversation_id === id)
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversation(id) });
  });
  useMarkReadWhenShown(conversation, messages);

  const send = useSendMessage(id);
  const { user } = useSignedInUser();
  const otherName = conversation.other_person.name ?? DELETED_USER_NAME;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
      <section aria-labelledby="thread-heading" className="flex min-w-0 flex-col rounded-lg border bg-card">
        <header className="flex flex-wrap items-center gap-3 border-b p-3">
          <Button asChild variant="ghost" size="icon" className="md:hidden" aria-label="Back to Messages">
            <Link to={paths.messages}>
              <ArrowLeft />
            </Link>
          </Button>
          <div className="min-w-0 flex-1">
            <h2 id="thread-heading" className="truncate font-semibold">
              {otherName}
            </h2>
            <p className="truncate text-sm text-muted-foreground">
              {conversation.ad.is_available && conversation.ad.id ? (
                <Link to={paths.ad(conversation.ad.id)} className="hover:underline">
                  {conversation.ad.title}
                </Link>
              ) : (
                <>
                  {conversation.ad.title} · <span>{AD_UNAVAILABLE_TEXT}</span>
                </>
              )}
            </p>
          </div>
          <ThreadActions conversation={conversation} />
        </header>

        <MessageList
          messages={messages}
          hasOlder={thread.hasNextPage}
          isLoadingOlder={thread.isFetchingNextPage}
          onLoadOlder={() => void thread.fetchNextPage()}
          isPending={thread.isPending}
        />

        <div className="border-t p-3">
          {conversation.can_reply ? (
            <MessageComposer
              label={`Message to ${otherName}`}
              draftKey={`${user.id}:conversation:${conversation.id}`}
              isSending={send.isPending}
              isWaitingForNetwork={send.isPaused}
              onSend={(body) =>
                send.mutateAsync(body, {
                  onError: (error) =>
                    toast({ title: 'Message not sent', description: error.message, variant: 'destructive' }),
                })
              }
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              {conversation.is_blocked_by_me
                ? 'You blocked this person. Unblock them to write again.'
                : conversation.other_person.id
                  ? "You can't reply in this conversation."
                  : 'This person has deleted their account.'}
            </p>
          )}
        </div>
      </section>
      <SafetyTips className="h-fit" />
    </div>
  );
}

/** Opening a thread reads it: once per new message of the other person. */
function useMarkReadWhenShown(conversation: ConversationDetail, messages: Message[]) {
  const markRead = useMarkConversationRead(conversation.id);
  const newestFromThem = messages.filter((message) => !message.is_mine).at(-1)?.id;
  const markedFor = useRef<string | undefined>(undefined);
  const { mutate } = markRead;
  const hasUnread = conversation.unread_count > 0;
  useEffect(() => {
    if (!newestFromThem && !hasUnread) return;
    if (markedFor.current === newestFromThem && !hasUnread) return;
    markedFor.current = newestFromThem;
    mutate();
  }, [newestFromThem, hasUnread, mutate]);
}

function MessageList({
  messages,
  hasOlder,
  isLoadingOlder,
  onLoadOlder,
  isPending,
}: {
  messages: Message[];
  hasOlder: boolean;
  isLoadingOlder: boolean;
  onLoadOlder: () => void;
  isPending: boolean;
}) {
  const end = useRef<HTMLLIElement>(null);
  const newest = messages.at(-1);
  const newestId = newest?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [newestId]);
  // The newest message when the thread was first shown: those that arrive after it are said.
  const [openedAt, setOpenedAt] = useState<string | undefined | null>(null);
  if (!isPending && openedAt === null) setOpenedAt(newestId);
  const arrived = newest && !newest.is_mine && openedAt !== null && newestId !== openedAt ? newest : null;

  if (isPending) return <Skeleton className="m-3 h-64" />;
  return (
    <div className="max-h-[60vh] min-h-64 overflow-y-auto p-3">
      {hasOlder ? (
        <div className="mb-3 text-center">
          <Button variant="outline" size="sm" onClick={onLoadOlder} disabled={isLoadingOlder}>
            {isLoadingOlder ? 'Loading...' : 'Load older messages'}
          </Button>
        </div>
      ) : null}
      <ol aria-label="Messages" className="space-y-3">
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
      {/* A message that comes in while the thread is open is said, not only drawn. */}
      <p role="status" className="sr-only">
        {arrived ? `New message: ${arrived.body}` : ''}
      </p>
    </div>
  );
}

function MessageItem({ message }: { message: Message }) {
  return (
    <li className={cn('flex flex-col', message.is_mine ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
          message.is_mine ? 'bg-primary text-primary-foreground' : 'bg-muted',
        )}
      >
        <MessageText body={message.body} />
      </div>
      {message.warnings.map((warning) => (
        <p
          key={warning}
          role="note"
          className="mt-1 flex max-w-[85%] items-start gap-1.5 rounded-md border border-warning/40 bg-warning/10 px-2 py-1 text-xs"
        >
          <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          {messageWarningTexts[warning]}
        </p>
      ))}
      <p className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground">
        <time dateTime={message.created_at}>{formatMessageTime(message.created_at)}</time>
        {message.is_mine ? (
          <>
            {' · '}
            {message.is_read ? (
              <CheckCheck className="size-3.5" aria-hidden="true" />
            ) : (
              <Check className="size-3.5" aria-hidden="true" />
            )}
            <span>{message.is_read ? 'Read' : 'Sent'}</span>
          </>
        ) : null}
      </p>
    </li>
  );
}

function ThreadActions({ conversation }: { conversation: ConversationDetail }) {
  const canBlock = conversation.other_person.id !== null;
  return (
    <div className="flex gap-2">
      {canBlock ? <BlockButton conversation={conversation} /> : null}
      <ReportButton conversation={conversation} />
    </div>
  );
}

/** Blocking asks first (it ends the conversation for both); unblocking is done at once. */
function BlockButton({ conversation }: { conversation: ConversationDetail }) {
  const [isOpen, setOpen] = useState(false);
  const setBlocked = useSetBlocked(conversation.id);
  const isBlocked = conversation.is_blocked_by_me;

  function changeBlock() {
    setBlocked.mutate(!isBlocked, {
      onSuccess: ({ is_blocked_by_me: isNowBlocked }) => {
        setOpen(false);
        toast({
          title: isNowBlocked ? 'Blocked' : 'Unblocked',
          description: isNowBlocked
            ? 'Neither of you can send messages to the other now.'
            : 'You can write to each other again.',
        });
      },
      onError: (error) =>
        toast({ title: 'Something went wrong', description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <ActionDialog
      open={isOpen}
      onOpenChange={setOpen}
      trigger={
        <Button
          variant="outline"
          size="sm"
          disabled={setBlocked.isPending}
          // Unblocking needs no question: the press does it instead of opening the dialog.
          onClick={
            isBlocked
              ? (event) => {
                  event.preventDefault();
                  changeBlock();
                }
              : undefined
          }
        >
          <Ban />
          <span className="sr-only sm:not-sr-only">{isBlocked ? 'Unblock' : 'Block'}</span>
        </Button>
      }
      title={`Block ${conversation.other_person.name}?`}
      description="Neither of you will be able to send messages to the other. You can unblock them here later."
      cancelLabel="Cancel"
      action={{
        label: 'Block',
        pendingLabel: 'Blocking...',
        isPending: setBlocked.isPending,
        variant: 'destructive',
        onClick: changeBlock,
      }}
    />
  );
}

function ReportButton({ conversation }: { conversation: ConversationDetail }) {
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('scam');
  const [details, setDetails] = useState('');
  const report = useReportConversation(conversation.id);

  function submit() {
    report.mutate(
      { reason, details },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: 'Report sent', description: 'Thank you. Our team will look at this conversation.' });
        },
        onError: (error) =>
          toast({ title: 'Report not sent', description: error.message, variant: 'destructive' }),
      },
    );
  }

  return (
    <ActionDialog
      open={isOpen}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm">
          <Flag />
          <span className="sr-only sm:not-sr-only">
            {conversation.is_reported_by_me ? 'Reported' : 'Report'}
          </span>
        </Button>
      }
      title="Report this conversation"
      description="Our moderators will read it. The other person is not told."
      cancelLabel="Cancel"
      action={{
        label: 'Send Report',
        pendingLabel: 'Sending...',
        isPending: report.isPending,
        variant: 'destructive',
        onClick: submit,
      }}
    >
      <div className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor="report-reason">Reason</Label>
          <select
            id="report-reason"
            value={reason}
            onChange={(event) => setReason(reportReasonSchema.parse(event.target.value))}
            className="flex h-9 w-full rounded-md border border-input bg-card px-3 text-sm"
          >
            {reportReasonSchema.options.map((option) => (
              <option key={option} value={option}>
                {reportReasonLabels[option]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-2">
          <Label htmlFor="report-details">Details (optional)</Label>
          <Textarea
            id="report-details"
            value={details}
            maxLength={1000}
            onChange={(event) => setDetails(event.target.value)}
          />
        </div>
      </div>
    </ActionDialog>
  );
}

import { AD_UNAVAILABLE_TEXT, DELETED_USER_NAME, type ConversationSummary } from '@bazaar/common/messaging';
import { ImageIcon, MessageCircle } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { usePageMeta } from '../../lib/page-meta';
import { useInbox } from './api';
import { formatMessageTime } from './format-message-time';
import { ThreadView } from './thread-view';

/**
 * /messages and /messages/{id} (issue 12): the inbox beside the open thread on wide screens;
 * on a phone, the inbox and the thread are separate screens.
 */
export function MessagesPage() {
  const { id } = useParams();
  usePageMeta('Messages', 'Your conversations with buyers and sellers on Bazaar.');
  // With no conversation at all, the inbox says so across the page: there is nothing to choose.
  const hasNone = useInbox().data?.pages[0]?.conversations.length === 0;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className={cn('text-2xl font-bold tracking-tight', id && 'sr-only md:not-sr-only')}>Messages</h1>
      <div className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-[20rem_minmax(0,1fr)]">
        <section
          aria-label="Conversations"
          className={cn(id && 'hidden md:block', hasNone && !id && 'md:col-span-2')}
        >
          <Inbox activeId={id} />
        </section>
        {id ? (
          <div className="min-w-0">
            <ThreadView key={id} id={id} />
          </div>
        ) : hasNone ? null : (
          <div className="hidden h-64 flex-col items-center justify-center rounded-lg border border-dashed text-center text-muted-foreground md:flex">
            <MessageCircle className="size-8" aria-hidden="true" />
            <p className="mt-2">Choose a conversation to read it.</p>
          </div>
        )}
      </div>
    </div>
  );
}

function Inbox({ activeId }: { activeId?: string }) {
  const inbox = useInbox();
  if (inbox.isPending) return <Skeleton className="h-64" />;
  if (inbox.isError) return <p className="text-destructive">{inbox.error.message}</p>;
  const conversations = inbox.data.pages.flatMap((page) => page.conversations);
  if (conversations.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
        No messages yet. Ask a seller about an ad with Send Message on its page.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="divide-y rounded-lg border bg-card">
        {conversations.map((conversation) => (
          <li key={conversation.id}>
            <InboxItem conversation={conversation} isActive={conversation.id === activeId} />
          </li>
        ))}
      </ul>
      {inbox.hasNextPage ? (
        <Button
          variant="outline"
          className="w-full"
          onClick={() => void inbox.fetchNextPage()}
          disabled={inbox.isFetchingNextPage}
        >
          {inbox.isFetchingNextPage ? 'Loading...' : 'Load more conversations'}
        </Button>
      ) : null}
    </div>
  );
}

function InboxItem({ conversation, isActive }: { conversation: ConversationSummary; isActive: boolean }) {
  const name = conversation.other_person.name ?? DELETED_USER_NAME;
  const { last_message: last, unread_count: unread } = conversation;
  return (
    <Link
      to={paths.conversation(conversation.id)}
      aria-current={isActive ? 'page' : undefined}
      className={cn('flex gap-3 p-3 hover:bg-accent/60', isActive && 'bg-accent')}
    >
      {conversation.ad.image_url ? (
        <img src={conversation.ad.image_url} alt="" className="size-14 shrink-0 rounded-md object-cover" />
      ) : (
        <span className="flex size-14 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <ImageIcon className="size-6" aria-hidden="true" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate', unread > 0 ? 'font-semibold' : 'font-medium')}>{name}</span>
          <time dateTime={conversation.last_message_at} className="shrink-0 text-xs text-muted-foreground">
            {formatMessageTime(conversation.last_message_at)}
          </time>
        </span>
        <span className="block truncate text-sm text-muted-foreground">
          {conversation.ad.title}
          {conversation.ad.is_available ? '' : ` · ${AD_UNAVAILABLE_TEXT}`}
        </span>
        <span className="flex items-center justify-between gap-2">
          <span className="truncate text-sm">
            {last ? `${last.is_mine ? 'You: ' : ''}${last.preview}` : ''}
          </span>
          {unread > 0 ? (
            <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
              {unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}

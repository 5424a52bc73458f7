import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useUnreadMessages } from './api';
import { useMessagingLiveUpdates } from './use-messaging-live';

/**
 * The header's Messages icon (issue 12) with the unread count, kept current by live events
 * in every tab. Its accessible name starts with "Messages" and says the count.
 */
export function MessagesButton() {
  useMessagingLiveUpdates();
  const { data: unread = 0 } = useUnreadMessages(true);
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages';
  return (
    <Button variant="ghost" size="icon" className="relative" aria-label={label} asChild>
      <Link to={paths.messages}>
        <MessageCircle />
        <UnreadMessagesCount className="absolute -top-0.5 -right-0.5" />
      </Link>
    </Button>
  );
}

/** The unread messages as a badge (nothing when there are none), read out as "2 unread". */
export function UnreadMessagesCount({ className }: { className?: string }) {
  const { data: unread = 0 } = useUnreadMessages(true);
  if (unread === 0) return null;
  return (
    <span
      className={cn(
        'flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold text-white',
        className,
      )}
    >
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> unread</span>
    </span>
  );
}

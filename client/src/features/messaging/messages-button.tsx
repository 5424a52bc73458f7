import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
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
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}

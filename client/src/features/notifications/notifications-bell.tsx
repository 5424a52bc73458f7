import type { Notification, NotificationKind } from '@bazaar/common/notifications';
import { useQueryClient } from '@tanstack/react-query';
import {
  BadgeCheck,
  Bell,
  BellRing,
  CircleAlert,
  Clock,
  CreditCard,
  Heart,
  MessageCircle,
  ShieldAlert,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../components/ui/popover';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useLiveEvent, useLiveResync } from '../live/live-provider';
import {
  notificationKeys,
  refreshNotifications,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  useUnreadNotifications,
} from './api';
import { formatNotificationTime } from './format-notification-time';

const kindIcons: Record<NotificationKind, LucideIcon> = {
  message: MessageCircle,
  ad_favorited: Heart,
  payment_confirmed: CreditCard,
  payment_renewed: CreditCard,
  payment_failed: CircleAlert,
  feature_purchased: Sparkles,
  feature_ended: Sparkles,
  trial_ending: Clock,
  plan_ending: Clock,
  ad_expiring: Clock,
  saved_search_match: BellRing,
  ad_hidden: ShieldAlert,
  ad_restored: BadgeCheck,
  ad_approved: BadgeCheck,
  account_suspended: ShieldAlert,
};

/** Keeps the bell current from live events, and refetches it after a reconnect. */
function useNotificationsLiveUpdates() {
  const queryClient = useQueryClient();
  useLiveEvent('notification', () => refreshNotifications(queryClient));
  useLiveResync(notificationKeys.unread);
  useLiveResync(notificationKeys.list);
}

/**
 * The header's bell (issue 12): the unread count in its badge and accessible name
 * ("Notifications, 3 unread"), and a popover with the recent notifications, each a link that
 * marks it read, and "Mark all as read". Live like the Messages icon.
 */
export function NotificationsBell() {
  useNotificationsLiveUpdates();
  const [isOpen, setOpen] = useState(false);
  const headingId = useId();
  const { data: unread = 0 } = useUnreadNotifications();
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Popover open={isOpen} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={label}>
          <Bell />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] font-semibold text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        aria-labelledby={headingId}
        className="flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col"
      >
        <NotificationsPanel headingId={headingId} unread={unread} onClose={() => setOpen(false)} />
      </PopoverContent>
    </Popover>
  );
}

function NotificationsPanel({
  headingId,
  unread,
  onClose,
}: {
  headingId: string;
  unread: number;
  onClose: () => void;
}) {
  const list = useNotifications(true);
  const markAll = useMarkAllNotificationsRead();
  const markOne = useMarkNotificationRead();
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const now = new Date();

  const open = (notification: Notification) => {
    if (!notification.is_read) markOne.mutate(notification.id);
    onClose();
  };

  return (
    <div className="flex min-h-0 flex-col">
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 id={headingId} className="text-sm font-semibold">
          Notifications
        </h2>
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </Button>
      </div>
      <div className="min-h-0 overflow-y-auto">
        {list.isPending ? (
          <div className="space-y-3 p-4" aria-label="Loading notifications">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : list.isError ? (
          <p role="alert" className="p-4 text-sm text-muted-foreground">
            {list.error.message}
          </p>
        ) : notifications.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">You have no notifications yet.</p>
        ) : (
          <ul className="divide-y">
            {notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  time={formatNotificationTime(notification.created_at, now)}
                  onOpen={() => open(notification)}
                />
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <div className="border-t p-2 text-center">
            <Button
              variant="ghost"
              size="sm"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Loading…' : 'Show older'}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function NotificationItem({
  notification,
  time,
  onOpen,
}: {
  notification: Notification;
  time: string;
  onOpen: () => void;
}) {
  const Icon = kindIcons[notification.kind] ?? Bell;
  const isUnread = !notification.is_read;
  const content = (
    <>
      <span
        aria-hidden="true"
        className={cn(
          'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
          isUnread ? 'bg-primary/10 text-primary' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        {isUnread ? <span className="sr-only">Unread: </span> : null}
        <span className={cn('block text-sm break-words', isUnread ? 'font-medium' : 'text-muted-foreground')}>
          {notification.title}
        </span>
        <span className="mt-0.5 block text-xs text-muted-foreground">
          <time dateTime={notification.created_at}>{time}</time>
        </span>
      </span>
      {isUnread ? <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-primary" /> : null}
    </>
  );
  const className = cn(
    'flex w-full gap-3 px-4 py-3 text-left outline-none focus-visible:outline-hidden hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
    isUnread && 'bg-primary/5',
  );
  return notification.link ? (
    <Link to={notification.link} className={className} onClick={onOpen}>
      {content}
    </Link>
  ) : (
    <button type="button" className={className} onClick={onOpen}>
      {content}
    </button>
  );
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** When a notification came: "Just now", "5 min ago", "3 h ago", then the day. */
export function formatNotificationTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const ago = now.getTime() - date.getTime();
  if (ago < MINUTE_MS) return 'Just now';
  if (ago < HOUR_MS) return `${Math.floor(ago / MINUTE_MS)} min ago`;
  if (ago < 24 * HOUR_MS) return `${Math.floor(ago / HOUR_MS)} h ago`;
  return date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: date.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  });
}

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** "within an hour", "within 3 hours", "within 2 days": a seller's typical first reply, rounded up. */
export function describeResponseTime(seconds: number): string {
  if (seconds <= HOUR) return 'within an hour';
  if (seconds <= DAY) return `within ${Math.ceil(seconds / HOUR)} hours`;
  return `within ${Math.ceil(seconds / DAY)} days`;
}

import { formatDate, formatUtcDate } from './format';
import { useIsHydrated } from './hydration';

/**
 * Days and years in the reader's time zone, except in the server's HTML and while the browser
 * hydrates it, where they are in UTC on both (decision 0025): the server cannot know the
 * reader's zone, and a hydration must render what the server did. React renders the reader's
 * dates right after hydrating; a page rendered in the browser has them from the start.
 */
export function useReaderDates() {
  const isHydrated = useIsHydrated();
  return {
    /** "Mar 2, 2024". */
    day: (iso: string) => (isHydrated ? formatDate(iso) : formatUtcDate(iso)),
    year: (iso: string) => (isHydrated ? new Date(iso).getFullYear() : new Date(iso).getUTCFullYear()),
  };
}

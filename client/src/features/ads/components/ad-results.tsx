import type { AdListResponse } from '@bazaar/common/ads';
import type { AdSearchCriteria } from '@bazaar/common/search-criteria';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { apiRequest } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { adApiPaths, adKeys } from '../api';
import { AdCard, type AdCardVariant } from './ad-card';
import { formatNumber } from '../../../lib/format';

/** The cards a phone or a desktop shows before scrolling, whose photos are loaded at once. */
const FIRST_SCREEN_CARDS = 4;

/**
 * Search results, 12 at a time, from the first or after the cursor the address starts them
 * after (usePageStart, LoadMore's way without scripts); `fetchNextPage` loads the next page.
 */
export function useAdSearch(criteria: AdSearchCriteria) {
  const after = usePageStart();
  return useInfiniteQuery({
    queryKey: adKeys.search(criteria, after),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<AdListResponse>(adApiPaths.search(criteria, pageParam), { signal }),
    initialPageParam: after,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

type SearchResult = ReturnType<typeof useAdSearch>;

/** 'N ads found', or 'N+ ads found' when the server stopped counting (see SEARCH_COUNT_CAP). */
export function foundLine(search: SearchResult): string {
  if (search.isPending) return 'Searching...';
  const total = search.data?.pages[0]?.total;
  if (!total) return '';
  return `${formatNumber(total.count)}${total.is_capped ? '+' : ''} ads found`;
}

/** Search results as a grid or list, with the next page on request and an empty state. */
export function AdResults({
  search,
  mode,
  loadMoreLabel,
  empty,
}: {
  search: SearchResult;
  mode: AdCardVariant;
  loadMoreLabel: string;
  empty: ReactNode;
}) {
  const failure = search.isError ? search.error.message : null;
  const headingId = useId();
  useEffect(() => {
    // Spec §8: a failed fetch of ads is announced.
    if (failure) toast({ title: 'Error fetching ads', description: failure, variant: 'destructive' });
  }, [failure]);

  if (search.isPending) {
    return (
      <div className={layoutOf(mode)} aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton
            key={index}
            className={mode === 'grid' ? 'aspect-[4/5] w-full rounded-xl' : 'h-32 w-full rounded-xl'}
          />
        ))}
      </div>
    );
  }
  if (search.isError) {
    return (
      <div role="alert" className="rounded-xl border border-destructive/40 bg-card p-6 text-center">
        <p className="font-semibold">Error fetching ads</p>
        <p className="mt-1 text-sm text-muted-foreground">{search.error.message}</p>
        <Button variant="outline" className="mt-4" onClick={() => void search.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const ads = search.data.pages.flatMap((page) => page.ads);
  if (ads.length === 0) return <>{empty}</>;
  const nextCursor = search.data.pages.at(-1)?.next_cursor;
  return (
    <div className="space-y-6">
      {/* The cards' titles are h3: a heading for the list between them and the page's h1. */}
      <h2 id={headingId} className="sr-only">
        Ads
      </h2>
      <ul className={layoutOf(mode)} aria-labelledby={headingId}>
        {ads.map((ad, index) => (
          <li key={ad.id} className="min-w-0">
            <AdCard ad={ad} variant={mode} eager={index < FIRST_SCREEN_CARDS} />
          </li>
        ))}
      </ul>
      {nextCursor ? (
        <LoadMore
          cursor={nextCursor}
          isLoading={search.isFetchingNextPage}
          onLoad={() => void search.fetchNextPage()}
        >
          {loadMoreLabel}
        </LoadMore>
      ) : null}
    </div>
  );
}

function layoutOf(mode: AdCardVariant): string {
  return cn(
    'grid gap-4',
    // Two columns even on a phone, so a screen shows more than one ad.
    mode === 'grid' ? 'grid-cols-2 xl:grid-cols-3' : 'grid-cols-1',
  );
}

/** The address parameter a list's page starts after: where "Load more" goes without scripts. */
const PAGE_START_PARAM = 'after';

/** The cursor a list's first page starts after, read from the page's query string ('' for none). */
export function pageStartOf(search: URLSearchParams): string {
  return search.get(PAGE_START_PARAM) ?? '';
}

/** `pageStartOf` of the page's address. */
export function usePageStart(): string {
  return pageStartOf(new URLSearchParams(useLocation().search));
}

/**
 * A list's "Load more" (issue 15): with scripts, the next page below the others; where no
 * script runs (yet), a GET form to the same address starting after `cursor`, so the rest of the
 * results can be reached there too. The page reads that start with `usePageStart`.
 */
export function LoadMore({
  cursor,
  isLoading,
  onLoad,
  children,
}: {
  cursor: string;
  isLoading: boolean;
  onLoad: () => void;
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== PAGE_START_PARAM);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onLoad();
  }

  return (
    <form action={pathname} method="get" onSubmit={submit} className="flex justify-center">
      {kept.map(([name, value], index) => (
        <input key={index} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={PAGE_START_PARAM} value={cursor} />
      <Button type="submit" variant="outline" size="lg" disabled={isLoading}>
        {isLoading ? <Loader2 className="animate-spin" /> : null}
        {children}
      </Button>
    </form>
  );
}

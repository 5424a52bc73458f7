import type { AdListResponse } from '@bazaar/common/ads';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { AdCard, type AdCardVariant } from './ad-card';
import { formatNumber } from '../../../lib/format';

/** The cards a phone or a desktop shows before scrolling, whose photos are loaded at once. */
const FIRST_SCREEN_CARDS = 4;

type SearchResult = UseInfiniteQueryResult<InfiniteData<AdListResponse>, Error>;

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
      {search.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            size="lg"
            onClick={() => void search.fetchNextPage()}
            disabled={search.isFetchingNextPage}
          >
            {search.isFetchingNextPage ? <Loader2 className="animate-spin" /> : null}
            {loadMoreLabel}
          </Button>
        </div>
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

import { SELLER_REPLY_WITHIN_HOURS, SELLER_RESPONSE_WINDOW_DAYS } from '@bazaar/common/constants';
import type { SellerPageResponse } from '@bazaar/common/sellers';
import { BadgeCheck, CalendarDays, Clock, MapPin, MessageCircle } from 'lucide-react';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../app/not-found-page';
import { paths } from '../../app/paths';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { isNotFoundError } from '../../lib/api-client';
import { formatCount, formatNumber } from '../../lib/format';
import { usePageMeta } from '../../lib/page-meta';
import { useReaderDates } from '../../lib/use-reader-dates';
import { AdCard } from '../ads/components/ad-card';
import { LoadMore, usePageStart } from '../ads/components/ad-results';
import { useSellerAds, useSellerPage } from './api';
import { describeResponseTime } from './response-time';

function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words[1]?.[0] ?? '')).toUpperCase() || '?';
}

/**
 * /seller/:id (issue 14): who the seller is, how they answer messages, and their active ads.
 * A suspended or unknown seller is 'Page Not Found'.
 */
export function SellerPage() {
  const { id = '' } = useParams();
  const seller = useSellerPage(id);
  const ads = useSellerAds(id, seller.isSuccess, usePageStart());
  usePageMeta(
    seller.data?.name ?? (seller.isError ? 'Page Not Found' : 'Seller'),
    seller.data ? `Ads by ${seller.data.name} on Bazaar.` : undefined,
    seller.data && paths.seller(seller.data.id),
  );

  if (seller.isPending) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6" aria-busy="true" aria-label="Loading the seller">
        <Skeleton className="h-40 w-full rounded-xl" />
      </div>
    );
  }
  if (seller.isError) {
    if (isNotFoundError(seller.error)) return <NotFoundPage />;
    return (
      <div role="alert" className="mx-auto max-w-lg px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Could not load this seller</h1>
        <p className="mt-2 text-muted-foreground">{seller.error.message}</p>
      </div>
    );
  }

  const items = ads.data?.pages.flatMap((page) => page.ads) ?? [];
  const nextCursor = ads.data?.pages.at(-1)?.next_cursor;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <SellerHeader seller={seller.data} />
      <section className="mt-8" aria-labelledby="seller-ads-heading">
        <h2 id="seller-ads-heading" className="text-xl font-bold tracking-tight">
          Ads by {seller.data.name}{' '}
          <span className="text-base font-normal text-muted-foreground">
            ({formatCount(seller.data.active_ads)})
          </span>
        </h2>
        {ads.isPending ? (
          <Skeleton className="mt-4 h-64 w-full rounded-xl" />
        ) : items.length === 0 ? (
          <p className="mt-4 rounded-xl border bg-card p-6 text-center text-muted-foreground">
            No active ads right now.
          </p>
        ) : (
          <div className="mt-4 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
            {items.map((ad) => (
              <AdCard key={ad.id} ad={ad} />
            ))}
          </div>
        )}
        {nextCursor ? (
          <div className="mt-8">
            <LoadMore
              cursor={nextCursor}
              isLoading={ads.isFetchingNextPage}
              onLoad={() => void ads.fetchNextPage()}
            >
              Load more
            </LoadMore>
          </div>
        ) : null}
      </section>
    </div>
  );
}

function SellerHeader({ seller }: { seller: SellerPageResponse }) {
  const { response } = seller;
  const dates = useReaderDates();
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <span
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-accent text-xl font-semibold text-accent-foreground"
        >
          {initialsOf(seller.name)}
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight break-words sm:text-3xl">
            <span className="min-w-0 break-words">{seller.name}</span>
            {seller.verified ? (
              <BadgeCheck role="img" className="size-6 shrink-0 text-primary" aria-label="Verified seller" />
            ) : null}
          </h1>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <li className="flex items-center gap-1">
              <CalendarDays className="size-4" aria-hidden="true" />
              Member since {dates.year(seller.member_since)}
            </li>
            {seller.location ? (
              <li className="flex min-w-0 items-center gap-1 wrap-anywhere">
                <MapPin className="size-4 shrink-0" aria-hidden="true" /> {seller.location}
              </li>
            ) : null}
          </ul>
        </div>
        <div className="sm:w-80">
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-lg bg-muted p-3">
              <dt className="flex items-center gap-1 text-xs text-muted-foreground">
                <MessageCircle className="size-3.5" aria-hidden="true" /> Response rate
              </dt>
              <dd className="mt-1 font-semibold">
                {response.rate_percent === null ? 'No messages yet' : `${response.rate_percent}%`}
              </dd>
            </div>
            <div className="rounded-lg bg-muted p-3">
              <dt className="flex items-center gap-1 text-xs text-muted-foreground">
                <Clock className="size-3.5" aria-hidden="true" /> Typically replies
              </dt>
              <dd className="mt-1 font-semibold">
                {response.typical_seconds === null ? '—' : describeResponseTime(response.typical_seconds)}
              </dd>
            </div>
          </dl>
          {response.conversations > 0 ? (
            <p className="mt-2 text-xs text-muted-foreground">
              Share answered within {SELLER_REPLY_WITHIN_HOURS} hours, from{' '}
              {formatNumber(response.conversations)}{' '}
              {response.conversations === 1 ? 'conversation' : 'conversations'} in the last{' '}
              {SELLER_RESPONSE_WINDOW_DAYS} days (a new one counts once answered or{' '}
              {SELLER_REPLY_WITHIN_HOURS} hours old).
            </p>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

import { Pencil, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFocusWhenShown } from '../../../lib/use-focus-when-shown';
import { useMyAds } from '../../ads/api';
import { AdCard } from '../../ads/components/ad-card';
import { AdLifeNotice } from '../../dashboard/components/ad-life-controls';
import { MarkSoldButton } from '../../dashboard/components/mark-sold-button';
import { FeatureAdButton } from '../../featuring/components/feature-ad-button';
import { AdModerationNotice } from '../../moderation/components/ad-moderation-notice';

/**
 * The seller's own ads, newest first, 12 at a time (dashboard 'My Advertisements' and the
 * profile's My Ads tab), each with View and Edit, Mark as sold or Renew; an invitation to post when there are none.
 */
export function SellerAdsGrid({ headingId }: { headingId?: string }) {
  const myAds = useMyAds();
  // Mark as sold leaves once the ad shows sold: its sold notice takes the focus, not <body>.
  const { focusWhenShown, refFor } = useFocusWhenShown<string>();

  if (myAds.isPending) {
    return (
      <div
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        aria-busy="true"
        aria-label="Loading your ads"
      >
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-72 rounded-xl" />
        ))}
      </div>
    );
  }
  if (myAds.isError) {
    return (
      <div role="alert" className="rounded-xl border border-destructive/40 p-6 text-center">
        <p className="font-semibold">Error fetching ads</p>
        <p className="mt-1 text-sm text-muted-foreground">{myAds.error.message}</p>
        <Button variant="outline" className="mt-4" onClick={() => void myAds.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }

  const ads = myAds.data.pages.flatMap((page) => page.ads);
  if (ads.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Plus className="size-7" aria-hidden="true" />
        </span>
        <h3 className="mt-4 text-lg font-semibold">No ads posted yet</h3>
        <p className="mt-1 text-muted-foreground">Start by posting your first advertisement</p>
        <Button asChild className="mt-5">
          <Link to={paths.postAd}>Post Your First Ad</Link>
        </Button>
      </div>
    );
  }

  return (
    <div>
      {/* Each item is a grid cell, so every card of a row is as tall as the tallest. */}
      <ul aria-labelledby={headingId} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ads.map((ad) => (
          <li key={ad.id} className="grid">
            <AdCard
              ad={ad}
              footer={
                <div className="grid gap-3">
                  <AdModerationNotice ad={ad} />
                  <AdLifeNotice ad={ad} soldNoticeRef={refFor(ad.id)} />
                  <div className="flex flex-wrap items-center justify-end gap-2">
                    {ad.status === 'active' ? (
                      <>
                        <FeatureAdButton adId={ad.id} title={ad.title} size="sm" className="mr-auto" />
                        <MarkSoldButton ad={ad} onSold={() => focusWhenShown(ad.id)} />
                      </>
                    ) : null}
                    <Button asChild variant="outline" size="sm">
                      <Link to={paths.ad(ad.id)}>
                        View <span className="sr-only">{ad.title}</span>
                      </Link>
                    </Button>
                    <Button asChild size="sm">
                      <Link to={paths.editAd(ad.id)}>
                        <Pencil /> Edit <span className="sr-only">{ad.title}</span>
                      </Link>
                    </Button>
                  </div>
                </div>
              }
            />
          </li>
        ))}
      </ul>
      {myAds.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void myAds.fetchNextPage()}
            disabled={myAds.isFetchingNextPage}
          >
            {myAds.isFetchingNextPage ? 'Loading...' : 'Load More'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

import type { AdDetail } from '@bazaar/common/ads';
import { Calendar, ChevronRight, CircleCheck, Eye, Heart, MapPin, Pencil, Share2, Star } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../app/paths';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { isNotFoundError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatCount, formatDate, formatPrice } from '../../lib/format';
import { useReaderDates } from '../../lib/use-reader-dates';
import { usePageMeta } from '../../lib/page-meta';
import { useCurrentUser } from '../auth/api';
import { AdLifeNotice } from '../dashboard/components/ad-life-controls';
import { FeatureAdButton } from '../featuring/components/feature-ad-button';
import { useRequireSignIn } from '../auth/use-require-sign-in';
import { SafetyTips } from '../messaging/safety-tips';
import { ReportAdButton } from '../moderation/components/report-ad-button';
import { useRecordAdView, useSetFavorite } from './ad-actions';
import { useAd, useFavorite, useRelatedAds } from './api';
import { AdCard } from './components/ad-card';
import { DeleteAdButton } from './components/delete-ad-button';
import { ImageCarousel } from './components/image-carousel';
import { SellerCard } from './components/seller-card';
import { VideoCarousel } from './components/video-carousel';

export function AdPage() {
  const { id = '' } = useParams();
  const ad = useAd(id);
  const related = useRelatedAds(id, ad.isSuccess);
  usePageMeta(
    ad.data?.title ?? (ad.isError ? 'Ad Not Found' : 'Advertisement'),
    ad.data?.description.slice(0, 160),
    ad.data && paths.ad(ad.data.id),
  );
  // Only active ads count views; their owner may open one hidden, sold or under review.
  useCountView(id, ad.data?.status === 'active');

  if (ad.isPending) return <AdPageSkeleton />;
  if (ad.isError) {
    if (isNotFoundError(ad.error)) return <AdNotFound />;
    return (
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Error fetching ads</h1>
        <p className="mt-2 text-muted-foreground">{ad.error.message}</p>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-muted-foreground">
        <ol className="flex min-w-0 flex-wrap items-center gap-1">
          <li>
            <Link to={paths.home} className="hover:text-foreground">
              Home
            </Link>
          </li>
          <ChevronRight className="size-4 shrink-0" aria-hidden="true" />
          <li>
            <Link to={paths.category(ad.data.category)} className="hover:text-foreground">
              {ad.data.category_name}
            </Link>
          </li>
          <ChevronRight className="size-4 shrink-0" aria-hidden="true" />
          <li aria-current="page" className="min-w-0 truncate font-medium text-foreground">
            {ad.data.title}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <ImageCarousel
            images={ad.data.images}
            title={ad.data.title}
            badge={
              ad.data.featured ? (
                <Badge variant="featured" className="shadow">
                  <Star className="fill-current" /> Featured
                </Badge>
              ) : null
            }
          />
          <VideoCarousel videos={ad.data.videos} />
          <AdSummary ad={ad.data} />
        </div>

        <aside className="min-w-0 space-y-6">
          <SidePanel ad={ad.data} />
          <SafetyTips />
        </aside>
      </div>

      {related.data && related.data.length > 0 ? (
        <section className="mt-12" aria-labelledby="related-ads-heading">
          <h2 id="related-ads-heading" className="text-xl font-bold tracking-tight">
            Related Ads
          </h2>
          <div className="mt-4 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-4">
            {related.data.map((relatedAd) => (
              <AdCard key={relatedAd.id} ad={relatedAd} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** Counts one view per page visit; the server counts each viewer once a day. */
function useCountView(id: string, isLoaded: boolean) {
  const recordView = useRecordAdView(id);
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!isLoaded || counted.current === id) return;
    counted.current = id;
    recordView.mutate();
  }, [id, isLoaded, recordView]);
}

function AdSummary({ ad }: { ad: AdDetail }) {
  // Until the browser knows who is there (and in the server's HTML), the actions that depend
  // on it wait disabled: pressed early, they would take a signed-in person for a visitor.
  const { data: currentUser, isPending: isSessionPending } = useCurrentUser();
  const navigate = useNavigate();
  const isOwner = currentUser?.user.id === ad.user_id;
  const dates = useReaderDates();
  const requireSignIn = useRequireSignIn();
  const favorite = useFavorite(ad.id, Boolean(currentUser) && !isOwner);
  const setFavorite = useSetFavorite(ad.id);
  const isFavorite = favorite.data?.favorited ?? false;

  function toggleFavorite() {
    if (!requireSignIn('Please login to like advertisements.')) return;
    setFavorite.mutate(!isFavorite, {
      onSuccess: ({ favorited }) =>
        toast(
          favorited
            ? {
                title: 'Added to favorites! ❤️',
                // The toast lives outside the router, so the link navigates through this page's.
                description: (
                  <>
                    You can find this ad in your{' '}
                    <a
                      href={paths.favorites}
                      className="font-medium underline underline-offset-2"
                      onClick={(event) => {
                        event.preventDefault();
                        void navigate(paths.favorites);
                      }}
                    >
                      favorites
                    </a>
                    .
                  </>
                ),
              }
            : { title: 'Removed from favorites', description: 'Ad removed from your favorites.' },
        ),
      onError: (error) =>
        toast({ title: 'Could not update favorites', description: error.message, variant: 'destructive' }),
    });
  }

  async function share() {
    const url = `${window.location.origin}${paths.ad(ad.id)}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: ad.title, url });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link Copied! 📋', description: 'Ad link has been copied to your clipboard.' });
    } catch {
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
    }
  }

  return (
    <Card className="p-5 sm:p-6">
      {ad.status === 'sold' ? (
        <p
          role="status"
          className="mb-4 flex items-center gap-2 rounded-md border border-primary/30 bg-primary/10 px-3 py-2 text-sm font-semibold"
        >
          <CircleCheck className="size-4 text-primary" aria-hidden="true" /> Sold
          <span className="font-normal text-muted-foreground">
            {ad.sold_at ? ` on ${dates.day(ad.sold_at)}` : ''}: this item is no longer available.
          </span>
        </p>
      ) : null}
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{ad.title}</h1>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        <span className="flex items-center gap-1">
          <Eye className="size-4" aria-hidden="true" /> {formatCount(ad.views)}{' '}
          {ad.views === 1 ? 'view' : 'views'}
        </span>
        <span className="flex items-center gap-1">
          <Calendar className="size-4" aria-hidden="true" />
          <time dateTime={ad.created_at}>{dates.day(ad.created_at)}</time>
        </span>
        <span className="flex items-center gap-1">
          <MapPin className="size-4" aria-hidden="true" /> {ad.location}
        </span>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={toggleFavorite}
          disabled={isSessionPending || isOwner || setFavorite.isPending}
          aria-pressed={isOwner ? undefined : isFavorite}
          title={isOwner ? 'Likes of your ad' : undefined}
        >
          <Heart className={cn(isFavorite && 'fill-destructive text-destructive')} />
          {/* Named by its content, so the name holds the count it shows: "Add to favorites (3 likes)". */}
          <span className="sr-only">{isFavorite ? 'Remove from favorites' : 'Add to favorites'} (</span>
          {formatCount(ad.likes)} <span className="sr-only">{ad.likes === 1 ? 'like' : 'likes'})</span>
        </Button>
        <Button variant="outline" size="sm" onClick={() => void share()}>
          <Share2 /> Share
        </Button>
        {isOwner || ad.status === 'sold' ? null : (
          <ReportAdButton adId={ad.id} title={ad.title} disabled={isSessionPending} />
        )}
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <p className="text-3xl font-extrabold text-primary">{formatPrice(ad.price)}</p>
        <Badge variant="secondary">{ad.category_name}</Badge>
        {ad.status === 'hidden' ? <Badge variant="outline">Hidden</Badge> : null}
        {ad.status === 'pending' ? <Badge variant="outline">Under review</Badge> : null}
        {ad.status === 'expired' ? <Badge variant="outline">Expired</Badge> : null}
        {ad.status === 'sold' ? <Badge>Sold</Badge> : null}
      </div>
      <h2 className="mt-6 font-semibold">Description</h2>
      <p className="mt-2 whitespace-pre-line break-words text-muted-foreground">{ad.description}</p>
    </Card>
  );
}

function SidePanel({ ad }: { ad: AdDetail }) {
  const { data: currentUser, isPending } = useCurrentUser();
  const navigate = useNavigate();
  const isOwner = currentUser?.user.id === ad.user_id;
  return (
    <>
      {isOwner ? (
        <Card className="p-5">
          <p className="text-sm font-medium">This is your ad.</p>
          {ad.featured_until ? (
            <p className="mt-1 text-sm text-muted-foreground">
              Featured until {formatDate(ad.featured_until)}
            </p>
          ) : null}
          {/* The expiry reminder links here: when it ends, and Renew in its last days. */}
          <div className="mt-2">
            <AdLifeNotice ad={ad} />
          </div>
          {ad.status === 'hidden' ? (
            <p className="mt-2 text-sm text-muted-foreground">
              Buyers cannot see this ad. If our moderators hid it,{' '}
              <Link to={paths.dashboard} className="text-primary underline underline-offset-2">
                your dashboard
              </Link>{' '}
              shows their reason and lets you ask for a review.
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button asChild>
              <Link to={paths.editAd(ad.id)}>
                <Pencil /> Edit
              </Link>
            </Button>
            <DeleteAdButton ad={ad} onDeleted={() => void navigate(paths.dashboard)} />
            {ad.status === 'active' ? <FeatureAdButton adId={ad.id} title={ad.title} /> : null}
          </div>
        </Card>
      ) : null}
      <SellerCard ad={ad} isSignedIn={Boolean(currentUser)} isOwner={isOwner} isSessionKnown={!isPending} />
    </>
  );
}

function AdNotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">Ad Not Found</h1>
      <p className="text-muted-foreground">This ad does not exist or has been removed.</p>
      <Button asChild>
        <Link to={paths.home}>Go Home</Link>
      </Button>
    </div>
  );
}

function AdPageSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6" aria-busy="true" aria-label="Loading the ad">
      <Skeleton className="mb-6 h-5 w-64" />
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Skeleton className="aspect-[4/3] w-full rounded-xl" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
        <Skeleton className="h-72 w-full rounded-xl" />
      </div>
    </div>
  );
}

import type { AdSummary } from '@bazaar/common/ads';
import { Eye, Heart, MapPin, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatCount, formatPrice } from '../../../lib/format';
import { useReaderDates } from '../../../lib/use-reader-dates';
import { AdImagePlaceholder } from './ad-image-placeholder';

export type AdCardVariant = 'grid' | 'list';

/**
 * An ad in a list (home, category, search, related, dashboard): photo or placeholder,
 * Featured badge, title, price, location, views, likes and date; the whole card links to
 * the ad. Kept free of heavy dependencies: the home page loads it first.
 */
export function AdCard({
  ad,
  variant = 'grid',
  footer,
  eager = false,
}: {
  ad: AdSummary;
  variant?: AdCardVariant;
  /** In a list's first screen: its photo loads at once, not when scrolled near. */
  eager?: boolean;
  /** Extra content under the card's link, e.g. an owner's Edit button. */
  footer?: ReactNode;
}) {
  const isList = variant === 'list';
  const dates = useReaderDates();
  return (
    <article
      className={cn(
        // Full height: the cards of one grid row are as tall as its tallest.
        'group flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md',
        isList && 'sm:flex-row',
      )}
    >
      <Link
        to={paths.ad(ad.id)}
        className={cn(
          'flex min-w-0 flex-1 outline-none focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring',
          isList ? 'flex-row' : 'flex-col',
        )}
      >
        <div
          className={cn(
            'relative shrink-0 overflow-hidden bg-muted',
            isList ? 'aspect-[4/3] w-32 sm:w-56' : 'aspect-[4/3] w-full',
          )}
        >
          {ad.image_url ? (
            <img
              src={ad.image_url}
              alt=""
              width={640}
              height={480}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
            />
          ) : (
            <AdImagePlaceholder className="size-full" />
          )}
          {ad.featured ? (
            <Badge variant="featured" className="absolute top-2 left-2 shadow-sm">
              <Star className="fill-current" /> Featured
            </Badge>
          ) : null}
        </div>
        <div
          className={cn(
            'flex min-w-0 flex-1 flex-col gap-1 p-2.5 sm:gap-1.5 sm:p-4',
            isList && 'justify-center',
          )}
        >
          <h3 className="line-clamp-2 text-sm leading-snug font-semibold group-hover:text-primary sm:text-base">
            {ad.title}
          </h3>
          <div className="text-base font-bold text-primary sm:text-lg">{formatPrice(ad.price)}</div>
          <p className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{ad.location}</span>
            {ad.distance_km === undefined ? null : (
              <span className="shrink-0 whitespace-nowrap">· {formatDistance(ad.distance_km)} away</span>
            )}
          </p>
          <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs text-muted-foreground">
            <span className="flex items-center gap-1" title="Views">
              <Eye className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Views: </span>
              {formatCount(ad.views)}
            </span>
            <span className="flex items-center gap-1" title="Likes">
              <Heart className="size-3.5" aria-hidden="true" />
              <span className="sr-only">Likes: </span>
              {formatCount(ad.likes)}
            </span>
            <time dateTime={ad.created_at} className="ml-auto">
              {dates.day(ad.created_at)}
            </time>
          </div>
        </div>
      </Link>
      {footer ? (
        <div className={cn('border-t p-3', isList && 'sm:border-t-0 sm:border-l')}>{footer}</div>
      ) : null}
    </article>
  );
}

/** "8.5 km", "12 km": tenths only where they matter. */
function formatDistance(km: number): string {
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}

import type { FavoriteItem } from '@bazaar/common/favorites';
import { EyeOff, Heart, HeartOff, Loader2 } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../app/paths';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/format';
import { usePageMeta } from '../../lib/page-meta';
import { AdCard } from '../ads/components/ad-card';
import { useFavorites, useRemoveFavorite } from './api';

const GRID = 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/**
 * /favorites (issue 14): the ads the person liked, most recently liked first, 12 at a time.
 * An ad that is no longer available (hidden, under review) stays on the list as such, with
 * nothing of its content, until the person removes it.
 */
export function FavoritesPage() {
  usePageMeta('Favorites', 'The ads you liked on Bazaar.');
  const favorites = useFavorites();
  const items = favorites.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
        <Heart className="size-6 fill-destructive text-destructive" aria-hidden="true" /> Favorites
      </h1>
      <p className="mt-1 text-muted-foreground">The ads you liked, most recently liked first.</p>

      <div className="mt-6">
        {favorites.isPending ? (
          <div className={GRID} aria-busy="true" aria-label="Loading your favorites">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="aspect-[4/5] w-full rounded-xl" />
            ))}
          </div>
        ) : favorites.isError ? (
          <div role="alert" className="rounded-xl border border-destructive/40 bg-card p-6 text-center">
            <p className="font-semibold">Could not load your favorites</p>
            <p className="mt-1 text-sm text-muted-foreground">{favorites.error.message}</p>
            <Button variant="outline" className="mt-4" onClick={() => void favorites.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <EmptyFavorites />
        ) : (
          <ul className={GRID}>
            {items.map((item) => (
              <li key={item.ad_id}>
                <FavoriteEntry item={item} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {favorites.hasNextPage ? (
        <div className="mt-8 flex justify-center">
          <Button
            variant="outline"
            size="lg"
            onClick={() => void favorites.fetchNextPage()}
            disabled={favorites.isFetchingNextPage}
          >
            {favorites.isFetchingNextPage ? <Loader2 className="animate-spin" /> : null}
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function FavoriteEntry({ item }: { item: FavoriteItem }) {
  const remove = useRemoveFavorite();
  const name = item.ad?.title ?? 'unavailable ad';

  function removeIt() {
    remove.mutate(item.ad_id, {
      onSuccess: () =>
        toast({ title: 'Removed from favorites', description: 'Ad removed from your favorites.' }),
      onError: (error) =>
        toast({ title: 'Could not update favorites', description: error.message, variant: 'destructive' }),
    });
  }

  const footer = (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {item.sold_at ? (
        <p className="w-full text-sm font-semibold">
          Sold <time dateTime={item.sold_at}>{formatDate(item.sold_at)}</time>: no longer available
        </p>
      ) : null}
      <span className="text-xs text-muted-foreground">
        Liked <time dateTime={item.liked_at}>{formatDate(item.liked_at)}</time>
      </span>
      <Button
        variant="outline"
        size="sm"
        onClick={removeIt}
        disabled={remove.isPending}
        // Begins with the word shown, so that speech input finds it.
        aria-label={`Remove ${name} from favorites`}
      >
        {remove.isPending ? <Loader2 className="animate-spin" /> : <HeartOff />}
        Remove
      </Button>
    </div>
  );

  if (item.ad) return <AdCard ad={item.ad} footer={footer} />;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-dashed bg-card text-card-foreground">
      <div className="flex min-h-48 w-full flex-1 flex-col items-center justify-center gap-2 bg-muted p-4 text-center text-muted-foreground">
        <EyeOff className="size-8" aria-hidden="true" />
        <h3 className="text-base font-semibold text-foreground">No longer available</h3>
        <p className="text-sm">This ad has ended, was taken down or is waiting for review.</p>
      </div>
      <div className="border-t p-3">{footer}</div>
    </article>
  );
}

function EmptyFavorites() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border bg-card px-4 py-16 text-center">
      <Heart className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-lg font-semibold">No favorites yet</h2>
      <p className="max-w-sm text-muted-foreground">
        Press the heart on an ad you like and it will wait for you here.
      </p>
      <Button asChild>
        <Link to={paths.search()}>Browse ads</Link>
      </Button>
    </div>
  );
}

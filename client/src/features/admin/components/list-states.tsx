import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';

/** What a console list shows before its first page: placeholders, or why it failed. */
export function ListPlaceholder({
  label,
  error,
  onRetry,
}: {
  label: string;
  error: Error | null;
  onRetry: () => void;
}) {
  if (error) {
    return (
      <div role="alert" className="rounded-xl border border-destructive/40 p-6 text-center">
        <p className="font-semibold">Could not load {label}</p>
        <p className="mt-1 text-sm text-muted-foreground">{error.message}</p>
        <Button variant="outline" className="mt-4" onClick={onRetry}>
          Try Again
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4" aria-busy="true" aria-label={`Loading ${label}`}>
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} className="h-28 rounded-xl" />
      ))}
    </div>
  );
}

export function EmptyList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed px-6 py-12 text-center">
      <p className="text-lg font-semibold">{title}</p>
      <p className="mt-1 text-muted-foreground">{children}</p>
    </div>
  );
}

/** The next page of a cursor-paginated list. */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}) {
  if (!hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button variant="outline" onClick={onLoadMore} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}

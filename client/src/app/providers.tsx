import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { forgetAccount, useAccountSync } from '../features/auth/api';
import { LiveProvider } from '../features/live/live-provider';
import { ApiError } from '../lib/api-client';
import { HydrationProvider } from '../lib/hydration';
import { lazyComponent } from '../lib/lazy-component';

/**
 * The notification area with its Radix code, loaded beside the first page instead of
 * before it: no toast is ever shown before the page has loaded, and it keeps the home
 * page's first load within its budget.
 */
const Toaster = lazyComponent(async () => (await import('../components/ui/toaster')).Toaster);

/** A session that ends (expired, revoked elsewhere) signs the user out everywhere at once. */
function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * How long the answers a server-rendered page arrived with count as fresh (decision 0025): the
 * hydration mounts their queries at once, which would otherwise read the same API again.
 */
const SERVER_RENDERED_FRESH_MS = 10_000;

/**
 * `serverRendered`: the hashes of the queries a server-rendered page's data filled; until
 * their first refetch they are fresh for SERVER_RENDERED_FRESH_MS (a query's own staleTime,
 * where it sets one, still decides), and one that failed (a page not found's) is not asked
 * again on mount: its loading state would replace the not-found screen of the HTML.
 */
export function createQueryClient({
  serverRendered = new Set<string>(),
}: { serverRendered?: ReadonlySet<string> } = {}): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        staleTime: (query) =>
          serverRendered.has(query.queryHash) && query.state.dataUpdateCount <= 1
            ? SERVER_RENDERED_FRESH_MS
            : 0,
        retryOnMount: (query) => !(serverRendered.has(query.queryHash) && query.state.errorUpdateCount <= 1),
      },
    },
    queryCache: new QueryCache({
      onError: (error) => {
        if (isSessionEnded(error)) forgetAccount(queryClient);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isSessionEnded(error)) forgetAccount(queryClient);
      },
    }),
  });
  return queryClient;
}

/**
 * `queryClient`: the cache to use, e.g. one filled from a server render's data; a new one by
 * default. `serverRendered`: the tree renders a server-rendered page (see HydrationProvider),
 * and `onHydrated` is called once the browser has hydrated it.
 */
export function AppProviders({
  children,
  queryClient: givenClient,
  serverRendered = false,
  onHydrated,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  serverRendered?: boolean;
  onHydrated?: () => void;
}) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  useAccountSync(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationProvider hydrating={serverRendered} onHydrated={onHydrated}>
        <LiveProvider>{children}</LiveProvider>
      </HydrationProvider>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}

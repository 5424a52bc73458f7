import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { forgetAccount, useAccountSync } from '../features/auth/api';
import { LiveProvider } from '../features/live/live-provider';
import { ApiError } from '../lib/api-client';

/**
 * The notification area with its Radix code, loaded beside the first page instead of
 * before it: no toast is ever shown before the page has loaded, and it keeps the home
 * page's first load within its budget.
 */
const Toaster = lazy(async () => ({ default: (await import('../components/ui/toaster')).Toaster }));

/** A session that ends (expired, revoked elsewhere) signs the user out everywhere at once. */
function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
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

/** `queryClient`: the cache to use, e.g. one filled from a server render's data; a new one by default. */
export function AppProviders({
  children,
  queryClient: givenClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => givenClient ?? createQueryClient());
  useAccountSync(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveProvider>{children}</LiveProvider>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}

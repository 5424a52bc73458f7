import './zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { loadMatchedPages } from './lazy-page';
import { AppProviders, createQueryClient } from './providers';
import { appRoutes, AppRoutes } from './route-tree';
import type { ServerRenderedData } from './server-rendering';
import { ApiError, type ApiErrorJson } from '../lib/api-client';

/**
 * Hydrates the server's HTML of a public page (`serverData`, what it was rendered from), or
 * renders the app into the shell. `onHydrated` is called once the page is hydrated.
 */
export async function startApp(
  root: HTMLElement,
  serverData: ServerRenderedData | undefined,
  onHydrated?: () => void,
) {
  const rendered = serverData?.queries.queries ?? [];
  const queryClient = createQueryClient({
    serverRendered: new Set(rendered.map((query) => query.queryHash)),
  });
  // The dehydrated cache holds the answered queries (entry-server.tsx), set without
  // TanStack's hydrate() and its code in the first load. They count as read now, by the
  // browser's clock (which may differ from the server's): fresh for the page's first moments.
  // A page not found's holds its failed reads too, which fail here the same way.
  for (const { queryKey, state } of rendered) {
    if (state.status === 'error') {
      const { status, code, message, fields } = state.error as unknown as ApiErrorJson;
      queryClient
        .getQueryCache()
        .build(queryClient, { queryKey })
        .setState({
          status: 'error',
          error: new ApiError(status, code, message, fields),
          errorUpdatedAt: Date.now(),
          errorUpdateCount: 1,
        });
    } else {
      queryClient.setQueryData(queryKey, state.data);
    }
  }
  // The page's code before the first render: a page still loading would render nothing at
  // first, unlike the server's HTML (a hydration mismatch). Its chunks are in the page's list
  // of code (main.tsx preloads them), so this waits for no extra round trip.
  await loadMatchedPages(matchRoutes(appRoutes, window.location) ?? []);
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} serverRendered={Boolean(serverData)} onHydrated={onHydrated}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );

  // In a transition, hydration yields to the browser every few milliseconds (a press or a
  // scroll is answered meanwhile) instead of holding the main thread for all of it.
  if (serverData) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

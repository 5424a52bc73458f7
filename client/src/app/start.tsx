import './zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from './providers';
import { appRoutes } from './route-tree';
import type { ServerRenderedData } from './server-rendering';
import { ApiError, type ApiErrorJson } from '../lib/api-client';
import { cn } from '../lib/cn';
import { nextTask } from '../lib/next-task';

/**
 * Loads the code of the routes the page is on before the first render: a route still lazy
 * would render nothing at first, unlike the server's HTML (a hydration mismatch), and on a
 * page the browser renders itself the router would warn that it has no fallback to show
 * meanwhile. Their chunks are in the page's list of code (main.tsx preloads them), so this
 * waits for no extra round trip.
 */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

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
  await loadMatchedRoutes(appRoutes);
  // tailwind-merge builds its table of classes on first use, 40 ms on a slow phone: in a task
  // of its own, not inside the first component's render of the hydration.
  cn();
  await nextTask();
  const router = createBrowserRouter(
    appRoutes,
    serverData ? { hydrationData: serverData.router } : undefined,
  );
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} serverRendered={Boolean(serverData)} onHydrated={onHydrated}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );

  // In a transition, hydration yields to the browser every few milliseconds (a press or a
  // scroll is answered meanwhile) instead of holding the main thread for all of it.
  if (serverData) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Toaster } from '../components/ui/toaster';

type Handler = (request: { url: URL; init?: RequestInit }) => unknown;

export interface ApiMock {
  /** Requests seen, as "METHOD /path?query". */
  calls: string[];
}

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Replaces fetch with answers by "METHOD /path" (a trailing * matches any rest). A handler
 * returns the JSON body, or a Response for other statuses. Anything else is a 404.
 */
export function mockApi(routes: Record<string, Handler>): ApiMock {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url.pathname}${url.search}`);
      for (const [route, handler] of Object.entries(routes)) {
        const [routeMethod, routePath = ''] = route.split(' ');
        const isMatch = routePath.endsWith('*')
          ? url.pathname.startsWith(routePath.slice(0, -1))
          : url.pathname === routePath;
        if (routeMethod === method && isMatch) {
          const answer = handler({ url, init });
          return answer instanceof Response ? answer : jsonResponse(answer);
        }
      }
      return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    }),
  );
  return { calls };
}

export const signedOut: Handler = () =>
  jsonResponse({ error: { code: 'unauthenticated', message: 'x' } }, 401);

/** Renders one page at a URL inside the app's providers (query client, router, toasts). */
export function renderPage(path: string, url: string, Page: ComponentType) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, Component: Page },
      { path: '*', Component: () => <p>Elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

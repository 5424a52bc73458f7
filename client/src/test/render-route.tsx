import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../app/providers';
import { Toaster } from '../components/ui/toaster';

/** Shows where the router is, so a test can see where a page navigated to. */
function CurrentPath() {
  const location = useLocation();
  return <output data-testid="current-path">{location.pathname}</output>;
}

/**
 * Renders a page at `url` with the app's query client and notification area; any other
 * path renders only the current-path marker.
 */
export function renderRoute(Page: ComponentType, options: { path: string; url?: string }) {
  const router = createMemoryRouter(
    [
      {
        path: options.path,
        element: (
          <>
            <CurrentPath />
            <Page />
          </>
        ),
      },
      { path: '*', element: <CurrentPath /> },
    ],
    { initialEntries: [options.url ?? options.path] },
  );
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

/**
 * Replaces fetch with answers by "METHOD /path"; unknown calls answer 404. Returns the mock
 * so tests can read the requests sent.
 */
export function fakeApi(
  answers: Record<string, FakeResponse | (() => FakeResponse | Promise<FakeResponse>)>,
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const answer = answers[key];
    const { status = 200, body = {} } = answer
      ? typeof answer === 'function'
        ? await answer()
        : answer
      : {
          status: 404,
          body: { error: { code: 'route_not_found', message: 'There is no such API endpoint.' } },
        };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function findCall(fetchMock: ReturnType<typeof fakeApi>, key: string) {
  return fetchMock.mock.calls.find(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}` === key;
  });
}

/** Was "METHOD /path" called? */
export function hasCalled(fetchMock: ReturnType<typeof fakeApi>, key: string): boolean {
  return findCall(fetchMock, key) !== undefined;
}

/** The JSON body of the call made to "METHOD /path". */
export function sentBody(fetchMock: ReturnType<typeof fakeApi>, key: string): unknown {
  const call = findCall(fetchMock, key);
  if (!call) throw new Error(`No call to ${key}`);
  return JSON.parse(String(call[1]?.body));
}

import { errorMessages } from '@bazaar/common/errors';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useLayoutEffect, type ComponentType } from 'react';
import {
  matchRoutes,
  MemoryRouter,
  parsePath,
  useLocation,
  useRoutes,
  type Location,
  type RouteObject,
} from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../app/providers';
import { pageRoutes } from '../app/routes';
import { Toaster } from '../components/ui/toaster';

/** Leaving the page lands here, not on the router's error screen, so tests can follow navigation. */
function Elsewhere() {
  return <p>Elsewhere</p>;
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Tells `onLocation` each address the router goes to. */
function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => onLocation(location), [location, onLocation]);
  return null;
}

/**
 * The page route at `url` inside the elements the app's route table puts around that page
 * (e.g. its sign-in gate), so a page is tested as the router serves it.
 */
function asRouted(route: RouteObject, url: string): RouteObject {
  const matches = matchRoutes(pageRoutes, parsePath(url).pathname ?? '/') ?? [];
  return matches
    .map((match) => match.route.element)
    .filter((element) => element !== undefined && element !== null)
    .reduceRight<RouteObject>((inner, element) => ({ element, children: [inner] }), route);
}

/**
 * Renders `Page` at `url` (default: `path`), with the history `state` another page sent
 * along, inside the app's query client and notification area, behind the sign-in gate the
 * app's routes put around it. Any other path renders only an "Elsewhere" marker.
 * `router.state.location` is where the router is.
 */
export function renderPage(
  Page: ComponentType,
  { path, url = path, state }: { path: string; url?: string; state?: unknown },
) {
  // The app's own client: a query answered 5xx is retried twice (~3 s) as in the app, so
  // tests answer queries with 2xx or 4xx and keep 5xx for mutations, which are never retried.
  const queryClient = createQueryClient();
  const initialEntry = { ...parsePath(url), state };
  const router = { state: { location: initialEntry as Partial<Location> } };
  const onLocation = (location: Location) => void (router.state.location = location);
  const routes = [asRouted({ path, Component: Page }, url), { path: '*', Component: Elsewhere }];
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[initialEntry]}>
        <Routes routes={routes} />
        <LocationProbe onLocation={onLocation} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** A request the page sent. */
export interface ApiRequest {
  method: string;
  /** The path with its query, e.g. "/api/ads?q=bike". */
  path: string;
  /** The parsed JSON body; a FormData as sent; undefined without a body. */
  body: unknown;
}

/** Answers one route: with the JSON body (or a promise of it), or a Response for other statuses. */
export type ApiHandler = (request: { url: URL; body: unknown }) => unknown;

export interface ApiMock {
  /** Every request, in order. */
  readonly requests: ApiRequest[];
  /** The same requests as "METHOD /path?query". */
  readonly calls: string[];
  /** Was a request sent that this route ("METHOD /path", as in mockApi) matches? */
  hasCalled: (route: string) => boolean;
  /** The body of the first request this route matches; throws when there is none. */
  sentBody: (route: string) => unknown;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** `GET /api/me`'s answer to a visitor without a session: no one is signed in. */
export function signedOut(): Response {
  return jsonResponse(null);
}

/** The answer of a route that needs a user to a request without a live session. */
export function unauthenticated(): Response {
  return jsonResponse({ error: { code: 'unauthenticated', message: errorMessages.unauthenticated } }, 401);
}

function isMatch(route: string, method: string, url: URL): boolean {
  const [routeMethod, path = ''] = route.split(' ');
  if (routeMethod !== method) return false;
  if (path.endsWith('*')) return url.pathname.startsWith(path.slice(0, -1));
  return path === (path.includes('?') ? `${url.pathname}${url.search}` : url.pathname);
}

/** An exact route beats a prefix, and a longer route a shorter one, whatever their order. */
function byPrecedence(a: string, b: string): number {
  return Number(a.endsWith('*')) - Number(b.endsWith('*')) || b.length - a.length;
}

function bodyOf(init: RequestInit | undefined): unknown {
  const body = init?.body ?? undefined;
  return typeof body === 'string' ? JSON.parse(body) : body;
}

/**
 * Replaces fetch with answers by route: "METHOD /path" matches that path whatever its query,
 * "METHOD /path?query" only that query, and "METHOD /prefix*" any path that starts so.
 * Anything else answers the API's 404.
 */
export function mockApi(routes: Record<string, ApiHandler>): ApiMock {
  const requests: ApiRequest[] = [];
  const urlOf = (request: ApiRequest) => new URL(request.path, 'http://localhost');
  const find = (route: string) => requests.find((request) => isMatch(route, request.method, urlOf(request)));

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = bodyOf(init);
      requests.push({ method, path: `${url.pathname}${url.search}`, body });
      const [route] = Object.keys(routes)
        .filter((candidate) => isMatch(candidate, method, url))
        .sort(byPrecedence);
      if (route === undefined) {
        return jsonResponse(
          { error: { code: 'route_not_found', message: errorMessages.route_not_found } },
          404,
        );
      }
      const answer: unknown = await routes[route]!({ url, body });
      return answer instanceof Response ? answer : jsonResponse(answer);
    }),
  );

  return {
    requests,
    get calls() {
      return requests.map((request) => `${request.method} ${request.path}`);
    },
    hasCalled: (route) => find(route) !== undefined,
    sentBody: (route) => {
      const request = find(route);
      if (!request) throw new Error(`Nothing was sent to ${route}`);
      return request.body;
    },
  };
}

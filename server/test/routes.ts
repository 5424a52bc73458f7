import type { RouteOptions } from 'fastify';

/**
 * Collects the app's routes as `METHOD /path` while it is built (pass `onRoute` to
 * `createTestApp`). HEAD routes, which Fastify adds for each GET route, are left out.
 */
export function routeCollector() {
  const routes = new Set<string>();
  return {
    onRoute(route: RouteOptions) {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.add(`${method} ${route.url}`);
      }
    },
    routes: () => [...routes].sort(),
  };
}

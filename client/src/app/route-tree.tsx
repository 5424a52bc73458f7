import { useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from './error-page';
import { RootLayout } from './root-layout';
import { pageRoutes } from './routes';

/**
 * The whole route tree: the browser's render (start.tsx) and the server's (entry-server.tsx)
 * are made from it.
 */
export const appRoutes: RouteObject[] = [{ element: <RootLayout />, children: pageRoutes }];

/** The page at the router's address, in the root layout (which has its own error boundary). */
export function AppRoutes() {
  const routes = useRoutes(appRoutes);
  return <RouteErrorBoundary>{routes}</RouteErrorBoundary>;
}

import type { RouteObject } from 'react-router';
import { ErrorPage } from './error-page';
import { RootLayout } from './root-layout';
import { pageRoutes } from './routes';

/**
 * The whole route tree: the browser's router (main.tsx) and the server's render
 * (entry-server.tsx) are made from it.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [{ errorElement: <ErrorPage />, children: pageRoutes }],
  },
];

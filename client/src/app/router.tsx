import { createBrowserRouter } from 'react-router';
import { ErrorPage } from './error-page';
import { RootLayout } from './root-layout';
import { pageRoutes } from './routes';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [{ errorElement: <ErrorPage />, children: pageRoutes }],
  },
]);

import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { ErrorPage } from './error-page';
import { RootLayout } from './root-layout';

/** A code-split route: its page module is loaded when the route is first visited. */
function page<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          {
            index: true,
            lazy: page(
              () => import('../features/home/home-page'),
              (m) => m.HomePage,
            ),
          },
          {
            path: 'login',
            lazy: page(
              () => import('../features/auth/login-page'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: 'register',
            lazy: page(
              () => import('../features/auth/register-page'),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: 'forgot-password',
            lazy: page(
              () => import('../features/auth/forgot-password-page'),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: 'reset-password',
            lazy: page(
              () => import('../features/auth/reset-password-page'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: 'email-verified',
            lazy: page(
              () => import('../features/auth/email-verified-page'),
              (m) => m.EmailVerifiedPage,
            ),
          },
          {
            path: 'dashboard',
            lazy: page(
              () => import('../features/dashboard/dashboard-page'),
              (m) => m.DashboardPage,
            ),
          },
          {
            path: 'post-ad',
            lazy: page(
              () => import('../features/ads/post-ad-page'),
              (m) => m.PostAdPage,
            ),
          },
          {
            path: 'ad/:id',
            lazy: page(
              () => import('../features/ads/ad-page'),
              (m) => m.AdPage,
            ),
          },
          {
            path: 'ad/:id/edit',
            lazy: page(
              () => import('../features/ads/edit-ad-page'),
              (m) => m.EditAdPage,
            ),
          },
          {
            path: 'category/:category',
            lazy: page(
              () => import('../features/ads/category-page'),
              (m) => m.CategoryPage,
            ),
          },
          {
            path: 'search',
            lazy: page(
              () => import('../features/ads/search-page'),
              (m) => m.SearchPage,
            ),
          },
          {
            path: 'profile',
            lazy: page(
              () => import('../features/profiles/profile-page'),
              (m) => m.ProfilePage,
            ),
          },
          {
            path: 'subscription',
            lazy: page(
              () => import('../features/subscriptions/subscription-page'),
              (m) => m.SubscriptionPage,
            ),
          },
          {
            path: 'messages',
            lazy: page(
              () => import('../features/messaging/messages-page'),
              (m) => m.MessagesPage,
            ),
          },
          {
            path: 'messages/:id',
            lazy: page(
              () => import('../features/messaging/messages-page'),
              (m) => m.MessagesPage,
            ),
          },
          {
            path: 'help',
            lazy: page(
              () => import('../features/info/help-page'),
              (m) => m.HelpPage,
            ),
          },
          {
            path: 'safety',
            lazy: page(
              () => import('../features/info/safety-page'),
              (m) => m.SafetyPage,
            ),
          },
          {
            path: 'terms',
            lazy: page(
              () => import('../features/info/terms-page'),
              (m) => m.TermsPage,
            ),
          },
          {
            path: 'privacy',
            lazy: page(
              () => import('../features/info/privacy-page'),
              (m) => m.PrivacyPage,
            ),
          },
          {
            path: '*',
            lazy: page(
              () => import('./not-found-page'),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
]);

import { NOT_FOUND_ROUTE } from '@bazaar/common/server-rendering';
import { UserRound } from 'lucide-react';
import type { RouteObject } from 'react-router';
import { RequireSignIn, type SignInGate } from '../features/auth/require-sign-in';
import { lazyPage } from './lazy-page';
import { routePatterns } from './paths';

/** Routes whose pages need an account: signed out, the gate says why and links to /login. */
function signedIn(gate: SignInGate, routes: RouteObject[]): RouteObject {
  return { element: <RequireSignIn gate={gate} />, children: routes };
}

/**
 * The inbox and a conversation are one page: opening a conversation keeps the page (and its
 * list of conversations) in place.
 */
const MessagesPage = lazyPage(
  () => import('../features/messaging/messages-page'),
  (m) => m.MessagesPage,
);

/** Every page of the site (spec §2), by the patterns in common/site-paths. */
export const pageRoutes: RouteObject[] = [
  {
    index: true,
    Component: lazyPage(
      () => import('../features/home/home-page'),
      (m) => m.HomePage,
    ),
  },
  {
    path: routePatterns.login,
    Component: lazyPage(
      () => import('../features/auth/login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: routePatterns.register,
    Component: lazyPage(
      () => import('../features/auth/register-page'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: routePatterns.forgotPassword,
    Component: lazyPage(
      () => import('../features/auth/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: routePatterns.resetPassword,
    Component: lazyPage(
      () => import('../features/auth/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: routePatterns.emailVerified,
    Component: lazyPage(
      () => import('../features/auth/email-verified-page'),
      (m) => m.EmailVerifiedPage,
    ),
  },
  signedIn({ title: 'Access Denied', text: 'Please login to access your dashboard.' }, [
    {
      path: routePatterns.dashboard,
      Component: lazyPage(
        () => import('../features/dashboard/dashboard-page'),
        (m) => m.DashboardPage,
      ),
    },
  ]),
  signedIn({ title: 'Access Denied', text: 'Please login to post an advertisement.' }, [
    {
      path: routePatterns.postAd,
      Component: lazyPage(
        () => import('../features/ads/post-ad-page'),
        (m) => m.PostAdPage,
      ),
    },
  ]),
  {
    path: routePatterns.ad,
    Component: lazyPage(
      () => import('../features/ads/ad-page'),
      (m) => m.AdPage,
    ),
  },
  signedIn({ title: 'Access Denied', text: 'Please login to edit your ads.' }, [
    {
      path: routePatterns.editAd,
      Component: lazyPage(
        () => import('../features/ads/edit-ad-page'),
        (m) => m.EditAdPage,
      ),
    },
  ]),
  {
    path: routePatterns.category,
    Component: lazyPage(
      () => import('../features/ads/category-page'),
      (m) => m.CategoryPage,
    ),
  },
  {
    path: routePatterns.search,
    Component: lazyPage(
      () => import('../features/ads/search-page'),
      (m) => m.SearchPage,
    ),
  },
  signedIn(
    {
      title: 'Loading Profile...',
      text: 'Please login to see your profile.',
      icon: <UserRound aria-hidden="true" />,
    },
    [
      {
        path: routePatterns.profile,
        Component: lazyPage(
          () => import('../features/profiles/profile-page'),
          (m) => m.ProfilePage,
        ),
      },
    ],
  ),
  {
    path: routePatterns.subscription,
    Component: lazyPage(
      () => import('../features/subscriptions/subscription-page'),
      (m) => m.SubscriptionPage,
    ),
  },
  signedIn({ title: 'Access Denied', text: 'Please login to access the moderation console.' }, [
    {
      path: routePatterns.admin,
      Component: lazyPage(
        () => import('../features/admin/admin-page'),
        (m) => m.AdminPage,
      ),
    },
  ]),
  signedIn({ title: 'Access Denied', text: 'Please login to see your messages.' }, [
    { path: routePatterns.messages, Component: MessagesPage },
    { path: routePatterns.conversation, Component: MessagesPage },
  ]),
  signedIn({ title: 'Access Denied', text: 'Please login to see your favorites.' }, [
    {
      path: routePatterns.favorites,
      Component: lazyPage(
        () => import('../features/favorites/favorites-page'),
        (m) => m.FavoritesPage,
      ),
    },
  ]),
  signedIn({ title: 'Access Denied', text: 'Please login to see your saved searches.' }, [
    {
      path: routePatterns.savedSearches,
      Component: lazyPage(
        () => import('../features/saved-searches/saved-searches-page'),
        (m) => m.SavedSearchesPage,
      ),
    },
  ]),
  {
    path: routePatterns.seller,
    Component: lazyPage(
      () => import('../features/sellers/seller-page'),
      (m) => m.SellerPage,
    ),
  },
  {
    path: routePatterns.help,
    Component: lazyPage(
      () => import('../features/info/help-page'),
      (m) => m.HelpPage,
    ),
  },
  {
    path: routePatterns.safety,
    Component: lazyPage(
      () => import('../features/info/safety-page'),
      (m) => m.SafetyPage,
    ),
  },
  {
    path: routePatterns.terms,
    Component: lazyPage(
      () => import('../features/info/terms-page'),
      (m) => m.TermsPage,
    ),
  },
  {
    path: routePatterns.privacy,
    Component: lazyPage(
      () => import('../features/info/privacy-page'),
      (m) => m.PrivacyPage,
    ),
  },
  {
    path: NOT_FOUND_ROUTE,
    Component: lazyPage(
      () => import('./not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
];

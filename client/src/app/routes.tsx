import { NOT_FOUND_ROUTE } from '@bazaar/common/server-rendering';
import { UserRound } from 'lucide-react';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireSignIn, type SignInGate } from '../features/auth/require-sign-in';
import { routePatterns } from './paths';

/** A code-split route: its page module is loaded when the route is first visited. */
function page<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** Routes whose pages need an account: signed out, the gate says why and links to /login. */
function signedIn(gate: SignInGate, routes: RouteObject[]): RouteObject {
  return { element: <RequireSignIn gate={gate} />, children: routes };
}

/** Every page of the site (spec §2), by the patterns in common/site-paths. */
export const pageRoutes: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('../features/home/home-page'),
      (m) => m.HomePage,
    ),
  },
  {
    path: routePatterns.login,
    lazy: page(
      () => import('../features/auth/login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: routePatterns.register,
    lazy: page(
      () => import('../features/auth/register-page'),
      (m) => m.RegisterPage,
    ),
  },
  {
    path: routePatterns.forgotPassword,
    lazy: page(
      () => import('../features/auth/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: routePatterns.resetPassword,
    lazy: page(
      () => import('../features/auth/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: routePatterns.emailVerified,
    lazy: page(
      () => import('../features/auth/email-verified-page'),
      (m) => m.EmailVerifiedPage,
    ),
  },
  signedIn({ title: 'Access Denied', text: 'Please login to access your dashboard.' }, [
    {
      path: routePatterns.dashboard,
      lazy: page(
        () => import('../features/dashboard/dashboard-page'),
        (m) => m.DashboardPage,
      ),
    },
  ]),
  signedIn({ title: 'Access Denied', text: 'Please login to post an advertisement.' }, [
    {
      path: routePatterns.postAd,
      lazy: page(
        () => import('../features/ads/post-ad-page'),
        (m) => m.PostAdPage,
      ),
    },
  ]),
  {
    path: routePatterns.ad,
    lazy: page(
      () => import('../features/ads/ad-page'),
      (m) => m.AdPage,
    ),
  },
  signedIn({ title: 'Access Denied', text: 'Please login to edit your ads.' }, [
    {
      path: routePatterns.editAd,
      lazy: page(
        () => import('../features/ads/edit-ad-page'),
        (m) => m.EditAdPage,
      ),
    },
  ]),
  {
    path: routePatterns.category,
    lazy: page(
      () => import('../features/ads/category-page'),
      (m) => m.CategoryPage,
    ),
  },
  {
    path: routePatterns.search,
    lazy: page(
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
        lazy: page(
          () => import('../features/profiles/profile-page'),
          (m) => m.ProfilePage,
        ),
      },
    ],
  ),
  {
    path: routePatterns.subscription,
    lazy: page(
      () => import('../features/subscriptions/subscription-page'),
      (m) => m.SubscriptionPage,
    ),
  },
  signedIn({ title: 'Access Denied', text: 'Please login to access the moderation console.' }, [
    {
      path: routePatterns.admin,
      lazy: page(
        () => import('../features/admin/admin-page'),
        (m) => m.AdminPage,
      ),
    },
  ]),
  signedIn({ title: 'Access Denied', text: 'Please login to see your messages.' }, [
    {
      path: routePatterns.messages,
      lazy: page(
        () => import('../features/messaging/messages-page'),
        (m) => m.MessagesPage,
      ),
    },
    {
      path: routePatterns.conversation,
      lazy: page(
        () => import('../features/messaging/messages-page'),
        (m) => m.MessagesPage,
      ),
    },
  ]),
  signedIn({ title: 'Access Denied', text: 'Please login to see your favorites.' }, [
    {
      path: routePatterns.favorites,
      lazy: page(
        () => import('../features/favorites/favorites-page'),
        (m) => m.FavoritesPage,
      ),
    },
  ]),
  signedIn({ title: 'Access Denied', text: 'Please login to see your saved searches.' }, [
    {
      path: routePatterns.savedSearches,
      lazy: page(
        () => import('../features/saved-searches/saved-searches-page'),
        (m) => m.SavedSearchesPage,
      ),
    },
  ]),
  {
    path: routePatterns.seller,
    lazy: page(
      () => import('../features/sellers/seller-page'),
      (m) => m.SellerPage,
    ),
  },
  {
    path: routePatterns.help,
    lazy: page(
      () => import('../features/info/help-page'),
      (m) => m.HelpPage,
    ),
  },
  {
    path: routePatterns.safety,
    lazy: page(
      () => import('../features/info/safety-page'),
      (m) => m.SafetyPage,
    ),
  },
  {
    path: routePatterns.terms,
    lazy: page(
      () => import('../features/info/terms-page'),
      (m) => m.TermsPage,
    ),
  },
  {
    path: routePatterns.privacy,
    lazy: page(
      () => import('../features/info/privacy-page'),
      (m) => m.PrivacyPage,
    ),
  },
  {
    path: NOT_FOUND_ROUTE,
    lazy: page(
      () => import('./not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
];

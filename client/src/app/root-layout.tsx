import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useCurrentUser } from '../features/auth/api';
import { Footer } from './footer';
import { Header } from './header';

// Only a signed-in seller with an unconfirmed address sees it: load it on demand.
const EmailVerificationNotice = lazy(() =>
  import('../features/auth/email-verification-notice').then((module) => ({
    default: module.EmailVerificationNotice,
  })),
);

export function RootLayout() {
  const navigation = useNavigation();
  const { data: currentUser } = useCurrentUser();
  return (
    <div className="flex min-h-screen flex-col">
      {navigation.state === 'loading' ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary"
        />
      ) : null}
      <Header />
      {currentUser && !currentUser.user.email_verified ? (
        <Suspense fallback={null}>
          <EmailVerificationNotice email={currentUser.user.email} />
        </Suspense>
      ) : null}
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

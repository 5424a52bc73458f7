import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigation, type Location } from 'react-router';
import { useCurrentUser } from '../features/auth/api';
import { Footer } from './footer';
import { Header } from './header';

// Only a signed-in seller with an unconfirmed address sees it: load it on demand.
const EmailVerificationNotice = lazy(() =>
  import('../features/auth/email-verification-notice').then((module) => ({
    default: module.EmailVerificationNotice,
  })),
);

const MAIN_ID = 'main';

/** The first thing Tab reaches: hidden until focused, it moves focus past the header to the page. */
function SkipToContent() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground"
    >
      Skip to content
    </a>
  );
}

/**
 * Where the router keeps a page's scroll position: its history entry's key, but every page
 * opened by typing its address (or a link from elsewhere) has the same key, "default", so
 * one such page opened another's position (help opened scrolled to where the home page had
 * been left). Those are told apart by their address.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? location.pathname + location.search : location.key;
}

/**
 * Asks a signed-in person whose address is not verified to verify it. A component of its own:
 * when the browser learns who is there (after the hydration), only this re-renders.
 */
function EmailVerificationReminder() {
  const { data: currentUser } = useCurrentUser();
  if (!currentUser || currentUser.user.email_verified) return null;
  return (
    <Suspense fallback={null}>
      <EmailVerificationNotice email={currentUser.user.email} />
    </Suspense>
  );
}

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipToContent />
      {navigation.state === 'loading' ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary"
        />
      ) : null}
      <Header />
      <EmailVerificationReminder />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../features/auth/api';
import { RouteErrorBoundary } from './error-page';
import { Footer } from './footer';
import { Header } from './header';
import { usePageLoading } from './lazy-page';
import { useScrollRestoration } from './scroll-restoration';
import { lazyComponent } from '../lib/lazy-component';

// Only a signed-in seller with an unconfirmed address sees it: load it on demand.
const EmailVerificationNotice = lazyComponent(
  async () => (await import('../features/auth/email-verification-notice')).EmailVerificationNotice,
);

const MAIN_ID = 'main';
const BOTTOM_BAR_HEIGHT = '--bottom-bar-height';

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
 * Asks a signed-in person whose address is not verified to verify it. A component of its own:
 * when the browser learns who is there (after the hydration), only this re-renders.
 *
 * Held to the window's bottom, last in the document: it comes after the page is drawn, and
 * above the page it pushed everything down (issue 15: CLS 0.11 on a phone). Stuck to the
 * bottom it moves nothing, and at the page's end it sits in its own room below the footer,
 * covering none of it. Outside the full-height column, so a short page's footer stays put.
 */
function EmailVerificationReminder() {
  const { data: currentUser } = useCurrentUser();
  if (!currentUser || currentUser.user.email_verified) return null;
  return (
    <BottomBar>
      <Suspense fallback={null}>
        <EmailVerificationNotice email={currentUser.user.email} />
      </Suspense>
    </BottomBar>
  );
}

/**
 * Held to the window's bottom, it keeps the document's `--bottom-bar-height` at its own height
 * while it is there: the toasts, bottom right from 640 px up, sit above it instead of covering
 * its button (components/ui/toaster.tsx).
 */
function BottomBar({ children }: { children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const style = document.documentElement.style;
    const observer = new ResizeObserver(() =>
      style.setProperty(BOTTOM_BAR_HEIGHT, `${element.getBoundingClientRect().height}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      style.removeProperty(BOTTOM_BAR_HEIGHT);
    };
  }, []);
  return (
    <div ref={bar} className="sticky bottom-0 z-30 bg-card shadow-[0_-2px_8px_rgb(0_0_0/0.06)]">
      {children}
    </div>
  );
}

export function RootLayout() {
  const pageLoading = usePageLoading();
  useScrollRestoration();
  return (
    <>
      <div className="flex min-h-screen flex-col">
        <SkipToContent />
        {pageLoading ? (
          <div
            role="progressbar"
            aria-label="Loading page"
            className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary"
          />
        ) : null}
        <Header />
        <main id={MAIN_ID} tabIndex={-1} className="flex-1 outline-none focus-visible:outline-hidden">
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        </main>
        <Footer />
      </div>
      <EmailVerificationReminder />
    </>
  );
}

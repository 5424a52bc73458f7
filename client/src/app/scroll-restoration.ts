import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

/** Where the positions are kept across reloads, for this tab only. */
const STORAGE_KEY = 'bazaar-scroll-positions';

/**
 * Where a page's scroll position is kept: its history entry's key, but every page opened by
 * typing its address (or a link from elsewhere) has the same key, "default", so one such
 * page opened another's position (help opened scrolled to where the home page had been
 * left). Those are told apart by their address.
 */
function scrollKey(location: Location): string {
  return location.key === 'default' ? location.pathname + location.search : location.key;
}

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** The id a `#hash` names: as typed when it is not a valid escape. */
function idOf(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/** Opens a page at the element its `#hash` names, or at its top. */
function scrollToStart(hash: string) {
  const target = hash ? document.getElementById(idOf(hash)) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

/**
 * Scrolls as a page of separate documents would, now that the app changes pages itself: a
 * link opens the next page at its top (or at the element its `#hash` names), and Back,
 * Forward or a reload return to where that page was left. A change of the query string alone
 * that replaces the history entry (a tab, a sort order) leaves the page where it is.
 *
 * The browser's own restoration is turned off: it would scroll before the page is drawn. The
 * first render of a page loaded from the server moves nothing unless a reload left a position
 * to return to: the person may have scrolled while its scripts arrived.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const shown = useRef<Location | null>(null);

  // A layout effect: its `popstate` listener is added before the router's (a parent's layout
  // effects run after a child's), so it records the page being left while it is still shown.
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const record = () => {
      if (positions.current && shown.current) positions.current[scrollKey(shown.current)] = window.scrollY;
    };
    const save = () => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current ?? {}));
    window.addEventListener('scroll', record, { passive: true });
    // A scroll event waits for the next frame: Back pressed within it would leave the page's
    // last position unrecorded, and Forward would open it at the one before.
    window.addEventListener('popstate', record);
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('popstate', record);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const previous = shown.current;
    const all = (positions.current ??= savedPositions());
    const key = scrollKey(location);
    shown.current = location;

    const saved = navigationType === 'POP' ? all[key] : undefined;
    // The first render moves nothing: the page is where the browser left it.
    const isFirst = previous === null;
    const keepsPlace = navigationType === 'REPLACE' && previous?.pathname === location.pathname;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (!isFirst && !keepsPlace) scrollToStart(location.hash);
    all[key] = window.scrollY;
  }, [location, navigationType]);
}

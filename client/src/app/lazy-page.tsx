import { use, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { RouteMatch } from 'react-router';

/** A page whose code is fetched when it is first shown, or before (`load`). */
export type LazyPage = (() => ReactNode) & {
  /** Fetches the page's code once; later calls share the same fetch. */
  load: () => Promise<void>;
};

/** A promise marked the way React's `use` reads: `status` "fulfilled" or "rejected" once settled. */
type SettledPromise = Promise<void> & { status?: string };

// How many pages' code is being fetched, for the progress bar of the root layout.
let pagesLoading = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * A fetch usually starts while a page renders, where telling another component to render
 * again is an error: the listeners hear of it once that render is over.
 */
function countLoading(change: number) {
  pagesLoading += change;
  queueMicrotask(() => listeners.forEach((listener) => listener()));
}

/** Whether a page's code is being fetched: a link to a page not seen yet was followed. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pagesLoading > 0,
    () => false,
  );
}

/**
 * A code-split page. Until its code is there it suspends: a link to it keeps the page it was
 * followed from on screen meanwhile (the router's navigations are transitions). Once loaded
 * it renders at once, so a page loaded before hydration renders as the server's HTML did.
 * A fetch that fails (the network, a new release without the old files) is thrown to the
 * nearest error boundary, on each visit: the browser keeps a failed module as failed, so
 * only a reload (the error page's Go Home) fetches again.
 */
export function lazyPage<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): LazyPage {
  let Page: ComponentType | undefined;
  let loading: SettledPromise | undefined;

  function loadPage(): Promise<void> {
    if (!loading) {
      const promise: SettledPromise = (async () => {
        countLoading(1);
        try {
          Page = pick(await load());
        } finally {
          countLoading(-1);
        }
      })();
      // How React's `use` knows a promise has settled without waiting for it: a page loaded
      // before the first render renders at once.
      promise.then(
        () => void Object.assign(promise, { status: 'fulfilled', value: undefined }),
        (reason: unknown) => void Object.assign(promise, { status: 'rejected', reason }),
      );
      loading = promise;
    }
    return loading;
  }

  function Lazy() {
    use(loadPage());
    return Page ? <Page /> : null;
  }
  return Object.assign(Lazy, { load: loadPage });
}

function isLazyPage(component: unknown): component is LazyPage {
  return typeof component === 'function' && 'load' in component;
}

/**
 * Fetches the code of the pages of the routes matched, before a render that must show them
 * at once: the first render of a page the server rendered (or it would not match its HTML)
 * and the server's render itself.
 */
export async function loadMatchedPages(matches: readonly RouteMatch[]): Promise<void> {
  await Promise.all(
    matches.map(({ route }) => (isLazyPage(route.Component) ? route.Component.load() : undefined)),
  );
}

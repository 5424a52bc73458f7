import { createElement, lazy, type ComponentType } from 'react';

/** A component whose code is fetched when it first renders, or before (`preload`). */
export type LazyComponent<Props extends object> = ComponentType<Props> & {
  /** Fetches the code once; later calls, and the first render, share the same fetch. */
  preload: () => Promise<void>;
};

/**
 * A component whose code is fetched when it first renders: React's `lazy` for a module's
 * named export, `lazyComponent(async () => (await import('./x')).X)`. Render it inside a
 * Suspense boundary, and only when it is shown (a dialog once opened), or its code comes with
 * the page anyway. Once its code is there (`preload`, or an earlier render) it renders at
 * once, without showing the boundary's placeholder for a moment.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyComponent<Props> {
  let Loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () => (loading ??= load().then((component) => (Loaded = component)));
  const Suspending = lazy(async () => ({ default: await loadOnce() }));
  function Lazy(props: Props) {
    return Loaded ? createElement(Loaded, props) : createElement(Suspending, props);
  }
  return Object.assign(Lazy, { preload: async () => void (await loadOnce()) });
}

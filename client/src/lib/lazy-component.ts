import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component whose code is fetched when it first renders: React's `lazy` for a module's
 * named export, `lazyComponent(async () => (await import('./x')).X)`. Render it inside a
 * Suspense boundary, and only when it is shown (a dialog once opened), or its code comes with
 * the page anyway.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => ({ default: await load() }));
}

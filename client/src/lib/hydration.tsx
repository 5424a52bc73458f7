import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/** False while the browser hydrates a server-rendered page; true in every page it renders itself. */
const HydratedContext = createContext(true);

/**
 * `hydrating`: the tree renders a server-rendered page (on the server, or hydrating it in the
 * browser). Its parts that differ by reader (dates in the reader's time zone) first render as
 * the server did, then switch in one transition after hydration: time-sliced like the
 * hydration itself, not one synchronous re-render of every such part. `onHydrated` is called
 * once the hydration is done, before that transition.
 */
export function HydrationProvider({
  hydrating,
  onHydrated,
  children,
}: {
  hydrating: boolean;
  onHydrated?: () => void;
  children: ReactNode;
}) {
  const [isHydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (isHydrated) return;
    onHydrated?.();
    startTransition(() => setHydrated(true));
  }, [isHydrated, onHydrated]);
  return <HydratedContext value={isHydrated}>{children}</HydratedContext>;
}

/** Whether this render may show what the server could not know (see HydrationProvider). */
export function useIsHydrated(): boolean {
  return useContext(HydratedContext);
}

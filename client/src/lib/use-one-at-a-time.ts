import { useRef } from 'react';

/**
 * `action`, one call at a time: a call while the last one's promise is unsettled does nothing.
 * A double click or a quick second Enter arrives before the page shows that the first is under
 * way (TanStack Query tells it a task later), so a button disabled while pending does not stop
 * it alone.
 */
export function useOneAtATime<Args extends unknown[]>(
  action: (...args: Args) => Promise<void>,
): (...args: Args) => Promise<void> {
  const isRunning = useRef(false);
  return async (...args) => {
    if (isRunning.current) return;
    isRunning.current = true;
    try {
      await action(...args);
    } finally {
      isRunning.current = false;
    }
  };
}

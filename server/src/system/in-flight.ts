/**
 * Work under way that shutdown must wait for: `track` hands a promise back unchanged and keeps
 * it until it settles; `settle` waits until nothing is left, including what the settled work
 * started in its turn of the event loop (a database answer that leads to the next statement).
 */
export function trackInFlight() {
  const running = new Set<Promise<unknown>>();
  return {
    track<T>(work: Promise<T>): Promise<T> {
      running.add(work);
      const forget = () => running.delete(work);
      work.then(forget, forget);
      return work;
    },
    async settle(): Promise<void> {
      while (running.size > 0) {
        await Promise.allSettled([...running]);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

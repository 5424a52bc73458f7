import type { Logger } from 'pino';

/**
 * Work the auth library hands off so a response need not wait for it (sending e-mail,
 * pruning rate-limit rows). A reset request then answers as fast for an unknown address as
 * for a known one. `settle` lets shutdown wait for what is still running.
 */
export function createBackgroundTasks(logger: Logger) {
  const running = new Set<Promise<unknown>>();
  return {
    run(task: Promise<unknown>): void {
      const tracked = task
        .catch((error: unknown) => logger.error({ err: error }, 'background task failed'))
        .finally(() => running.delete(tracked));
      running.add(tracked);
    },
    async settle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

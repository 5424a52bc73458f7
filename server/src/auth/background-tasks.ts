import type { Logger } from 'pino';
import { trackInFlight } from '../system/in-flight';

/**
 * Work the auth library hands off so a response need not wait for it (sending e-mail,
 * pruning rate-limit rows). A reset request then answers as fast for an unknown address as
 * for a known one. `settle` lets shutdown wait for what is still running.
 */
export function createBackgroundTasks(logger: Logger) {
  const inFlight = trackInFlight();
  return {
    run(task: Promise<unknown>): void {
      void inFlight.track(
        task.catch((error: unknown) => logger.error({ err: error }, 'background task failed')),
      );
    },
    settle: inFlight.settle,
  };
}

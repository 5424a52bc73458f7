import http from 'node:http';
import { LIVE_PATH } from '@bazaar/common/live';
import type { FastifyInstance } from 'fastify';

export interface ReceivedEvent {
  type: string;
  data: unknown;
}

export interface LiveStream {
  statusCode: number;
  /** Resolves with the next event of this type (the ones before it are kept for later calls). */
  next(type: string, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Every event received so far, oldest first. */
  received(): ReceivedEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The address of an app that listens on a free port of the loopback interface. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * Opens `GET /api/live` over real HTTP, as a browser's EventSource would, and parses the
 * events it receives (Fastify's inject cannot hold a response open).
 */
export function openLiveStream(baseUrl: string, cookie: string): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${LIVE_PATH}`,
      { headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        const events: ReceivedEvent[] = [];
        const consumed = new Set<ReceivedEvent>();
        let waiters: (() => void)[] = [];
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split('\n');
            const type = lines.find((line) => line.startsWith('event: '))?.slice(7);
            const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
            if (type && data !== undefined) events.push({ type, data: JSON.parse(data) });
          }
          for (const wake of waiters) wake();
          waiters = [];
        });
        const ended = new Promise<void>((done) => response.on('close', done));
        resolve({
          statusCode: response.statusCode ?? 0,
          received: () => [...events],
          ended,
          close: () => request.destroy(),
          async next(type, timeoutMs = 5_000) {
            const deadline = Date.now() + timeoutMs;
            for (;;) {
              const event = events.find((candidate) => candidate.type === type && !consumed.has(candidate));
              if (event) {
                consumed.add(event);
                return event;
              }
              const remaining = deadline - Date.now();
              if (remaining <= 0) throw new Error(`no "${type}" event within ${timeoutMs} ms`);
              await new Promise<void>((wake) => {
                const timer = setTimeout(wake, remaining);
                waiters.push(() => {
                  clearTimeout(timer);
                  wake();
                });
              });
            }
          },
        });
      },
    );
    request.on('error', reject);
  });
}

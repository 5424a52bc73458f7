/** Drives HTTP load with autocannon and reads the answer times of every request. */
import autocannon from 'autocannon';
import { quantile } from './bench-database';

export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface LoadOptions {
  /** Base address, e.g. http://127.0.0.1:3000. */
  url: string;
  connections: number;
  seconds: number;
  /** The request to send; `next(round)` gives a different one per request (another ad id, address…). */
  request: LoadRequest | ((round: number) => LoadRequest);
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors, timeouts and answers outside 2xx. */
  errors: number;
  /** Bytes per answer as received (head and body), on average. */
  bytes: number;
}

export async function runLoad({ url, connections, seconds, request }: LoadOptions): Promise<LoadResult> {
  const next = typeof request === 'function' ? request : () => request;
  let round = 0;
  const times: number[] = [];
  let bodyBytes = 0;
  let finish: (outcome: { error: Error | null; result: autocannon.Result }) => void = () => {};
  const finished = new Promise<{ error: Error | null; result: autocannon.Result }>((resolve) => {
    finish = resolve;
  });
  const instance = autocannon(
    {
      url,
      connections,
      duration: seconds,
      requests: [
        {
          setupRequest: (raw) => {
            const { method = 'GET', path, headers = {}, body } = next(round);
            round += 1;
            return { ...raw, method, path, headers: { ...raw.headers, ...headers }, body };
          },
        },
      ],
    },
    (error, result) => finish({ error, result }),
  );
  instance.on('response', (_client, _statusCode, resBytes, responseTime) => {
    times.push(responseTime);
    bodyBytes += resBytes;
  });
  const { error, result } = await finished;
  if (error) throw error;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    rps: times.length / result.duration,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
    errors: result.errors + result.timeouts + result.non2xx,
    bytes: times.length > 0 ? Math.round(bodyBytes / times.length) : 0,
  };
}

/**
 * Sign-in latency against the production build: `npm run build`, then
 * `npx tsx bench/src/sign-in-latency.ts [--count 200] [--concurrency 1]`.
 *
 * Starts `node server/dist/main.js` on a free port with a temporary DATA_DIR (embedded
 * PostgreSQL, no demo data) and TRUST_PROXY=true, signs one account up, then signs in
 * `count` times, each from a distinct X-Forwarded-For address so the per-address rate limit
 * does not interfere, and prints the percentiles. With BASE_URL set it measures that server
 * instead (which must trust X-Forwarded-For).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const WARM_UP_SIGN_INS = 10;

const { values: options } = parseArgs({
  options: {
    count: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '1' },
  },
});
const count = Number(options.count);
const concurrency = Number(options.concurrency);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bazaar-bench-'));
  // As root, the embedded PostgreSQL runs as `postgres` and must reach this folder.
  await chmod(dataDir, 0o755);
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(repositoryRoot, 'server', 'dist', 'main.js')],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: baseUrl,
        TRUST_PROXY: 'true',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    const isReady = await fetch(`${baseUrl}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (isReady) break;
    if (Date.now() > deadline) throw new Error('The server did not become ready within 90 s');
    await sleep(250);
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let addressCounter = 0;
/** A distinct documentation-range address per request (198.18.0.0/15 is for benchmarks). */
function nextClientAddress(): string {
  addressCounter += 1;
  return `198.${18 + ((addressCounter >> 16) & 1)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function post(baseUrl: string, pathname: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': nextClientAddress() },
    body: JSON.stringify(body),
  });
}

async function timedSignIn(
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<number> {
  const started = performance.now();
  const response = await post(baseUrl, '/api/auth/sign-in/email', { ...credentials, rememberMe: true });
  await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`Sign-in answered ${response.status}`);
  return elapsed;
}

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

const server = process.env.BASE_URL ? undefined : await startServer();
const baseUrl = process.env.BASE_URL ?? server!.baseUrl;
try {
  const credentials = { email: `bench-${Date.now()}@example.com`, password: 'bench-password-1' };
  const signUp = await post(baseUrl, '/api/auth/sign-up/email', { name: 'Bench', ...credentials });
  if (signUp.status !== 200) throw new Error(`Sign-up answered ${signUp.status}: ${await signUp.text()}`);

  for (let index = 0; index < WARM_UP_SIGN_INS; index += 1) await timedSignIn(baseUrl, credentials);

  const latencies: number[] = [];
  const started = performance.now();
  let remaining = count;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (remaining > 0) {
        remaining -= 1;
        latencies.push(await timedSignIn(baseUrl, credentials));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  const format = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(
    `Sign-in latency: ${sorted.length} sign-ins, concurrency ${concurrency}, ${cpus().length} CPUs`,
  );
  console.log(`  p50  ${format(percentile(sorted, 0.5))}`);
  console.log(`  p95  ${format(percentile(sorted, 0.95))}`);
  console.log(`  p99  ${format(percentile(sorted, 0.99))}`);
  console.log(
    `  mean ${format(mean)}, min ${format(sorted[0] ?? Number.NaN)}, max ${format(sorted.at(-1) ?? Number.NaN)}`,
  );
  console.log(`  throughput ${(sorted.length / seconds).toFixed(1)} sign-ins/s`);
  console.log('  password hash: scrypt N=16384, r=16, p=1, 64-byte key, 16-byte salt (Better Auth default)');
} finally {
  await server?.stop();
}

import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface AppServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process has exited by itself or been stopped. */
  exited: Promise<number | null>;
  /** SIGTERM, then wait for the process to exit; resolves with its exit code. */
  stop(): Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

/** A fresh data folder that the embedded PostgreSQL (run as `postgres` under root) can reach. */
export async function createDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bazaar-e2e-'));
  await chmod(dataDir, 0o755);
  return dataDir;
}

export interface AppServerOptions {
  dataDir?: string;
  environment?: Record<string, string>;
  /** A process group of its own, as `npm start` in a terminal has (signal it with -pid). */
  detached?: boolean;
}

/** Runs the production build exactly as `npm start` does, without waiting for it. */
export async function spawnAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? (await createDataDir());
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, [path.join(repositoryRoot, 'server', 'dist', 'main.js')], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      // Each browser context of the tests plays a different client behind one proxy (its
      // own X-Forwarded-For), so that the per-address rate limits of one journey do not hit
      // the next.
      TRUST_PROXY: '1',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      DATABASE_URL: '',
      ...options.environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    baseUrl,
    dataDir,
    process: child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Waits until /api/ready answers, or fails when the process exits or `timeoutMs` pass; asks
 * every `intervalMs` (the bench's startup times ask often, to measure the start, not the wait).
 */
export async function waitUntilReady(
  server: AppServer,
  { timeoutMs = 90_000, intervalMs = 200 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.process.exitCode !== null) {
      throw new Error(`The app exited with code ${server.process.exitCode} while starting`);
    }
    try {
      const response = await fetch(`${server.baseUrl}/api/ready`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      server.process.kill('SIGKILL');
      throw new Error(`The app did not become ready within ${timeoutMs / 1000} s`);
    }
    await sleep(intervalMs);
  }
}

/** Starts the production build (embedded PostgreSQL, demo data) and waits until it is ready. */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const server = await spawnAppServer(options);
  await waitUntilReady(server);
  return server;
}

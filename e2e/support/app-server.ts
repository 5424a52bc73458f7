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
  stop(): Promise<void>;
}

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

/**
 * Starts the production build exactly as `npm start` runs it (embedded PostgreSQL, demo
 * data), in a fresh DATA_DIR on a free port, and waits until it is ready.
 */
export async function startAppServer(environment: Record<string, string> = {}): Promise<AppServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bazaar-e2e-'));
  // As root, the embedded PostgreSQL runs as `postgres` and must reach this folder.
  await chmod(dataDir, 0o755);
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, [path.join(repositoryRoot, 'server', 'dist', 'main.js')], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      // Each browser context of the tests plays a different client behind a proxy, so
      // that the per-address rate limits of one journey do not hit the next.
      TRUST_PROXY: 'true',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      DATABASE_URL: '',
      ...environment,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode} while starting`);
    try {
      const response = await fetch(`${baseUrl}/api/ready`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The app did not become ready within 90 s');
    }
    await sleep(250);
  }

  return {
    baseUrl,
    dataDir,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

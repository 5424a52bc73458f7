/** The processes the bench measures: the built app against the bench database, and the ceiling. */
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createDataDir, spawnAppServer, waitUntilReady, type AppServer } from '../../e2e/support/app-server';
import { benchRoot, quantile, repositoryRoot } from './bench-database';
import { writeBenchPhotos } from './generate-ads';

/** Every bench app signs sessions with this, so that a session made on one is good on another. */
const BENCH_AUTH_SECRET = 'bench-secret-of-at-least-thirty-two-characters';

/** `node server/dist/main.js` on the bench database, with the generated ads' photos in its storage. */
export async function startBenchApp(databaseUrl: string): Promise<AppServer> {
  const dataDir = await createDataDir();
  await writeBenchPhotos(path.join(dataDir, 'uploads'), databaseUrl);
  const server = await spawnAppServer({
    dataDir,
    // The write scenario posts hundreds of ads from one account: no hourly posting limit.
    environment: {
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      AUTH_SECRET: BENCH_AUTH_SECRET,
      POSTING_LIMIT_PER_HOUR: '1000000',
    },
  });
  await waitUntilReady(server);
  return server;
}

/** Resident memory of a process, in bytes (Linux /proc). */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kib) throw new Error(`No VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

export interface CeilingServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts bench/src/ceiling-server.ts in its own process and waits for its port. */
export async function startCeilingServer(): Promise<CeilingServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(benchRoot, 'src', 'ceiling-server.ts')],
    {
      cwd: repositoryRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`The ceiling server exited with code ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface StartupRound {
  firstStartMs: number;
  warmRestartMs: number;
}

/** The medians of the rounds, and each round's figures. */
export interface StartupTimes extends StartupRound {
  rounds: StartupRound[];
}

/** How often a start is asked whether it is ready: its time is known to within this. */
const READY_POLL_MS = 20;

/**
 * What `npm start` costs on a fresh machine and on a restart: the built app on an empty
 * DATA_DIR (embedded PostgreSQL created, migrations, demo data) until /api/ready answers,
 * then again on the same folder. `rounds` times, each on a new folder: the medians are the
 * figures, so that one slow moment of a shared machine is not.
 */
export async function measureStartup(rounds: number): Promise<StartupTimes> {
  const measured: StartupRound[] = [];
  for (let round = 0; round < rounds; round += 1) measured.push(await measureStartupRound());
  const median = (key: keyof StartupRound) =>
    quantile(
      measured.map((round) => round[key]).sort((a, b) => a - b),
      0.5,
    );
  return { firstStartMs: median('firstStartMs'), warmRestartMs: median('warmRestartMs'), rounds: measured };
}

async function measureStartupRound(): Promise<StartupRound> {
  const dataDir = await createDataDir();
  const timeToReady = async () => {
    const started = performance.now();
    const server = await spawnAppServer({ dataDir, environment: { LOG_LEVEL: 'warn' } });
    try {
      await waitUntilReady(server, { intervalMs: READY_POLL_MS });
      return performance.now() - started;
    } finally {
      await server.stop();
    }
  };
  try {
    const firstStartMs = await timeToReady();
    const warmRestartMs = await timeToReady();
    return { firstStartMs, warmRestartMs };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

import { randomBytes } from 'node:crypto';
import { readdir, readFile, readlink, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { onTestFinished } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../server/src/db/embedded-postgres';
import { createDataDir, spawnAppServer, waitUntilReady, type AppServer } from '../support/app-server';
import { PNG } from '../support/ads';

/** The auth secret every app of a fault test shares, so that sessions carry over. */
export const FAULTS_AUTH_SECRET = 'faults-secret-of-at-least-thirty-two-characters';
export const PASSWORD = 'fault-tolerant-password';

/**
 * A PostgreSQL server of the test's own (the embedded binaries), on a fixed port so that
 * it can be stopped and started again under the apps using it.
 */
export interface DatabaseServer {
  adminUrl: string;
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startDatabaseServer(): Promise<DatabaseServer> {
  const folder = await createDataDir();
  const options = {
    databaseDir: path.join(folder, 'postgres'),
    password: 'faults',
    logger: pino({ level: 'warn' }),
  };
  let handle: EmbeddedPostgresHandle | undefined = await startEmbeddedPostgres(options);
  const port = Number(new URL(handle.adminUrl).port);
  const server: DatabaseServer = {
    adminUrl: handle.adminUrl,
    async createDatabase() {
      const name = `faults_${randomBytes(5).toString('hex')}`;
      await withClient(`${server.adminUrl}/postgres`, (client) => client.query(`create database ${name}`));
      return `${server.adminUrl}/${name}`;
    },
    async stop() {
      await handle?.stop();
      handle = undefined;
    },
    async start() {
      handle = await startEmbeddedPostgres({ ...options, port });
    },
  };
  onTestFinished(async () => {
    await server.stop();
    await rm(folder, { recursive: true, force: true });
  });
  return server;
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs the production build against `databaseUrl` and waits until it is ready. It is
 * stopped (SIGKILL if it does not go) when the test ends.
 */
export async function startApp(options: {
  /** Empty: the app starts its embedded PostgreSQL, as `npm start` does. */
  databaseUrl: string;
  dataDir?: string;
  environment?: Record<string, string>;
  detached?: boolean;
}): Promise<AppServer> {
  const app = await spawnAppServer({
    dataDir: options.dataDir,
    detached: options.detached,
    environment: {
      DATABASE_URL: options.databaseUrl,
      SEED_DEMO: 'false',
      AUTH_SECRET: FAULTS_AUTH_SECRET,
      LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'error',
      // The rounds post far more than a person's 20 ads an hour from a handful of accounts.
      POSTING_LIMIT_PER_HOUR: '100000',
      ...options.environment,
    },
  });
  onTestFinished(async () => {
    if (app.process.exitCode === null && app.process.signalCode === null) {
      app.process.kill('SIGKILL');
      await app.exited;
    }
    await rm(app.dataDir, { recursive: true, force: true });
  });
  await waitUntilReady(app);
  return app;
}

/**
 * The app's warnings and errors so far (pino's level 40 and up, or any line that is not JSON):
 * the message of a failed assertion on its exit, where CI's tail of the log shows it.
 */
export function warningsOf(app: AppServer): string {
  const lines = app
    .output()
    .split('\n')
    .filter((line) => {
      if (!line.trim()) return false;
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 40;
      } catch {
        return true;
      }
    });
  return lines.length > 0
    ? `the app's warnings and errors:\n${lines.join('\n')}`
    : 'the app logged no warning';
}

let addressCounter = Math.floor(Math.random() * 60_000);

/** A client address of its own (the apps trust X-Forwarded-For), so rate limits stay apart. */
export function nextAddress(): string {
  addressCounter += 1;
  return `198.18.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export function headersFor(app: AppServer, cookie?: string): Record<string, string> {
  return {
    origin: app.baseUrl,
    'x-forwarded-for': nextAddress(),
    ...(cookie ? { cookie } : {}),
  };
}

/** fetch with a deadline: a request that hangs is a failure, not a wait. */
export function call(app: AppServer, url: string, init: RequestInit = {}, timeoutMs = 20_000) {
  return fetch(`${app.baseUrl}${url}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

export async function signIn(app: AppServer, email: string): Promise<Response & { cookie: string }> {
  const response = await call(app, '/api/auth/sign-in/email', {
    method: 'POST',
    headers: { ...headersFor(app), 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return Object.assign(response, { cookie: cookieOf(response) });
}

/** Signs a seller up and in; returns their id and session cookie. */
export async function createSeller(app: AppServer, name = 'Fault Seller') {
  const email = `faults-${randomBytes(6).toString('hex')}@example.com`;
  const signUp = await call(app, '/api/auth/sign-up/email', {
    method: 'POST',
    headers: { ...headersFor(app), 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: PASSWORD }),
  });
  if (signUp.status !== 200) throw new Error(`Sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const { user } = (await signUp.json()) as { user: { id: string } };
  const signedIn = await signIn(app, email);
  if (signedIn.status !== 200) throw new Error(`Sign-in failed: ${signedIn.status}`);
  return { id: user.id, email, cookie: signedIn.cookie };
}

/** Gives sellers a paid plan with room for `maxAds` ads. */
export async function givePlan(databaseUrl: string, sellerIds: string[], maxAds: number): Promise<void> {
  await withClient(databaseUrl, (client) =>
    client.query(
      `update profiles set subscription_status = 'active', subscription_plan = 'master', max_ads = $2,
         current_period_end = now() + interval '30 days' where id = any($1)`,
      [sellerIds, maxAds],
    ),
  );
}

export function adForm(title: string, images = 1): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title,
    description: 'Posted by the fault suite.',
    price: '10',
    category: 'electronics',
    location: 'Austin, TX',
  })) {
    form.append(name, value);
  }
  for (let index = 0; index < images; index += 1) {
    form.append('images', new Blob([PNG], { type: 'image/png' }), `photo-${index}.png`);
  }
  return form;
}

export function postAd(app: AppServer, cookie: string, title: string, images = 1) {
  return call(app, '/api/ads', {
    method: 'POST',
    headers: headersFor(app, cookie),
    body: adForm(title, images),
  });
}

export function editProfile(app: AppServer, cookie: string, name: string) {
  return call(app, '/api/profile', {
    method: 'PATCH',
    headers: { ...headersFor(app, cookie), 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

/**
 * The invariants a fault may never break: no seller over their quota, no ad without an
 * image, no stored file without its row and no row without its file, no temporary upload
 * left. Returns the problems found (none, when all hold).
 */
export async function checkInvariants(databaseUrl: string, dataDir: string): Promise<string[]> {
  return withClient(databaseUrl, async (client) => {
    const problems: string[] = [];
    const overQuota = await client.query(
      `select p.id from profiles p where (select count(*) from advertisements a
         where a.user_id = p.id and a.status = 'active') > p.max_ads`,
    );
    for (const row of overQuota.rows) problems.push(`seller ${row.id} is over quota`);
    const withoutImage = await client.query(
      `select a.id from advertisements a where not exists
         (select 1 from ad_media m where m.ad_id = a.id and m.kind = 'image')`,
    );
    for (const row of withoutImage.rows) problems.push(`ad ${row.id} has no image`);
    const media = await client.query<{ storage_key: string; card_key: string | null }>(
      'select storage_key, card_key from ad_media',
    );
    const keys = new Set(
      media.rows.flatMap((row) => (row.card_key ? [row.storage_key, row.card_key] : [row.storage_key])),
    );
    const uploads = path.join(dataDir, 'uploads');
    const files = new Set(
      (await filesUnder(uploads))
        .filter((file) => !file.startsWith('.pending'))
        .map((file) => file.split(path.sep).join('/')),
    );
    for (const file of files) if (!keys.has(file)) problems.push(`file ${file} has no row`);
    for (const key of keys) if (!files.has(key)) problems.push(`row of ${key} has no file`);
    for (const file of await filesUnder(path.join(dataDir, 'tmp', 'uploads'))) {
      problems.push(`temporary upload ${file} left`);
    }
    return problems;
  });
}

/**
 * Resident memory (bytes) and open file descriptors of a process, from /proc: all of them,
 * and those that are not sockets (files, pipes), whose number should not grow with traffic.
 */
export async function processUsage(pid: number): Promise<{ rss: number; fds: number; fileFds: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const descriptors = await readdir(`/proc/${pid}/fd`);
  const targets = await Promise.all(
    descriptors.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => 'gone')),
  );
  const fileFds = targets.filter((target) => !target.startsWith('socket:') && target !== 'gone').length;
  return { rss: rssKb * 1024, fds: descriptors.length, fileFds };
}

/** The app's connections to its database right now. */
export async function databaseConnections(databaseUrl: string): Promise<number> {
  const name = new URL(databaseUrl).pathname.slice(1);
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `select count(*)::int as count from pg_stat_activity where datname = $1 and application_name = 'bazaar'`,
      [name],
    );
    return rows[0].count as number;
  });
}

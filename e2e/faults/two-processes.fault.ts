import { expect, it } from 'vitest';
import { call, createSeller, headersFor, nextAddress, startApp, startDatabaseServer } from './support';

const REDIS_URL = process.env.FAULTS_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisIsReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  const net = await import('node:net');
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

it('shares sessions and rate limits between two app processes on one PostgreSQL (and Redis)', async (context) => {
  if (!(await redisIsReachable())) {
    console.warn(`two processes: SKIPPED, no Redis at ${REDIS_URL} (set FAULTS_REDIS_URL)`);
    context.skip();
  }
  const database = await startDatabaseServer();
  const databaseUrl = await database.createDatabase();
  const environment = { REDIS_URL };
  const [first, second] = await Promise.all([
    startApp({ databaseUrl, environment }),
    startApp({ databaseUrl, environment }),
  ]);

  // A session made on one process works on the other, and signing out on it ends it on both.
  const seller = await createSeller(first);
  for (const app of [first, second]) {
    const me = await call(app, '/api/me', { headers: headersFor(app, seller.cookie) });
    expect((await me.json()).user.id, app.baseUrl).toBe(seller.id);
  }
  const signOut = await call(second, '/api/auth/sign-out', {
    method: 'POST',
    headers: headersFor(second, seller.cookie),
  });
  expect(signOut.status).toBe(200);
  expect(
    await (await call(first, '/api/me', { headers: headersFor(first, seller.cookie) })).json(),
  ).toBeNull();

  // Sign-in allows 10 attempts a minute per address: alternating processes gives no more.
  const address = nextAddress();
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 14; attempt += 1) {
    const app = attempt % 2 === 0 ? first : second;
    const response = await call(app, '/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: app.baseUrl, 'x-forwarded-for': address, 'content-type': 'application/json' },
      body: JSON.stringify({ email: seller.email, password: 'wrong-password' }),
    });
    statuses.push(response.status);
  }
  expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 401));
  expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  console.info(`two processes: session shared; sign-in limit held across both: ${statuses.join(' ')}`);
});

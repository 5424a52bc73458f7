import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { createDataDir } from '../support/app-server';
import {
  checkInvariants,
  createSeller,
  editProfile,
  givePlan,
  postAd,
  startApp,
  startDatabaseServer,
  withClient,
} from './support';

const ROUNDS = Number(process.env.KILL_ROUNDS ?? 20);
const SELLERS = 3;
/** Room for a few ads per round: the writers also run into the quota now and then. */
const QUOTA = 4 * ROUNDS;

interface Acknowledged {
  ads: Map<string, string>;
  /** Per seller: the names sent, in order, and the index of the last one acknowledged. */
  names: Map<string, { sent: string[]; acknowledged: number }>;
}

/**
 * One writer per seller: posts ads (two pictures each) and renames the seller, remembering
 * each write the app acknowledged, until the app dies under it.
 */
async function writeUntilKilled(
  app: Awaited<ReturnType<typeof startApp>>,
  seller: { id: string; cookie: string },
  round: number,
  acknowledged: Acknowledged,
) {
  const names = acknowledged.names.get(seller.id)!;
  for (let step = 0; ; step += 1) {
    try {
      const title = `Round ${round} ad ${step}`;
      const posted = await postAd(app, seller.cookie, title, 2);
      if (posted.status === 201) acknowledged.ads.set(((await posted.json()) as { id: string }).id, title);
      else if (posted.status !== 403) throw new Error(`Posting answered ${posted.status}`);
      const name = `Seller r${round} s${step}`;
      names.sent.push(name);
      const renamed = await editProfile(app, seller.cookie, name);
      if (renamed.status === 200) names.acknowledged = names.sent.length - 1;
      else throw new Error(`Renaming answered ${renamed.status}`);
    } catch (error) {
      // The app is gone (its exit may be reported a moment after the connection drops):
      // whatever was in flight was never acknowledged.
      const exited = await Promise.race([app.exited.then(() => true), sleep(5_000).then(() => false)]);
      if (exited) return;
      throw error;
    }
  }
}

it(`keeps every acknowledged write and every invariant through ${ROUNDS} kill -9s`, async () => {
  const database = await startDatabaseServer();
  const databaseUrl = await database.createDatabase();
  const dataDir = await createDataDir();
  let app = await startApp({ databaseUrl, dataDir });
  const sellers = await Promise.all(Array.from({ length: SELLERS }, () => createSeller(app)));
  await givePlan(
    databaseUrl,
    sellers.map((seller) => seller.id),
    QUOTA,
  );
  const acknowledged: Acknowledged = {
    ads: new Map(),
    names: new Map(sellers.map((seller) => [seller.id, { sent: ['Fault Seller'], acknowledged: 0 }])),
  };

  for (let round = 1; round <= ROUNDS; round += 1) {
    const writers = Promise.all(sellers.map((seller) => writeUntilKilled(app, seller, round, acknowledged)));
    // A writer that fails before the kill fails the round (and nothing goes unhandled).
    writers.catch(() => undefined);
    await sleep(400 + Math.random() * 1200);
    app.process.kill('SIGKILL');
    await app.exited;
    await writers;

    app = await startApp({ databaseUrl, dataDir });
    expect(await checkInvariants(databaseUrl, dataDir), `round ${round}`).toEqual([]);
    await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ id: string; title: string }>(
        'select id, title from advertisements where id = any($1)',
        [[...acknowledged.ads.keys()]],
      );
      const found = new Map(rows.map((row) => [row.id, row.title]));
      expect(found, `round ${round}: acknowledged ads`).toEqual(acknowledged.ads);
      for (const seller of sellers) {
        const { rows: profile } = await client.query<{ name: string }>(
          'select name from profiles where id = $1',
          [seller.id],
        );
        const names = acknowledged.names.get(seller.id)!;
        // The last acknowledged name, or one sent after it whose answer the kill cut off.
        expect(names.sent.slice(names.acknowledged), `round ${round}: ${seller.id}`).toContain(
          profile[0]?.name,
        );
      }
    });
  }
  console.info(
    `kill -9: ${ROUNDS} kills survived; ${acknowledged.ads.size} acknowledged ads and ` +
      `${[...acknowledged.names.values()].reduce((sum, names) => sum + names.acknowledged, 0)} acknowledged ` +
      'profile edits all present; 0 lost; invariants held after every restart',
  );
});

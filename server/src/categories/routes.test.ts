import { eq, inArray } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createSeller } from '../../test/factories';
import { advertisements, users } from '../db/schema';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('GET /api/categories', () => {
  it('lists at least 12 categories in order, including the footer’s three', async () => {
    const response = await testApp.app.inject('/api/categories');
    expect(response.statusCode).toBe(200);
    const { categories } = response.json<{ categories: { id: string; name: string; icon: string }[] }>();
    expect(categories.length).toBeGreaterThanOrEqual(12);
    expect(categories.map((category) => category.id)).toEqual(
      expect.arrayContaining(['electronics', 'vehicles', 'real-estate']),
    );
    for (const category of categories) {
      expect(category.name).not.toBe('');
      expect(category.icon).not.toBe('');
    }
  });

  it('counts only active ads per category, following every change of status, category and deletion', async () => {
    const countsNow = async () => {
      const { categories } = (await testApp.app.inject('/api/categories')).json<{
        categories: { id: string; count: number }[];
      }>();
      const countOf = (id: string) => categories.find((category) => category.id === id)?.count;
      return {
        electronics: countOf('electronics'),
        vehicles: countOf('vehicles'),
        realEstate: countOf('real-estate'),
      };
    };
    const { db } = testApp.database;
    const seller = await createSeller(testApp.app);
    const ad = { user_id: seller.id, description: 'Good', price: 10, location: 'Austin, TX' };
    const [phone, , tablet, car] = await db
      .insert(advertisements)
      .values([
        { ...ad, title: 'Phone', category: 'electronics' },
        { ...ad, title: 'Laptop', category: 'electronics' },
        { ...ad, title: 'Hidden tablet', category: 'electronics', status: 'hidden' },
        { ...ad, title: 'Car', category: 'vehicles' },
      ])
      .returning({ id: advertisements.id });
    expect(await countsNow()).toEqual({ electronics: 2, vehicles: 1, realEstate: 0 });

    await db.update(advertisements).set({ status: 'hidden' }).where(eq(advertisements.id, phone!.id));
    await db.update(advertisements).set({ status: 'active' }).where(eq(advertisements.id, tablet!.id));
    await db.update(advertisements).set({ category: 'real-estate' }).where(eq(advertisements.id, car!.id));
    await db.update(advertisements).set({ views: 5 }).where(eq(advertisements.id, tablet!.id));
    expect(await countsNow()).toEqual({ electronics: 2, vehicles: 0, realEstate: 1 });

    await db.delete(advertisements).where(inArray(advertisements.id, [phone!.id, car!.id]));
    expect(await countsNow()).toEqual({ electronics: 2, vehicles: 0, realEstate: 0 });

    // Deleting the seller deletes their ads in one statement.
    await db.delete(users).where(eq(users.id, seller.id));
    expect(await countsNow()).toEqual({ electronics: 0, vehicles: 0, realEstate: 0 });
  });

  it('lets ads of different sellers in one category be posted at the same time, without a deadlock', async () => {
    // Each insert first checks its category's foreign key (a KEY SHARE lock on the category
    // row), then its count trigger updates that row. Two posts holding the first lock must
    // not wait for each other on the second: the trigger takes a lock KEY SHARE allows.
    const [first, second] = [await createSeller(testApp.app), await createSeller(testApp.app)];
    const clients = [await testApp.database.pool.connect(), await testApp.database.pool.connect()];
    const countOf = async () =>
      (
        await testApp.database.pool.query<{ active_ads: number }>(
          "select active_ads from categories where id = 'pets'",
        )
      ).rows[0]!.active_ads;
    const before = await countOf();
    const insertAd = (client: pg.PoolClient, sellerId: string) =>
      client.query(
        `insert into advertisements (user_id, title, description, price, category, location)
         values ($1, 'Parrot cage', 'Roomy', 40, 'pets', 'Austin, TX')`,
        [sellerId],
      );
    const [firstPid, secondPid] = await Promise.all(
      clients.map(
        async (client) =>
          (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid,
      ),
    );
    // The one of the two backends that waits for a lock the other holds.
    const waitingPid = () =>
      vi.waitFor(
        async () => {
          const { rows } = await testApp.database.pool.query<{ pid: number }>(
            'select pid from pg_locks where not granted and pid = any($1::int[])',
            [[firstPid, secondPid]],
          );
          if (!rows[0]) throw new Error('neither insert waits yet');
          return rows[0].pid;
        },
        { timeout: 10_000, interval: 20 },
      );
    try {
      for (const client of clients) {
        await client.query('begin');
        await client.query("select 1 from categories where id = 'pets' for key share");
      }
      const inserts = [insertAd(clients[0]!, first.id), insertAd(clients[1]!, second.id)];
      // Whichever insert reaches the count trigger second waits for the first one's
      // transaction; which one that is is up to the server, so ask it, then commit the other.
      const waiting = (await waitingPid()) === firstPid ? 0 : 1;
      const going = 1 - waiting;
      await inserts[going];
      await clients[going]!.query('commit');
      await inserts[waiting];
      await clients[waiting]!.query('commit');
    } finally {
      for (const client of clients) client.release();
    }
    expect(await countOf()).toBe(before + 2);
  });
});

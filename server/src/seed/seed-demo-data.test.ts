import type { InboxResponse, MessagePageResponse, UnreadCountResponse } from '@bazaar/common/messaging';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/factories';
import { loadTestPlaces, testPlaces } from '../../test/place-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createStorage } from '../media/create-storage';
import type { Storage } from '../media/storage';
import { sendContextFor } from '../messaging/send-message';
import { DEMO_PASSWORD, seedDemoData } from './seed-demo-data';

describe('the demo data of a first start', () => {
  let testApp: TestApp;
  const seed = async () =>
    seedDemoData(testApp.database, await createStorage(testApp.config), pino({ level: 'silent' }), {
      messaging: sendContextFor(testApp.config.PUBLIC_URL),
    });

  beforeAll(async () => {
    testApp = await createTestApp();
    await seed();
  }, 120_000);
  afterAll(() => testApp.close());

  async function query<Row>(text: string): Promise<Row[]> {
    return (await testApp.database.pool.query(text)).rows as Row[];
  }

  it('fills every category with enough active ads for filters and Load More to show', async () => {
    const perCategory = await query<{ id: string; ads: number }>(`
      select c.id, count(a.id)::int as ads from categories c
      left join advertisements a on a.category = c.id and a.status = 'active'
      group by c.id`);
    expect(perCategory).toHaveLength(12);
    const total = perCategory.reduce((sum, category) => sum + category.ads, 0);
    expect(total).toBeGreaterThanOrEqual(240);
    expect(total).toBeLessThanOrEqual(360);
    for (const category of perCategory) expect(category.ads, category.id).toBeGreaterThanOrEqual(20);

    const firstPage = await testApp.app.inject({ url: '/api/ads?category=electronics' });
    expect(firstPage.json().next_cursor, 'a second page to load').not.toBeNull();
  });

  it('reads like a marketplace: distinct titles, some featured, posted over the last 30 days, liked and viewed', async () => {
    const [stats] = await query<{
      ads: number;
      titles: number;
      featured: number;
      oldest_days: number;
      viewed: number;
      liked: number;
      view_levels: number;
    }>(`
      select count(*)::int as ads, count(distinct title)::int as titles,
        count(*) filter (where featured_until > now())::int as featured,
        extract(epoch from now() - min(created_at)) / 86400 as oldest_days,
        count(*) filter (where views > 0)::int as viewed,
        count(*) filter (where likes > 0)::int as liked,
        count(distinct views)::int as view_levels
      from advertisements`);
    expect(stats!.titles / stats!.ads).toBeGreaterThan(0.9);
    expect(stats!.featured / stats!.ads).toBeGreaterThanOrEqual(0.03);
    expect(stats!.featured / stats!.ads).toBeLessThanOrEqual(0.08);
    expect(Number(stats!.oldest_days)).toBeLessThanOrEqual(30);
    expect(Number(stats!.oldest_days)).toBeGreaterThan(20);
    expect(stats!.viewed).toBe(stats!.ads);
    expect(stats!.liked).toBeGreaterThan(stats!.ads / 2);
    expect(stats!.view_levels).toBeGreaterThan(50);
    // Liked after the ad was posted and before now: a like made today sorts first.
    const [likes] = await query<{ misplaced: number }>(`
      select count(*)::int as misplaced from favorites f join advertisements a on a.id = f.ad_id
      where f.created_at > now() or f.created_at < a.created_at`);
    expect(likes!.misplaced).toBe(0);

    const places = await query<{ location: string }>('select distinct location from advertisements');
    expect(places.length).toBeGreaterThan(15);
    for (const { location } of places) expect(location).toMatch(/^[A-Z][A-Za-z. ]+, [A-Z]{2}$/);
  });

  it('gives every ad pictures of its own, varied within each category', async () => {
    const [unpictured] = await query<{ count: number }>(`
      select count(*)::int from advertisements a
      where not exists (select 1 from ad_media m where m.ad_id = a.id and m.kind = 'image')`);
    expect(unpictured!.count).toBe(0);
    const [keys] = await query<{ rows: number; keys: number }>(
      'select count(*)::int as rows, count(distinct storage_key)::int as keys from ad_media',
    );
    expect(keys!.keys, 'no two ads share a stored file (deleting one ad keeps the others)').toBe(keys!.rows);
    // Different pictures encode to different sizes: a proxy for how many distinct ones there are
    // (four drawn per category).
    const variety = await query<{ category: string; pictures: number }>(`
      select a.category, count(distinct m.bytes)::int as pictures
      from ad_media m join advertisements a on a.id = m.ad_id group by a.category`);
    for (const { category, pictures } of variety) expect(pictures, category).toBeGreaterThanOrEqual(4);
  });

  it('gives the demo ads whose location names a known place its coordinates once the gazetteer loads', async () => {
    await loadTestPlaces(testApp.database.pool);
    const located = await query<{ location: string; place_id: number | null; has_point: boolean }>(`
      select distinct location, place_id, lat is not null as has_point from advertisements
      where location in ('Austin, TX', 'Denver, CO', 'Seattle, WA')`);
    expect(located).toEqual(
      expect.arrayContaining([
        { location: 'Austin, TX', place_id: testPlaces.austin.id, has_point: true },
        { location: 'Denver, CO', place_id: testPlaces.denver.id, has_point: true },
        // Not among the test's few places: free text, as before.
        { location: 'Seattle, WA', place_id: null, has_point: false },
      ]),
    );
    const nearDenver = await testApp.app.inject(`/api/ads?place=${testPlaces.denver.id}&radius=5`);
    expect(nearDenver.json().ads.length).toBeGreaterThan(0);
  });

  it("opens the README's demo seller on an inbox with conversations under way, the newest unread", async () => {
    const { cookie } = await signIn(testApp.app, {
      email: 'maria@demo.bazaar.local',
      password: DEMO_PASSWORD,
    });
    const read = async (url: string) => (await testApp.app.inject({ url, headers: { cookie } })).json();
    const inbox = (await read('/api/conversations')) as InboxResponse;
    expect(
      inbox.conversations.map((conversation) => [
        conversation.ad.title,
        conversation.my_role,
        conversation.other_person.name,
        conversation.unread_count,
      ]),
    ).toEqual([
      ['Sony WH-1000XM5 noise cancelling headphones', 'buyer', 'James Carter', 0],
      ['Mid-century oak dining table with 4 chairs', 'seller', 'Aisha Rahman', 1],
      ['iPhone 14 Pro 256GB, Deep Purple, like new', 'seller', 'James Carter', 1],
    ]);
    expect(((await read('/api/conversations/unread')) as UnreadCountResponse).unread).toBe(2);
    const iphone = inbox.conversations[2]!;
    const thread = (await read(`/api/conversations/${iphone.id}/messages`)) as MessagePageResponse;
    expect(thread.messages.map((message) => message.is_mine)).toEqual([false, true, false]);
    expect(thread.messages[0]!.body).toMatch(/^Hi Maria, is the iPhone still available\?/);
    const bell = (await read('/api/notifications/unread')) as { unread: number };
    expect(bell.unread).toBe(2);
  });

  it('lets the demo sellers sign in as the README says, and loads nothing twice', async () => {
    const { response, cookie } = await signIn(testApp.app, {
      email: 'maria@demo.bazaar.local',
      password: DEMO_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    // Within her plan's limit, with room to post (Post Ad shows the form, not 'Ad Limit Reached').
    const { quota } = (await testApp.app.inject({ url: '/api/me', headers: { cookie } })).json();
    expect(quota.active_ads).toBeLessThan(quota.max_ads);
    expect(quota.post_gate).toBe('allowed');
    const [before] = await query<{ count: number }>('select count(*)::int from advertisements');
    await seed();
    const [after] = await query<{ count: number }>('select count(*)::int from advertisements');
    expect(after!.count).toBe(before!.count);
  });
});

describe('a first start whose demo data fails', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  }, 120_000);
  afterAll(() => testApp.close());

  it('leaves no rows and no stored pictures behind, and the next start loads it all', async () => {
    const storage = await createStorage(testApp.config);
    let stored = 0;
    const failingStorage: Storage = {
      ...storage,
      // The disk fills up a few dozen pictures in, while other copies are being written.
      put: async (...args) => {
        stored += 1;
        if (stored === 40) throw new Error('ENOSPC: no space left on device');
        return storage.put(...args);
      },
    };
    const seed = (into: Storage) =>
      seedDemoData(testApp.database, into, pino({ level: 'silent' }), {
        messaging: sendContextFor(testApp.config.PUBLIC_URL),
      });
    await expect(seed(failingStorage)).rejects.toThrow('ENOSPC');

    const files = await readdir(path.join(testApp.uploadsDir, 'ads'), {
      recursive: true,
      withFileTypes: true,
    });
    expect(files.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
    const { rows } = await testApp.database.pool.query<{ users: number; ads: number }>(
      'select (select count(*)::int from users) as users, (select count(*)::int from advertisements) as ads',
    );
    expect(rows[0]).toEqual({ users: 0, ads: 0 });

    await seed(storage);
    const { rows: after } = await testApp.database.pool.query<{ ads: number }>(
      'select count(*)::int as ads from advertisements',
    );
    expect(after[0]!.ads).toBeGreaterThanOrEqual(240);
  }, 60_000);
});

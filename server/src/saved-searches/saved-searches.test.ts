import { SAVED_SEARCHES_MAX } from '@bazaar/common/constants';
import type { SavedSearch } from '@bazaar/common/saved-searches';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSellerPlan, insertAds, postAd } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { loadTestPlaces, testPlaces } from '../../test/place-fixtures';
import { createTestApp, TEST_AUTH_SECRET, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { createUnsubscribeToken, deriveUnsubscribeKey } from '../mail/unsubscribe';
import { SAVED_SEARCH_DIGESTS_JOB, SAVED_SEARCH_EMAIL_JOB, SAVED_SEARCH_MATCH_JOB } from './alerts';
import { matchingSavedSearchesSql, recordMatches } from './matching';

let testApp: TestApp;
let searcher: TestSeller;
let other: TestSeller;
let seller: TestSeller;

beforeAll(async () => {
  testApp = await createTestApp();
  searcher = await createSeller(testApp.app, { name: 'Sia Searcher' });
  other = await createSeller(testApp.app);
  seller = await createSeller(testApp.app, { name: 'Sam Seller' });
  await giveSellerPlan(testApp, seller.id, 10_000);
  await giveSellerPlan(testApp, searcher.id, 50);
});
afterAll(() => testApp.close());

function call(user: TestSeller | undefined, request: InjectOptions) {
  return testApp.app.inject({
    ...request,
    headers: { origin: TEST_PUBLIC_URL, ...(user ? { cookie: user.cookie } : {}), ...request.headers },
  });
}

async function saveSearch(
  user: TestSeller,
  criteria: Record<string, unknown>,
  extra: { name?: string; frequency?: string } = {},
): Promise<SavedSearch> {
  const response = await call(user, {
    method: 'POST',
    url: '/api/saved-searches',
    payload: {
      name: extra.name ?? 'My search',
      criteria,
      ...(extra.frequency ? { frequency: extra.frequency } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SavedSearch>();
}

async function postAdAs(user: TestSeller, fields: Record<string, string> = {}): Promise<string> {
  const response = await postAd(testApp, user, { fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

const runMatching = () => testApp.app.jobs.runQueuedJobs(SAVED_SEARCH_MATCH_JOB);
const runEmails = (includeDelayed = false) =>
  testApp.app.jobs.runQueuedJobs(SAVED_SEARCH_EMAIL_JOB, { includeDelayed });

async function alertsOf(user: TestSeller) {
  const { rows } = await testApp.database.pool.query<{ title: string; link: string; read_at: Date | null }>(
    `select title, link, read_at from notifications where user_id = $1 and kind = 'saved_search_match' and read_at is null order by created_at`,
    [user.id],
  );
  return rows;
}

/** Titles of the ads recorded as matches of the searcher's saved searches named like `namePattern`. */
async function matchedTitles(namePattern: string) {
  const { rows } = await testApp.database.pool.query<{ title: string }>(
    `select a.title from saved_search_matches m join advertisements a on a.id = m.ad_id
     join saved_searches s on s.id = m.saved_search_id where s.user_id = $1 and s.name like $2`,
    [searcher.id, namePattern],
  );
  return rows.map((row) => row.title);
}

async function mailsAbout(savedSearchName: string) {
  return (await testApp.outbox()).filter((mail) => mail.subject.includes(`“${savedSearchName}”`));
}

async function clearAlerts(user: TestSeller) {
  await testApp.database.pool.query(`update notifications set read_at = now() where user_id = $1`, [user.id]);
}

describe('saving a search', () => {
  it('stores the criteria of the search shape under a name, with Instant alerts by default', async () => {
    const saved = await saveSearch(searcher, { q: 'vintage camera', category: 'electronics', maxPrice: 300 });
    expect(saved).toMatchObject({
      name: 'My search',
      criteria: { q: 'vintage camera', category: 'electronics', maxPrice: 300 },
      frequency: 'instant',
      new_count: 0,
      is_new_count_capped: false,
    });
    const list = (await call(searcher, { method: 'GET', url: '/api/saved-searches' })).json();
    expect(list.saved_searches.map((each: SavedSearch) => each.id)).toContain(saved.id);
  });

  it('refuses unknown keys, bad criteria and a blank name with 400, saving nothing', async () => {
    const before = await countSavedSearches(searcher);
    for (const payload of [
      { name: 'x', criteria: {}, user_id: other.id },
      { name: 'x', criteria: { q: 'bike', colour: 'red' } },
      { name: 'x', criteria: { minPrice: -5 } },
      { name: 'x', criteria: { category: 'no-such-category!' } },
      { name: 'x', criteria: { sort: 'cheapest' } },
      { name: '   ', criteria: {} },
      { name: 'x', criteria: {}, frequency: 'hourly' },
    ]) {
      const response = await call(searcher, { method: 'POST', url: '/api/saved-searches', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await countSavedSearches(searcher)).toBe(before);
  });

  it('asks anonymous visitors to sign in (401)', async () => {
    const response = await call(undefined, {
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: 'x', criteria: {} },
    });
    expect(response.statusCode).toBe(401);
    expect((await call(undefined, { method: 'GET', url: '/api/saved-searches' })).statusCode).toBe(401);
  });

  it("hides a person's saved search from everyone else (404) and leaves it unchanged", async () => {
    const saved = await saveSearch(searcher, { q: 'lamp' }, { name: 'Lamps' });
    for (const request of [
      { method: 'PATCH', url: `/api/saved-searches/${saved.id}`, payload: { name: 'Mine now' } },
      { method: 'DELETE', url: `/api/saved-searches/${saved.id}` },
      { method: 'POST', url: `/api/saved-searches/${saved.id}/seen` },
    ] as InjectOptions[]) {
      const response = await call(other, request);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    const { rows } = await testApp.database.pool.query(
      'select name, frequency from saved_searches where id = $1',
      [saved.id],
    );
    expect(rows).toEqual([{ name: 'Lamps', frequency: 'instant' }]);
    const othersList = (await call(other, { method: 'GET', url: '/api/saved-searches' })).json();
    expect(othersList.saved_searches).toEqual([]);
  });

  it('renames, changes the frequency and deletes', async () => {
    const saved = await saveSearch(searcher, { q: 'desk' });
    const renamed = await call(searcher, {
      method: 'PATCH',
      url: `/api/saved-searches/${saved.id}`,
      payload: { name: 'Standing desks', frequency: 'daily' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Standing desks', frequency: 'daily' });
    const empty = await call(searcher, {
      method: 'PATCH',
      url: `/api/saved-searches/${saved.id}`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (await call(searcher, { method: 'DELETE', url: `/api/saved-searches/${saved.id}` })).statusCode,
    ).toBe(204);
    const { rows } = await testApp.database.pool.query('select 1 from saved_searches where id = $1', [
      saved.id,
    ]);
    expect(rows).toEqual([]);
  });

  it('refuses the same criteria twice for one person (409 saved_search_exists), not for another', async () => {
    const [first, second] = [await createSeller(testApp.app), await createSeller(testApp.app)];
    const criteria = { q: 'kayak', minPrice: 100, category: 'electronics' };
    await saveSearch(first, criteria);
    const again = await call(first, {
      method: 'POST',
      url: '/api/saved-searches',
      // The same search, its keys in another order and under another name.
      payload: { name: 'Kayaks again', criteria: { category: 'electronics', minPrice: 100, q: 'kayak' } },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('saved_search_exists');
    expect(await countSavedSearches(first)).toBe(1);
    await saveSearch(first, { ...criteria, minPrice: 200 });
    await saveSearch(second, criteria);
    for (const user of [first, second])
      await testApp.database.pool.query('delete from saved_searches where user_id = $1', [user.id]);
  });

  it(`keeps at most ${SAVED_SEARCHES_MAX} per account (409 saved_search_limit_reached)`, async () => {
    const collector = await createSeller(testApp.app);
    await testApp.database.pool.query(
      `insert into saved_searches (user_id, name, criteria) select $1, 'Search ' || n, '{"sort":"newest"}' from generate_series(1, $2) n`,
      [collector.id, SAVED_SEARCHES_MAX - 1],
    );
    await saveSearch(collector, {});
    const refused = await call(collector, {
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: 'One more', criteria: {} },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'saved_search_limit_reached',
      message: expect.stringContaining('Delete one'),
    });
    expect(await countSavedSearches(collector)).toBe(SAVED_SEARCHES_MAX);
    // Searches for everything: they would hear of every ad the tests below post.
    await testApp.database.pool.query('delete from saved_searches where user_id = $1', [collector.id]);
  });
});

async function countSavedSearches(user: TestSeller): Promise<number> {
  const { rows } = await testApp.database.pool.query<{ count: number }>(
    'select count(*)::int as count from saved_searches where user_id = $1',
    [user.id],
  );
  return rows[0]!.count;
}

describe('"N new" since the last visit', () => {
  it('counts public matching ads posted after the last run, and running it resets the count', async () => {
    const saved = await saveSearch(searcher, { q: 'harmonium', maxPrice: 100 });
    await insertAds(testApp, other.id, [
      { title: 'Harmonium, small', price: 80 },
      { title: 'Harmonium, grand', price: 900 },
      { title: 'Harmonium in repair', price: 50, status: 'pending' },
      { title: 'Accordion', price: 60 },
    ]);
    const listed = async () =>
      (await call(searcher, { method: 'GET', url: '/api/saved-searches' }))
        .json()
        .saved_searches.find((each: SavedSearch) => each.id === saved.id) as SavedSearch;
    expect((await listed()).new_count).toBe(1);
    expect(
      (await call(searcher, { method: 'POST', url: `/api/saved-searches/${saved.id}/seen` })).statusCode,
    ).toBe(204);
    expect((await listed()).new_count).toBe(0);
  });

  it('stops counting at 99 and says so', async () => {
    const saved = await saveSearch(searcher, { q: 'zither' });
    await insertAds(
      testApp,
      other.id,
      Array.from({ length: 101 }, (_, index) => ({ title: `Zither ${index}` })),
    );
    const list = (await call(searcher, { method: 'GET', url: '/api/saved-searches' })).json();
    expect(list.saved_searches.find((each: SavedSearch) => each.id === saved.id)).toMatchObject({
      new_count: 99,
      is_new_count_capped: true,
    });
  });
});

describe('alerts when a matching ad becomes public', () => {
  it('rings the bell and e-mails the owner of a matching Instant search, with a one-click unsubscribe', async () => {
    const saved = await saveSearch(
      searcher,
      { q: 'carbon bike', category: 'sports-outdoors', minPrice: 100, maxPrice: 500, location: 'austin' },
      { name: 'Carbon bikes' },
    );
    const adId = await postAdAs(seller);
    expect(await runMatching()).toBe(1);

    expect(await alertsOf(searcher)).toEqual([
      expect.objectContaining({
        title: expect.stringContaining('Carbon bikes'),
        link: `/ad/${adId}`,
        read_at: null,
      }),
    ]);
    await runEmails();
    const [mail, ...more] = await mailsAbout('Carbon bikes');
    expect(more).toEqual([]);
    expect(mail!.to).toBe(searcher.email);
    expect(mail!.text).toContain(`${TEST_PUBLIC_URL}/ad/${adId}`);
    expect(mail!.text).toContain('Road bike, 54 cm, carbon fork');
    const unsubscribe = `${TEST_PUBLIC_URL}/unsubscribe/${createUnsubscribeToken(deriveUnsubscribeKey(TEST_AUTH_SECRET), saved.id, 'saved-search-alerts')}`;
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // The mail client's one-click POST turns this search's alerts off, and nothing else.
    const oneClick = await testApp.app.inject({
      method: 'POST',
      url: new URL(unsubscribe).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const { rows } = await testApp.database.pool.query('select frequency from saved_searches where id = $1', [
      saved.id,
    ]);
    expect(rows).toEqual([{ frequency: 'off' }]);
    await call(searcher, { method: 'DELETE', url: `/api/saved-searches/${saved.id}` });
    await clearAlerts(searcher);
  });

  it('does not alert about ads outside the criteria, about your own ad, or for a search whose alerts are off', async () => {
    const matching = await saveSearch(
      searcher,
      { q: 'tandem -electric', maxPrice: 1000 },
      { name: 'Tandems' },
    );
    await saveSearch(searcher, { q: 'tandem' }, { name: 'Tandems off', frequency: 'off' });
    await postAdAs(seller, { title: 'Electric tandem', description: 'Two seats.' });
    await postAdAs(seller, { title: 'Tandem bicycle', description: 'Two seats.', price: '2000' });
    await postAdAs(seller, {
      title: 'Canoe',
      description: 'Two seats, tandem paddling.',
      category: 'vehicles',
    });
    await postAdAs(searcher, { title: 'My own tandem', description: 'Two seats.' });
    await runMatching();
    // Only the canoe: category is not a criterion of this search, its price is in range, no "electric".
    expect(await matchedTitles('Tandems%')).toEqual(['Canoe']);
    expect((await alertsOf(searcher)).map((alert) => alert.title)).toEqual([
      expect.stringContaining('Canoe'),
    ]);
    await call(searcher, { method: 'DELETE', url: `/api/saved-searches/${matching.id}` });
    await clearAlerts(searcher);
  });

  it('matches words whatever their accents, as the search does', async () => {
    await saveSearch(searcher, { q: 'pokemon' }, { name: 'Pokemon cards' });
    await saveSearch(searcher, { q: 'Crème' }, { name: 'Creme torches' });
    await postAdAs(seller, { title: 'Pokémon cards, first edition', description: 'Forty of them.' });
    await postAdAs(seller, { title: 'Creme brulee torch', description: 'Refillable.' });
    await runMatching();
    expect(await matchedTitles('Pokemon cards')).toEqual(['Pokémon cards, first edition']);
    expect(await matchedTitles('Creme torches')).toEqual(['Creme brulee torch']);
    await clearAlerts(searcher);
  });

  it('alerts a search by place about an ad within its radius (8 km), not one 80 km away', async () => {
    await loadTestPlaces(testApp.database.pool);
    await saveSearch(
      searcher,
      { q: 'kayak', place: testPlaces.denver.id, radius: 10 },
      { name: 'Kayaks near Denver' },
    );
    await postAdAs(seller, { title: 'Kayak in Wheat Ridge', place_id: String(testPlaces.wheatRidge.id) });
    await postAdAs(seller, { title: 'Kayak in Greeley', place_id: String(testPlaces.greeley.id) });
    // Free text only: no coordinates, so it cannot be said to be near.
    await postAdAs(seller, { title: 'Kayak somewhere', location: 'Denver, CO' });
    await runMatching();
    expect(await matchedTitles('Kayaks near Denver')).toEqual(['Kayak in Wheat Ridge']);
    await clearAlerts(searcher);
  });

  it('alerts about a pending ad only once a moderator approves it', async () => {
    await saveSearch(searcher, { q: 'ammunition crate' }, { name: 'Crates' });
    const adId = await postAdAs(seller, { title: 'Ammunition crate, empty' });
    expect(await runMatching()).toBe(0);
    expect(await alertsOf(searcher)).toEqual([]);

    const moderator = await createSeller(testApp.app);
    await testApp.database.pool.query(`update users set role = 'moderator' where id = $1`, [moderator.id]);
    const approved = await call(moderator, {
      method: 'POST',
      url: `/api/admin/ads/${adId}/restore`,
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
    expect(await runMatching()).toBe(1);
    expect(await alertsOf(searcher)).toEqual([expect.objectContaining({ link: `/ad/${adId}` })]);
    await clearAlerts(searcher);
  });

  it('alerts exactly once when the matching job runs twice, or twice at once', async () => {
    await saveSearch(searcher, { q: 'theremin' }, { name: 'Theremins' });
    const adId = await postAdAs(seller, { title: 'Theremin, boxed' });
    // A retry of the same job: queued again and run again.
    await testApp.app.jobs.send(SAVED_SEARCH_MATCH_JOB, { adId });
    expect(await runMatching()).toBe(2);
    // Two processes at once.
    const [first, second] = await Promise.all([
      testApp.database.db.transaction((tx) => recordMatches(tx, adId)),
      testApp.database.db.transaction((tx) => recordMatches(tx, adId)),
    ]);
    expect([...first!, ...second!]).toEqual([]);
    await Promise.all([runEmails(), runEmails()]);
    expect(await alertsOf(searcher)).toHaveLength(1);
    expect(await mailsAbout('Theremins')).toHaveLength(1);
    await clearAlerts(searcher);
  });

  it('sends at most one e-mail per saved search in 15 minutes, and one unread notification', async () => {
    const saved = await saveSearch(searcher, { q: 'ukulele' }, { name: 'Ukuleles' });
    await postAdAs(seller, { title: 'Ukulele, soprano' });
    await runMatching();
    await runEmails();
    expect(await mailsAbout('Ukuleles')).toHaveLength(1);

    await postAdAs(seller, { title: 'Ukulele, tenor' });
    await postAdAs(seller, { title: 'Ukulele, baritone' });
    await runMatching();
    // One unread notification per saved search (the latest match replaces the one before).
    expect(await alertsOf(searcher)).toEqual([
      expect.objectContaining({ title: expect.stringMatching(/“Ukuleles”: “Ukulele, (tenor|baritone)”/) }),
    ]);
    // The next e-mail waits, as one job, for the end of the 15 minutes.
    expect(await runEmails()).toBe(0);
    const { rows: waiting } = await testApp.database.pool.query(
      `select round(extract(epoch from start_after - now()) / 60) as minutes from pgboss.job
       where name = $1 and state = 'created' and data->>'savedSearchId' = $2`,
      [SAVED_SEARCH_EMAIL_JOB, saved.id],
    );
    expect(waiting.map((job) => Number(job.minutes))).toEqual([15]);
    expect(await mailsAbout('Ukuleles')).toHaveLength(1);

    await testApp.database.pool.query(
      `update saved_searches set last_emailed_at = now() - interval '16 minutes' where id = $1`,
      [saved.id],
    );
    await runEmails(true);
    const mails = await mailsAbout('Ukuleles');
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('2 new ads');
    expect(mails[1]!.text).toContain('tenor');
    expect(mails[1]!.text).toContain('baritone');
    await clearAlerts(searcher);
  });

  it('gathers a Daily search into one digest a day, bell included', async () => {
    await saveSearch(searcher, { q: 'harpsichord' }, { name: 'Harpsichords', frequency: 'daily' });
    for (const size of ['small', 'medium', 'large'])
      await postAdAs(seller, { title: `Harpsichord, ${size}` });
    await runMatching();
    expect(await alertsOf(searcher)).toEqual([]);
    expect(await runEmails(true)).toBe(0);

    const runDigests = async () => {
      await testApp.app.jobs.send(SAVED_SEARCH_DIGESTS_JOB, {});
      await testApp.app.jobs.runQueuedJobs(SAVED_SEARCH_DIGESTS_JOB);
    };
    await runDigests();
    await runDigests();
    const mails = await mailsAbout('Harpsichords');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your daily digest: 3 new ads for “Harpsichords”');
    expect(await alertsOf(searcher)).toEqual([
      expect.objectContaining({
        title: '3 new ads for your saved search “Harpsichords”',
        link: '/saved-searches',
      }),
    ]);
    await clearAlerts(searcher);
  });
});

describe('matching in PostgreSQL', () => {
  it('reads candidate searches through the lexeme and category indexes', async () => {
    const [adId] = await insertAds(testApp, other.id, [{ title: 'Oboe reed case' }]);
    const plan = await testApp.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain ${matchingSavedSearchesSql(adId!)}`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('saved_searches_lexemes_idx');
    expect(plan).toContain('saved_searches_wordless_category_idx');
  });
});

import { moderationRoutes } from '@bazaar/common/moderation';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAd } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { confirmAddress } from '../../test/mail';
import { askAboutAd } from '../../test/messaging-factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

/**
 * The console's permission table (issue 13, decision 0017): every moderation and admin route ×
 * {anonymous, user, moderator, admin}. A refusal is 401 signed out and 403 signed in, and
 * changes no row: the moderation state of every table involved is compared before and after.
 */

type Actor = 'anonymous' | 'user' | 'moderator' | 'admin';

interface Fixture {
  /** A seller's active ad and the seller. */
  ad: string;
  seller: string;
  /** A buyer's conversation about the ad, which staff take no part in. */
  conversation: string;
}

interface Row {
  route: string;
  /** May prepare what the request needs (before the state is compared). */
  request: (fixture: Fixture) => InjectOptions | Promise<InjectOptions>;
  expect: Record<Actor, number>;
}

const staffOnly = (status = 200): Record<Actor, number> => ({
  anonymous: 401,
  user: 403,
  moderator: status,
  admin: status,
});

const send = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({
  method,
  url,
  ...(method === 'GET' ? {} : { payload: payload ?? {} }),
});

const table: Row[] = [
  { route: 'GET /api/admin/queue', request: () => send('GET', '/api/admin/queue'), expect: staffOnly() },
  {
    route: 'POST /api/admin/ads/:id/hide',
    request: ({ ad }) => send('POST', `/api/admin/ads/${ad}/hide`, { reason: 'Scam' }),
    expect: staffOnly(),
  },
  {
    route: 'POST /api/admin/ads/:id/restore',
    request: ({ ad }) => send('POST', `/api/admin/ads/${ad}/restore`),
    expect: staffOnly(),
  },
  {
    route: 'POST /api/admin/ads/:id/dismiss',
    request: ({ ad }) => send('POST', `/api/admin/ads/${ad}/dismiss`),
    expect: staffOnly(),
  },
  {
    route: 'POST /api/admin/ads/:id/feature',
    request: ({ ad }) => send('POST', `/api/admin/ads/${ad}/feature`),
    expect: staffOnly(),
  },
  {
    route: 'POST /api/admin/ads/:id/unfeature',
    request: ({ ad }) => send('POST', `/api/admin/ads/${ad}/unfeature`),
    expect: staffOnly(),
  },
  {
    route: 'GET /api/admin/conversations/:id/messages',
    request: async ({ conversation }) => {
      await openConversationReport(conversation);
      return send('GET', `/api/admin/conversations/${conversation}/messages`);
    },
    expect: staffOnly(),
  },
  {
    route: 'POST /api/admin/conversations/:id/dismiss',
    // Each staff member finds an open report to dismiss (the one before them closed it).
    request: async ({ conversation }) => {
      await openConversationReport(conversation);
      return send('POST', `/api/admin/conversations/${conversation}/dismiss`);
    },
    expect: staffOnly(),
  },
  { route: 'GET /api/admin/users', request: () => send('GET', '/api/admin/users?q=a'), expect: staffOnly() },
  {
    route: 'GET /api/admin/users/:id',
    request: ({ seller }) => send('GET', `/api/admin/users/${seller}`),
    expect: staffOnly(),
  },
  {
    route: 'POST /api/admin/users/:id/suspend',
    request: ({ seller }) => send('POST', `/api/admin/users/${seller}/suspend`, { reason: 'Scam' }),
    expect: staffOnly(),
  },
  {
    route: 'POST /api/admin/users/:id/restore',
    request: ({ seller }) => send('POST', `/api/admin/users/${seller}/restore`),
    expect: staffOnly(),
  },
  {
    route: 'PUT /api/admin/users/:id/role',
    request: ({ seller }) => send('PUT', `/api/admin/users/${seller}/role`, { role: 'moderator' }),
    expect: { anonymous: 401, user: 403, moderator: 403, admin: 200 },
  },
  {
    route: 'PUT /api/admin/users/:id/role',
    request: ({ seller }) => send('PUT', `/api/admin/users/${seller}/role`, { role: 'user' }),
    expect: { anonymous: 401, user: 403, moderator: 403, admin: 200 },
  },
  {
    route: 'GET /api/admin/audit',
    request: () => send('GET', '/api/admin/audit?q=scam'),
    expect: staffOnly(),
  },
];

let testApp: TestApp;
let fixture: Fixture;
const people = {} as Record<Exclude<Actor, 'anonymous'>, TestSeller>;

/** The buyer's open report of the conversation, about the seller (kept when one is open). */
async function openConversationReport(conversation: string) {
  await testApp.database.pool.query(
    `insert into conversation_reports (conversation_id, reporter_id, reported_id, reason, details)
     select id, buyer_id, seller_id, 'abuse', 'Insults' from conversations where id = $1
     on conflict (conversation_id, reporter_id) where resolved_at is null do nothing`,
    [conversation],
  );
}

/** Everything a moderation route could change. */
async function moderationState() {
  const { pool } = testApp.database;
  const rows = async (sql: string) => (await pool.query(sql)).rows;
  return {
    users: await rows('select id, role, suspended_at, suspended_reason from users order by id'),
    sessions: await rows('select id, user_id from sessions order by id'),
    ads: await rows(
      'select id, status, hidden_reason, hidden_with_account, review_requested_at, featured_until from advertisements order by id',
    ),
    features: await rows('select * from ad_features order by id'),
    reports: await rows('select * from ad_reports order by id'),
    conversationReports: await rows('select * from conversation_reports order by id'),
    flags: await rows('select * from ad_flags order by id'),
    audit: await rows('select * from audit_log order by id'),
    notifications: await rows('select id, user_id, kind from notifications order by id'),
  };
}

beforeAll(async () => {
  testApp = await createTestApp({ environment: { ADMIN_EMAILS: 'the-admin@example.com' } });
  const seller = await createSeller(testApp.app);
  const posted = await postAd(testApp, seller);
  expect(posted.statusCode).toBe(201);
  people.user = await createSeller(testApp.app);
  people.moderator = await createSeller(testApp.app);
  people.admin = await createSeller(testApp.app, { email: 'the-admin@example.com' });
  await confirmAddress(testApp, people.admin.email);
  await testApp.database.pool.query(`update users set role = 'moderator' where id = $1`, [
    people.moderator.id,
  ]);
  const ad = posted.json<{ id: string }>().id;
  const buyer = await createSeller(testApp.app);
  const { conversation_id: conversation } = await askAboutAd(testApp, buyer, ad);
  fixture = { ad, seller: seller.id, conversation };
  // Something in the queue for the reads to show.
  const reported = await testApp.app.inject({
    method: 'POST',
    url: `/api/ads/${fixture.ad}/reports`,
    headers: { cookie: people.user.cookie, origin: TEST_PUBLIC_URL },
    payload: { reason: 'scam' },
  });
  expect(reported.statusCode).toBe(201);
});
afterAll(() => testApp.close());

describe('the moderation permission table', () => {
  it('has a row for every staff route of the contract', () => {
    const staffRoutes = Object.values(moderationRoutes)
      .filter((route) => route.who !== 'signed-in' && route.who !== 'owner')
      .map((route) => `${route.method} ${route.url}`);
    expect(new Set(table.map((row) => row.route))).toEqual(new Set(staffRoutes));
  });

  // Those refused go first: they must find everything as it was.
  it.each(table.map((row, index) => [`${row.route} #${index}`, row] as const))('%s', async (_name, row) => {
    for (const actor of ['anonymous', 'user', 'moderator', 'admin'] as const) {
      const request = await row.request(fixture);
      const before = await moderationState();
      const cookie = actor === 'anonymous' ? {} : { cookie: people[actor].cookie };
      const response = await testApp.app.inject({
        ...request,
        headers: { origin: TEST_PUBLIC_URL, ...cookie },
      });
      expect({ actor, status: response.statusCode }).toEqual({ actor, status: row.expect[actor] });
      if (response.statusCode >= 400) {
        expect(response.json()).toMatchObject({
          error: { code: expect.any(String), message: expect.any(String) },
        });
        expect(await moderationState()).toEqual(before);
      }
    }
  });

  it('wrote one audit row per staff action that changed something, each naming its actor', async () => {
    const { rows } = await testApp.database.pool.query<{ actor_id: string; action: string }>(
      'select actor_id, action from audit_log order by created_at',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([people.moderator.id, people.admin.id]).toContain(row.actor_id);
  });
});

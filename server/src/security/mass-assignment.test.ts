import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSellerPlan, imagePart, postAd, sendAdForm, validAdFields } from '../../test/ad-factories';
import { createSeller, nextRemoteAddress, type TestSeller } from '../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

/**
 * Fields the server owns can never be set through the API: a request naming one is refused
 * with 400 and changes nothing, and prototype keys (`__proto__`, `constructor`) are refused
 * the same way, never reaching an object's prototype and never causing a 500.
 */

let testApp: TestApp;
let seller: TestSeller;
let adId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  seller = await createSeller(testApp.app);
  // Room for more ads, so that a refusal can only come from the fields.
  await giveSellerPlan(testApp, seller.id, 10);
  const posted = await postAd(testApp, seller);
  expect(posted.statusCode).toBe(201);
  adId = posted.json<{ id: string }>().id;
});
afterAll(() => testApp.close());

async function sellerRows() {
  const { pool } = testApp.database;
  return {
    profile: (await pool.query('select * from profiles where id = $1', [seller.id])).rows,
    user: (await pool.query('select * from users where id = $1', [seller.id])).rows,
    ads: (await pool.query('select * from advertisements where user_id = $1 order by id', [seller.id])).rows,
    media: (await pool.query('select * from ad_media where ad_id = $1 order by id', [adId])).rows,
  };
}

async function uploadedFiles(): Promise<string[]> {
  const entries = await readdir(testApp.uploadsDir, { recursive: true }).catch(() => [] as string[]);
  return entries.sort();
}

function sendJson(method: 'PATCH' | 'PUT' | 'POST', url: string, payload: string) {
  return testApp.app.inject({
    method,
    url,
    remoteAddress: nextRemoteAddress(),
    headers: { cookie: seller.cookie, origin: TEST_PUBLIC_URL, 'content-type': 'application/json' },
    payload,
  });
}

/** Sends the request and checks it was refused with 400 in the error shape, changing nothing. */
async function expectRefusedUnchanged(send: () => Promise<{ statusCode: number; json: () => unknown }>) {
  const [rowsBefore, filesBefore] = [await sellerRows(), await uploadedFiles()];
  const response = await send();
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    error: { code: 'validation_failed', message: expect.any(String) },
  });
  expect(await sellerRows()).toEqual(rowsBefore);
  expect(await uploadedFiles()).toEqual(filesBefore);
  expect(await readdir(path.join(testApp.dataDir, 'tmp', 'uploads'))).toEqual([]);
}

const adOwnedFields: Record<string, string> = {
  user_id: '00000000-0000-4000-8000-000000000000',
  featured: 'true',
  featured_until: '2099-01-01T00:00:00.000Z',
  views: '100000',
  likes: '5000',
  created_at: '2001-01-01T00:00:00.000Z',
};

const profileOwnedFields: Record<string, unknown> = {
  subscription_status: 'active',
  subscription_plan: 'master',
  max_ads: 1000,
  trial_end_date: '2099-01-01T00:00:00.000Z',
  verified: true,
};

describe('mass assignment', () => {
  it.each(Object.entries(adOwnedFields))('refuses %s when posting an ad', async (field, value) => {
    await expectRefusedUnchanged(() => postAd(testApp, seller, { fields: { [field]: value } }));
  });

  it.each(Object.entries(adOwnedFields))('refuses %s when changing an ad', async (field, value) => {
    await expectRefusedUnchanged(() =>
      sendAdForm(testApp, seller, {
        method: 'PATCH',
        url: `/api/ads/${adId}`,
        fields: { title: 'Changed', [field]: value },
        files: [],
      }),
    );
  });

  it.each(Object.entries(profileOwnedFields))(
    'refuses %s when changing the profile',
    async (field, value) => {
      await expectRefusedUnchanged(() =>
        sendJson('PATCH', '/api/profile', JSON.stringify({ name: 'Sneaky', [field]: value })),
      );
    },
  );
});

describe('query parameters a route does not declare', () => {
  it('refuses them, naming the parameter, on a write and a read, and writes nothing', async () => {
    await expectRefusedUnchanged(() =>
      sendJson('PATCH', '/api/profile?role=admin&verified=true', JSON.stringify({ name: 'Sneaky' })),
    );
    const read = await testApp.app.inject({ url: '/api/me?role=admin', headers: { cookie: seller.cookie } });
    expect(read.statusCode).toBe(400);
    expect(read.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { querystring: 'Unrecognized key: "role"' },
    });
  });

  it('still takes the parameters a route declares', async () => {
    const response = await testApp.app.inject({ url: '/api/ads?q=camera&sort=newest' });
    expect(response.statusCode).toBe(200);
  });
});

describe('bodies a write does not declare', () => {
  it.each([
    ['POST', '/api/ads/:id/feature/checkouts'],
    ['POST', '/api/ads/:id/feature'],
    ['POST', '/api/subscription/cancel'],
    ['POST', '/api/notifications/read-all'],
    ['PUT', '/api/ads/:id/favorite'],
  ] as const)('refuses any field sent to %s %s, naming it, and writes nothing', async (method, route) => {
    const url = route.replace(':id', adId);
    const payload = JSON.stringify({ featured_until: '2099-01-01T00:00:00.000Z', amount_cents: 1 });
    await expectRefusedUnchanged(() => sendJson(method, url, payload));
    const response = await sendJson(method, url, payload);
    expect(response.json().error.fields).toEqual({
      body: expect.stringContaining('Unrecognized keys: "featured_until", "amount_cents"'),
    });
  });

  it('still takes such a write with no body, or an empty one', async () => {
    const empty = await sendJson('POST', '/api/notifications/read-all', '{}');
    expect(empty.statusCode).toBe(200);
    const none = await testApp.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      remoteAddress: nextRemoteAddress(),
      headers: { cookie: seller.cookie, origin: TEST_PUBLIC_URL },
    });
    expect(none.statusCode).toBe(200);
  });
});

describe('prototype keys', () => {
  const pollutions = [
    '{"name":"Sneaky","__proto__":{"max_ads":1000,"isAdmin":true}}',
    '{"name":"Sneaky","constructor":{"prototype":{"max_ads":1000}}}',
    '{"name":"Sneaky","nested":{"__proto__":{"verified":true}}}',
  ];

  it.each(pollutions)('refuses %s in a JSON body', async (payload) => {
    for (const [method, url] of [
      ['PATCH', '/api/profile'],
      ['PUT', '/api/profile/settings'],
      ['POST', '/api/subscription/checkouts'],
    ] as const) {
      await expectRefusedUnchanged(() => sendJson(method, url, payload));
    }
    expect(({} as Record<string, unknown>).max_ads).toBeUndefined();
  });

  it.each(['__proto__', 'constructor', 'prototype', 'hasOwnProperty'])(
    'refuses a form field named %s, for a new ad and a change',
    async (field) => {
      await expectRefusedUnchanged(async () =>
        sendAdForm(testApp, seller, {
          fields: { ...validAdFields, [field]: '{"featured":true}' },
          files: [await imagePart()],
        }),
      );
      await expectRefusedUnchanged(() =>
        sendAdForm(testApp, seller, {
          method: 'PATCH',
          url: `/api/ads/${adId}`,
          fields: { [field]: 'x', title: 'Changed' },
        }),
      );
    },
  );
});

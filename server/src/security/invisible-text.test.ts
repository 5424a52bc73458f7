import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSellerPlan, postAd, sendAdForm } from '../../test/ad-factories';
import { createSeller, nextRemoteAddress, type TestSeller } from '../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

/**
 * Titles, names, descriptions and messages show what they say: one made only of characters
 * that show nothing is no text, and bidi controls, which reorder what follows them on screen,
 * and control characters, which a terminal or a mail header obeys, are dropped.
 */

const NOTHING_VISIBLE = '\u200B\u200C\u200D\u2060\uFEFF\u3164';
const REORDERED = 'Lamp \u202Etxt.exe\u202C';

let testApp: TestApp;
let seller: TestSeller;

beforeAll(async () => {
  testApp = await createTestApp();
  seller = await createSeller(testApp.app);
  await giveSellerPlan(testApp, seller.id, 10);
});
afterAll(() => testApp.close());

function send(method: 'PATCH' | 'POST', url: string, payload: object, who?: TestSeller) {
  return testApp.app.inject({
    method,
    url,
    remoteAddress: nextRemoteAddress(),
    headers: { origin: TEST_PUBLIC_URL, ...(who ? { cookie: who.cookie } : {}) },
    payload,
  });
}

describe('ad titles', () => {
  it('need a character that shows, when posted and when edited', async () => {
    const posted = await postAd(testApp, seller, { fields: { title: NOTHING_VISIBLE } });
    expect(posted.statusCode).toBe(400);
    expect(posted.json().error.fields).toEqual({ title: 'Title is required.' });

    const ad = (await postAd(testApp, seller)).json();
    const edited = await sendAdForm(testApp, seller, {
      method: 'PATCH',
      url: `/api/ads/${ad.id}`,
      fields: { title: NOTHING_VISIBLE },
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().error.fields).toEqual({ title: 'Title is required.' });
  });

  it('lose their bidi controls', async () => {
    const posted = await postAd(testApp, seller, { fields: { title: REORDERED } });
    expect(posted.statusCode).toBe(201);
    expect(posted.json().title).toBe('Lamp txt.exe');
  });

  it('stay one line without control characters, and descriptions keep only their lines', async () => {
    const posted = await postAd(testApp, seller, {
      fields: {
        title: 'Lamp\r\nBcc: someone@example.com\u0007',
        description: 'Brass lamp.\r\nWorks.\u001B[31m',
      },
    });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      title: 'Lamp Bcc: someone@example.com',
      description: 'Brass lamp.\nWorks.[31m',
    });
  });
});

describe('messages', () => {
  it('need a character that shows', async () => {
    const [ad] = (await testApp.app.inject('/api/ads?limit=1')).json().ads;
    const buyer = await createSeller(testApp.app);
    const invisible = await send(
      'POST',
      '/api/conversations',
      { ad_id: ad.id, body: NOTHING_VISIBLE },
      buyer,
    );
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().error.fields).toEqual({ body: 'Write a message first.' });
  });
});

describe('names', () => {
  it('need a character that shows at sign-up, and lose their bidi controls', async () => {
    const invisible = await send('POST', '/api/auth/sign-up/email', {
      name: NOTHING_VISIBLE,
      email: `invisible-${Date.now()}@example.com`,
      password: 'secret-enough',
    });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().error.fields).toEqual({ name: 'Please enter your name.' });

    const reordered = await createSeller(testApp.app, { name: 'Eve \u202Enomis' });
    const me = await testApp.app.inject({ url: '/api/me', headers: { cookie: reordered.cookie } });
    expect(me.json().user.user_metadata.name).toBe('Eve nomis');
  });

  it('lose their bidi controls in the profile too', async () => {
    const response = await send('PATCH', '/api/profile', { name: '\u2066Rita\u2069 \u202EMoreno' }, seller);
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Rita Moreno');
  });
});

import { readProfileSettings } from '@bazaar/common/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { askAboutAd, sendAs } from '../../test/messaging-factories';
import { createTestApp, TEST_AUTH_SECRET, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { createUnsubscribeToken, deriveUnsubscribeKey, readUnsubscribeToken } from './unsubscribe';

let testApp: TestApp;
let seller: TestSeller;
let buyer: TestSeller;

beforeAll(async () => {
  testApp = await createTestApp();
  seller = await createSeller(testApp.app, { name: 'Sam Seller' });
  buyer = await createSeller(testApp.app, { name: 'Bea Buyer' });
});
afterAll(() => testApp.close());

const key = deriveUnsubscribeKey(TEST_AUTH_SECRET);
const runEmailJobs = () => testApp.app.jobs.runQueuedJobs('message-email', { includeDelayed: true });

async function emailNewMessagesOf(user: TestSeller): Promise<boolean> {
  const { rows } = await testApp.database.pool.query('select settings from profiles where id = $1', [
    user.id,
  ]);
  return readProfileSettings(rows[0].settings).emailNewMessages;
}

async function turnEmailsOn(user: TestSeller) {
  await testApp.database.pool.query(
    `update profiles set settings = settings || '{"emailNewMessages": true}'::jsonb where id = $1`,
    [user.id],
  );
}

/** What a mail provider sends when the reader presses its Unsubscribe button (RFC 8058). */
function oneClick(path: string) {
  return testApp.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
}

/** A new burst of messages from the buyer about a new ad of the seller; returns the e-mails it caused. */
async function burstOfMessages() {
  const [adId] = (await insertAds(testApp, seller.id, [{ title: 'Road bike' }])) as [string];
  const sent = await askAboutAd(testApp, buyer, adId, 'Is it still available?');
  await runEmailJobs();
  return (await testApp.outbox()).filter((mail) => mail.text.includes(`/messages/${sent.conversation_id}`));
}

describe('the unsubscribe token', () => {
  it('names one user and one setting, and any change to it makes it worthless', () => {
    const token = createUnsubscribeToken(key, seller.id, 'new-messages');
    expect(readUnsubscribeToken(key, token)).toEqual({
      userId: seller.id,
      topic: 'new-messages',
      setting: 'emailNewMessages',
    });
    const [topic, , signature] = token.split('.');
    const tampered = [
      `${topic}.${buyer.id}.${signature}`,
      `weekly-reports.${seller.id}.${signature}`,
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      `${token}.extra`,
      token.replace(/\.[^.]+$/, ''),
      '',
      createUnsubscribeToken(
        deriveUnsubscribeKey('another-secret-of-at-least-thirty-two-chars'),
        seller.id,
        'new-messages',
      ),
    ];
    for (const forged of tampered) expect(readUnsubscribeToken(key, forged), forged).toBeNull();
  });

  it('is refused with any other last character, although base64url decoding ignores its spare bits', () => {
    const token = createUnsubscribeToken(key, seller.id, 'new-messages');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (const last of alphabet.replace(token.at(-1)!, '')) {
      expect(readUnsubscribeToken(key, `${token.slice(0, -1)}${last}`), last).toBeNull();
    }
  });
});

describe('the new-message e-mail', () => {
  it('carries the link in its body and as List-Unsubscribe with one-click POST', async () => {
    await turnEmailsOn(seller);
    const [mail] = await burstOfMessages();
    const link = `${TEST_PUBLIC_URL}/unsubscribe/${createUnsubscribeToken(key, seller.id, 'new-messages')}`;
    expect(mail!.to).toBe(seller.email);
    expect(mail!.text).toContain(`Unsubscribe: ${link}`);
    expect(mail!.html).toContain(`href="${link}"`);
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${link}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('turns the setting off with one POST and no session, after which no e-mail goes out', async () => {
    await turnEmailsOn(seller);
    const [mail] = await burstOfMessages();
    const link = new URL(mail!.headers!['List-Unsubscribe']!.slice(1, -1));

    const response = await oneClick(link.pathname);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('You are unsubscribed');
    expect(await emailNewMessagesOf(seller)).toBe(false);
    // The other settings stay as they were; pressing again changes nothing and still says so.
    expect((await sendAs(testApp, seller, 'GET', '/api/profile/settings')).json()).toMatchObject({
      emailNewMessages: false,
      allowDirectMessages: true,
    });
    expect((await oneClick(link.pathname)).statusCode).toBe(200);

    expect(await burstOfMessages()).toEqual([]);
  });

  it('only asks on GET (mail scanners follow links), with a button that posts to the same address', async () => {
    await turnEmailsOn(seller);
    const path = `/unsubscribe/${createUnsubscribeToken(key, seller.id, 'new-messages')}`;
    const response = await testApp.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.body).toContain('Unsubscribe from e-mails about new messages?');
    expect(response.body).toContain(`<form method="post" action="${path}"`);
    expect(response.body).toContain('<button type="submit" class="primary">Unsubscribe</button>');
    expect(await emailNewMessagesOf(seller)).toBe(true);

    // The page's form, as a browser posts it (same origin, no session needed).
    const submitted = await testApp.app.inject({
      method: 'POST',
      url: path,
      headers: { origin: TEST_PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(submitted.statusCode).toBe(200);
    expect(await emailNewMessagesOf(seller)).toBe(false);
  });
});

describe('links that are not valid', () => {
  it('refuses a forged, tampered or other-key token with 400 and changes nothing', async () => {
    await turnEmailsOn(seller);
    const token = createUnsubscribeToken(key, seller.id, 'new-messages');
    const signature = token.split('.')[2];
    for (const forged of [
      `new-messages.${seller.id}.${'A'.repeat(43)}`,
      `new-messages.${seller.id}.${signature!.slice(0, -2)}`,
      `weekly-reports.${seller.id}.${signature}`,
      'not-a-token',
      createUnsubscribeToken(
        deriveUnsubscribeKey('another-secret-of-at-least-thirty-two-chars'),
        seller.id,
        'new-messages',
      ),
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const response =
          method === 'POST'
            ? await oneClick(`/unsubscribe/${forged}`)
            : await testApp.app.inject({ method, url: `/unsubscribe/${forged}` });
        expect(response.statusCode, `${method} ${forged}`).toBe(400);
        expect(response.body).toContain('This unsubscribe link is not valid');
      }
    }
    expect(await emailNewMessagesOf(seller)).toBe(true);
  });

  it("cannot be turned into another user's link: the buyer's link unsubscribes the buyer only", async () => {
    await turnEmailsOn(seller);
    await turnEmailsOn(buyer);
    const buyersToken = createUnsubscribeToken(key, buyer.id, 'new-messages');
    const [, , buyersSignature] = buyersToken.split('.');
    // The buyer's signature with the seller's id: refused.
    expect((await oneClick(`/unsubscribe/new-messages.${seller.id}.${buyersSignature}`)).statusCode).toBe(
      400,
    );
    expect(await emailNewMessagesOf(seller)).toBe(true);
    // The buyer's own link, even posted with the seller's session, changes only the buyer.
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/unsubscribe/${buyersToken}`,
      headers: { cookie: seller.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(await emailNewMessagesOf(buyer)).toBe(false);
    expect(await emailNewMessagesOf(seller)).toBe(true);
  });

  it('answers 404 for an account that no longer exists', async () => {
    const gone = '00000000-0000-4000-8000-000000000000';
    const token = createUnsubscribeToken(key, gone, 'new-messages');
    expect((await oneClick(`/unsubscribe/${token}`)).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: `/unsubscribe/${token}` })).statusCode).toBe(404);
  });
});

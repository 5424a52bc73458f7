import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AccountExport } from '@bazaar/common/profiles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds, postAd } from '../../test/ad-factories';
import { createSeller, signIn, type TestSeller } from '../../test/factories';
import { subscribeWithDemo, writeHeaders } from '../../test/subscription-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PASSWORD_CHECKS_PER_HOUR } from './delete-account';
import {
  adMedia,
  advertisements,
  checkouts,
  conversationParticipants,
  conversations,
  favorites,
  messages,
  payments,
  profiles,
  sessions,
  users,
} from '../db/schema';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

function deleteAccount(seller: TestSeller, password: string) {
  return testApp.app.inject({
    method: 'DELETE',
    url: '/api/me',
    headers: writeHeaders(seller),
    payload: { password },
  });
}

/** A seller with a posted ad (photo on disk), a favourite, a plan paid for and a conversation. */
async function busySeller() {
  const seller = await createSeller(testApp.app, { name: 'Leaving Seller' });
  const other = await createSeller(testApp.app);
  const posted = await postAd(testApp, seller);
  expect(posted.statusCode).toBe(201);
  const adId = posted.json<{ id: string }>().id;
  const [othersAd] = await insertAds(testApp, other.id, [{ title: 'Their lamp' }]);
  await testApp.app.inject({
    method: 'PUT',
    url: `/api/ads/${othersAd}/favorite`,
    headers: writeHeaders(seller),
  });
  await testApp.app.inject({ method: 'PUT', url: `/api/ads/${adId}/favorite`, headers: writeHeaders(other) });
  await subscribeWithDemo(testApp.app, seller, 'starter');
  const [conversation] = await testApp.database.db
    .insert(conversations)
    .values({ ad_id: othersAd!, ad_title: 'Their lamp', buyer_id: seller.id, seller_id: other.id })
    .returning();
  await testApp.database.db.insert(conversationParticipants).values([
    { conversation_id: conversation!.id, role: 'buyer', user_id: seller.id, last_message_at: new Date() },
    { conversation_id: conversation!.id, role: 'seller', user_id: other.id, last_message_at: new Date() },
  ]);
  await testApp.database.db.insert(messages).values({
    conversation_id: conversation!.id,
    sender_id: seller.id,
    sender_role: 'buyer',
    body: 'Is it still there?',
  });
  return { seller, other, adId, othersAd: othersAd!, conversationId: conversation!.id };
}

describe('DELETE /api/me', () => {
  it('refuses a wrong password and deletes nothing', async () => {
    const { seller, adId } = await busySeller();
    const response = await deleteAccount(seller, 'not-my-password');
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('wrong_password');
    expect(await testApp.database.db.select().from(users).where(eq(users.id, seller.id))).toHaveLength(1);
    expect(
      await testApp.database.db.select().from(advertisements).where(eq(advertisements.id, adId)),
    ).toHaveLength(1);
  });

  it('checks the password at most PASSWORD_CHECKS_PER_HOUR times an hour per account: then 429, even for the right one', async () => {
    const seller = await createSeller(testApp.app);
    const other = await createSeller(testApp.app);
    for (let attempt = 0; attempt < PASSWORD_CHECKS_PER_HOUR; attempt += 1) {
      expect((await deleteAccount(seller, `guess-${attempt}`)).statusCode).toBe(403);
    }
    const refused = await deleteAccount(seller, seller.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
    expect(await testApp.database.db.select().from(users).where(eq(users.id, seller.id))).toHaveLength(1);
    // Counted per account: another person's check is not refused.
    expect((await deleteAccount(other, 'a-guess')).statusCode).toBe(403);
  });

  it('deletes ads, files, favourites, sessions and profile; keeps messages and payments without the person', async () => {
    const { seller, other, adId, conversationId } = await busySeller();
    const adFolder = path.join(testApp.uploadsDir, 'ads', adId);
    expect((await readdir(adFolder)).length).toBeGreaterThan(0);
    const [media] = await testApp.database.db.select().from(adMedia).where(eq(adMedia.ad_id, adId));
    expect(media).toBeDefined();

    const response = await deleteAccount(seller, seller.password);
    expect(response.statusCode).toBe(204);

    const db = testApp.database.db;
    expect(await db.select().from(users).where(eq(users.id, seller.id))).toEqual([]);
    expect(await db.select().from(profiles).where(eq(profiles.id, seller.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, seller.id))).toEqual([]);
    expect(await db.select().from(advertisements).where(eq(advertisements.user_id, seller.id))).toEqual([]);
    expect(await db.select().from(adMedia).where(eq(adMedia.ad_id, adId))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.user_id, seller.id))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.ad_id, adId))).toEqual([]);
    expect(existsSync(adFolder) ? await readdir(adFolder) : []).toEqual([]);
    expect(existsSync(path.join(testApp.uploadsDir, media!.storage_key))).toBe(false);

    // Messages stay for the other side, from a deleted user.
    const [message] = await db.select().from(messages).where(eq(messages.conversation_id, conversationId));
    expect(message).toMatchObject({ sender_id: null, sender_role: 'buyer', body: 'Is it still there?' });
    // Payments stay for accounting, without the person.
    const kept = await db.select().from(payments).where(eq(payments.amount_cents, 500));
    expect(kept.some((payment) => payment.user_id === null)).toBe(true);
    const paidCheckouts = await db.select().from(checkouts).where(eq(checkouts.status, 'paid'));
    expect(paidCheckouts.filter((checkout) => checkout.user_id === null)).not.toHaveLength(0);

    const mail = (await testApp.outbox()).filter((entry) => entry.to === seller.email);
    expect(mail.at(-1)?.subject).toBe('Your Bazaar account has been deleted');
    const again = await signIn(testApp.app, { email: seller.email, password: seller.password });
    expect(again.response.statusCode).toBe(401);
    const oldSession = await testApp.app.inject({ url: '/api/profile', headers: { cookie: seller.cookie } });
    expect(oldSession.statusCode).toBe(401);
    // The other person is untouched.
    expect(await db.select().from(users).where(eq(users.id, other.id))).toHaveLength(1);
  });
});

describe('GET /api/me/export', () => {
  it('answers one JSON file of everything held about the person', async () => {
    const { seller, adId, othersAd, conversationId } = await busySeller();
    const response = await testApp.app.inject({ url: '/api/me/export', headers: { cookie: seller.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="bazaar-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json<AccountExport>();
    expect(data.account).toMatchObject({ id: seller.id, email: seller.email, name: 'Leaving Seller' });
    expect(data.profile).toMatchObject({ subscription_plan: 'starter' });
    expect(data.ads).toEqual([
      expect.objectContaining({ id: adId, media: [expect.objectContaining({ kind: 'image' })] }),
    ]);
    expect((data.ads[0]!.media as { url: string }[])[0]!.url).toMatch(/^\/media\/ads\//);
    expect(data.favorites).toEqual([expect.objectContaining({ ad_id: othersAd, title: 'Their lamp' })]);
    expect(data.payments).toEqual([expect.objectContaining({ plan_id: 'starter', amount_cents: 500 })]);
    expect(data.conversations).toEqual([
      expect.objectContaining({
        id: conversationId,
        my_role: 'buyer',
        messages: [expect.objectContaining({ body: 'Is it still there?' })],
      }),
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data.sessions)).not.toContain('token');
  });

  it('lists the person’s reports of conversations, without who on the staff closed them', async () => {
    const { seller, conversationId } = await busySeller();
    const reported = await testApp.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/reports`,
      headers: writeHeaders(seller),
      payload: { reason: 'spam', details: 'Links to another site.' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    await testApp.database.pool.query(
      'update conversation_reports set resolved_at = now(), resolved_by = $2 where conversation_id = $1',
      [conversationId, seller.id],
    );
    const data = (
      await testApp.app.inject({ url: '/api/me/export', headers: { cookie: seller.cookie } })
    ).json<AccountExport>();
    expect(data.conversation_reports).toEqual([
      {
        id: expect.any(String),
        conversation_id: conversationId,
        reason: 'spam',
        details: 'Links to another site.',
        created_at: expect.any(String),
        resolved_at: expect.any(String),
      },
    ]);
  });
});

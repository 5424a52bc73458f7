import type {
  ConversationQueueItem,
  QueueItem,
  QueueResponse,
  StaffMessagesResponse,
  UserDetailResponse,
} from '@bazaar/common/moderation';
import { QUEUE_CONVERSATION_MESSAGES } from '@bazaar/common/moderation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { askAboutAd, sendAs } from '../../test/messaging-factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Reports of conversations reach the moderators (decision 0017): the queue shows them with
 * the conversation's newest messages to staff who take no part in it, staff read it only
 * while a report is open, and dismissing or suspending the reported person closes them.
 */

let testApp: TestApp;
let admin: TestSeller;
let moderator: TestSeller;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await createSeller(testApp.app, { name: 'Chief Admin' });
  moderator = await createSeller(testApp.app, { name: 'Mo Derator' });
  await query(`update users set role = 'admin' where id = $1`, [admin.id]);
  await query(`update users set role = 'moderator' where id = $1`, [moderator.id]);
});
afterAll(() => testApp.close());

async function query<Row = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<Row[]> {
  return (await testApp.database.pool.query(text, values)).rows as Row[];
}

const call = (
  who: TestSeller | undefined,
  method: 'GET' | 'POST',
  url: string,
  payload: object | undefined = method === 'POST' ? {} : undefined,
) => sendAs(testApp, who, method, url, payload);

/** A seller's ad and a buyer's conversation about it, with a message from each side. */
async function conversation(
  options: { seller?: TestSeller; title?: string; sellerName?: string; buyerName?: string } = {},
) {
  const seller =
    options.seller ?? (await createSeller(testApp.app, { name: options.sellerName ?? 'Sam Seller' }));
  const buyer = await createSeller(testApp.app, { name: options.buyerName ?? 'Bea Buyer' });
  const [adId] = (await insertAds(testApp, seller.id, [{ title: options.title ?? 'Road bike' }])) as [string];
  const { conversation_id: id } = await askAboutAd(testApp, buyer, adId, 'Is it still available?');
  const reply = await call(seller, 'POST', `/api/conversations/${id}/messages`, {
    body: 'Yes. Pay me with gift cards first, idiot.',
  });
  expect(reply.statusCode).toBe(201);
  return { id, adId, seller, buyer };
}

const report = (who: TestSeller, id: string, body: object = { reason: 'abuse', details: 'Insults me.' }) =>
  call(who, 'POST', `/api/conversations/${id}/reports`, body);

async function queueOf(who: TestSeller, search = '?limit=50') {
  const response = await call(who, 'GET', `/api/admin/queue${search}`);
  expect(response.statusCode).toBe(200);
  return response.json<QueueResponse>();
}

const conversationItem = (items: QueueItem[], id: string) =>
  items.find(
    (item): item is ConversationQueueItem => item.kind === 'conversation' && item.conversation.id === id,
  );

const openReports = async (id: string) =>
  (
    await query<{ n: number }>(
      'select count(*)::int as n from conversation_reports where conversation_id = $1 and resolved_at is null',
      [id],
    )
  )[0]!.n;

describe('a reported conversation in the queue', () => {
  it('shows who reported whom, when and why, the ad, both people and the messages', async () => {
    const { id, adId, seller, buyer } = await conversation({ title: 'Oak dining table' });
    expect(conversationItem((await queueOf(moderator)).items, id)).toBeUndefined();
    expect((await report(buyer, id)).statusCode).toBe(201);

    const item = conversationItem((await queueOf(moderator)).items, id);
    expect(item).toMatchObject({
      kind: 'conversation',
      conversation: { id, ad: { id: adId, title: 'Oak dining table', status: 'active' } },
      report_count: 1,
      reports: [{ reason: 'abuse', details: 'Insults me.', reporter_role: 'buyer', reported_role: 'seller' }],
      buyer: { id: buyer.id, name: 'Bea Buyer', email: buyer.email, suspended: false },
      seller: { id: seller.id, name: 'Sam Seller', conversation_report_count: 1, ad_count: 1 },
      has_earlier_messages: false,
    });
    expect(item!.reports[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(item!.messages.map((message) => [message.sender_role, message.body])).toEqual([
      ['buyer', 'Is it still available?'],
      ['seller', 'Yes. Pay me with gift cards first, idiot.'],
    ]);
    // The seller's gift-card message carries the scam warning staff should see.
    expect(item!.messages[1]!.warnings).toContain('risky_payment');
  });

  it(`carries the newest ${QUEUE_CONVERSATION_MESSAGES} messages; staff read older ones page by page`, async () => {
    const { id, buyer } = await conversation();
    // Two messages, then enough for the newest page to leave out only the first one.
    for (let index = 1; index < QUEUE_CONVERSATION_MESSAGES; index += 1) {
      expect(
        (await call(buyer, 'POST', `/api/conversations/${id}/messages`, { body: `Message ${index}` }))
          .statusCode,
      ).toBe(201);
    }
    await report(buyer, id);
    const item = conversationItem((await queueOf(admin)).items, id)!;
    expect(item.messages).toHaveLength(QUEUE_CONVERSATION_MESSAGES);
    expect(item.messages.at(-1)!.body).toBe(`Message ${QUEUE_CONVERSATION_MESSAGES - 1}`);
    expect(item.messages[0]!.body).toBe('Yes. Pay me with gift cards first, idiot.');
    expect(item.has_earlier_messages).toBe(true);

    const older = await call(
      admin,
      'GET',
      `/api/admin/conversations/${id}/messages?before=${item.messages[0]!.id}`,
    );
    expect(older.statusCode).toBe(200);
    expect(older.json<StaffMessagesResponse>()).toEqual({
      messages: [expect.objectContaining({ sender_role: 'buyer', body: 'Is it still available?' })],
      has_more: false,
    });
    const page = await call(admin, 'GET', `/api/admin/conversations/${id}/messages?limit=3`);
    expect(page.json<StaffMessagesResponse>().messages.map((message) => message.body)).toEqual([
      `Message ${QUEUE_CONVERSATION_MESSAGES - 3}`,
      `Message ${QUEUE_CONVERSATION_MESSAGES - 2}`,
      `Message ${QUEUE_CONVERSATION_MESSAGES - 1}`,
    ]);
    expect((await call(admin, 'GET', `/api/admin/conversations/${id}/messages?limit=51`)).statusCode).toBe(
      400,
    );
  });

  it('is not shown to a moderator who takes part in it, who cannot read or dismiss it either', async () => {
    const { id, buyer } = await conversation({ seller: moderator });
    await report(buyer, id);
    expect(conversationItem((await queueOf(moderator)).items, id)).toBeUndefined();
    expect(conversationItem((await queueOf(admin)).items, id)).toBeDefined();

    const read = await call(moderator, 'GET', `/api/admin/conversations/${id}/messages`);
    expect(read.statusCode).toBe(403);
    expect(read.json().error.message).toBe('Another moderator must review a conversation you take part in.');
    expect((await call(moderator, 'POST', `/api/admin/conversations/${id}/dismiss`)).statusCode).toBe(403);
    expect(await openReports(id)).toBe(1);
    expect(await query('select 1 from audit_log where target_id = $1', [id])).toEqual([]);
  });

  it('ranks by open reports with the ads, and pages through both without repeating one', async () => {
    // Both people report each other: two open reports, above any ad reported once.
    const both = await conversation();
    await report(both.buyer, both.id);
    await report(both.seller, both.id, { reason: 'spam' });
    const once = await conversation();
    await report(once.buyer, once.id);
    const reporter = await createSeller(testApp.app);
    const [reportedAd] = (await insertAds(testApp, once.seller.id, [{ title: 'Reported lamp' }])) as [string];
    expect(
      (await call(reporter, 'POST', `/api/ads/${reportedAd}/reports`, { reason: 'scam' })).statusCode,
    ).toBe(201);

    const whole = (await queueOf(admin)).items;
    const item = conversationItem(whole, both.id)!;
    expect(item.report_count).toBe(2);
    expect(item.reports.map((entry) => [entry.reporter_role, entry.reported_role])).toEqual([
      ['seller', 'buyer'],
      ['buyer', 'seller'],
    ]);
    const counts = whole.map((entry) => entry.report_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(whole.indexOf(item)).toBeLessThan(
      whole.findIndex((entry) => entry.kind === 'ad' && entry.ad.id === reportedAd),
    );

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: QueueResponse = await queueOf(
        admin,
        `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.items).toHaveLength(1);
      for (const entry of page.items) seen.push(entry.kind === 'ad' ? entry.ad.id : entry.conversation.id);
      cursor = page.next_cursor;
    } while (cursor && seen.length < 100);
    expect(seen).toEqual(whole.map((entry) => (entry.kind === 'ad' ? entry.ad.id : entry.conversation.id)));
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('staff reading a conversation', () => {
  it('happens only while a report of it is open; otherwise it does not exist for them', async () => {
    const { id, buyer } = await conversation();
    const messages = () => call(moderator, 'GET', `/api/admin/conversations/${id}/messages`);
    expect((await messages()).statusCode).toBe(404);
    expect((await messages()).json().error.message).toBe('This conversation does not exist.');

    await report(buyer, id);
    expect((await messages()).statusCode).toBe(200);
    expect((await messages()).json<StaffMessagesResponse>().messages).toHaveLength(2);
    // The participants' own routes stay theirs: staff neither read nor write there.
    expect((await call(moderator, 'GET', `/api/conversations/${id}`)).statusCode).toBe(404);
    expect((await call(moderator, 'GET', `/api/conversations/${id}/messages`)).statusCode).toBe(404);
    expect(
      (await call(moderator, 'POST', `/api/conversations/${id}/messages`, { body: 'Moderator here' }))
        .statusCode,
    ).toBe(404);

    await call(admin, 'POST', `/api/admin/conversations/${id}/dismiss`);
    expect((await messages()).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/api/admin/conversations/${id}/messages`)).statusCode).toBe(404);
  });
});

describe('deciding about a reported conversation', () => {
  it('dismisses: the reports close, who and when are kept, and the audit log says so', async () => {
    const { id, buyer } = await conversation({ title: 'Garden bench' });
    await report(buyer, id);
    const dismissed = await call(moderator, 'POST', `/api/admin/conversations/${id}/dismiss`);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({ conversation: { id, open_reports: 0 } });
    const [row] = await query<{ resolved_by: string; resolved: boolean }>(
      'select resolved_by, resolved_at is not null as resolved from conversation_reports where conversation_id = $1',
      [id],
    );
    expect(row).toEqual({ resolved_by: moderator.id, resolved: true });
    expect(
      await query('select actor_id, action, target_type, target_label from audit_log where target_id = $1', [
        id,
      ]),
    ).toEqual([
      {
        actor_id: moderator.id,
        action: 'conversation_dismissed',
        target_type: 'conversation',
        target_label: 'Conversation about “Garden bench”',
      },
    ]);
    expect(conversationItem((await queueOf(admin)).items, id)).toBeUndefined();
    // Nothing is left to dismiss: the second decision finds no open report (404), and writes no row.
    expect((await call(admin, 'POST', `/api/admin/conversations/${id}/dismiss`)).statusCode).toBe(404);
    expect(await query('select 1 from audit_log where target_id = $1', [id])).toHaveLength(1);
  });

  it('suspends the reported person: the reports about them close, a report about the reporter stays', async () => {
    const { id, seller, buyer } = await conversation();
    await report(buyer, id);
    await report(seller, id, { reason: 'spam', details: '' });
    const suspended = await call(moderator, 'POST', `/api/admin/users/${seller.id}/suspend`, {
      reason: 'Insults buyers',
    });
    expect(suspended.statusCode).toBe(200);
    expect(
      await query(
        `select reporter_id, reported_id, resolved_by from conversation_reports where conversation_id = $1
         order by resolved_at nulls last`,
        [id],
      ),
    ).toEqual([
      { reporter_id: buyer.id, reported_id: seller.id, resolved_by: moderator.id },
      { reporter_id: seller.id, reported_id: buyer.id, resolved_by: null },
    ]);
    const item = conversationItem((await queueOf(admin)).items, id)!;
    expect(item.reports).toEqual([
      expect.objectContaining({ reporter_role: 'seller', reported_role: 'buyer' }),
    ]);
    expect(item.seller).toMatchObject({ suspended: true });
    const [audit] = await query('select actor_id, action, reason from audit_log where target_id = $1', [
      seller.id,
    ]);
    expect(audit).toEqual({ actor_id: moderator.id, action: 'user_suspended', reason: 'Insults buyers' });
  });
});

describe('reporting a conversation again', () => {
  it('keeps one open report while it is open, and opens a new one after staff closed it', async () => {
    const { id, buyer } = await conversation();
    const detail = async () => (await call(buyer, 'GET', `/api/conversations/${id}`)).json();
    expect((await report(buyer, id, { reason: 'spam' })).json()).toEqual({ is_reported_by_me: true });
    expect((await report(buyer, id, { reason: 'abuse', details: 'Worse now' })).statusCode).toBe(201);
    expect(
      await query('select reason, details from conversation_reports where conversation_id = $1', [id]),
    ).toEqual([{ reason: 'abuse', details: 'Worse now' }]);
    expect(await detail()).toMatchObject({ is_reported_by_me: true });

    await call(admin, 'POST', `/api/admin/conversations/${id}/dismiss`);
    expect(await detail()).toMatchObject({ is_reported_by_me: false });
    expect((await report(buyer, id, { reason: 'scam', details: 'Again' })).statusCode).toBe(201);
    expect(await detail()).toMatchObject({ is_reported_by_me: true });
    expect(
      await query(
        `select reason, resolved_at is null as open from conversation_reports where conversation_id = $1
         order by created_at`,
        [id],
      ),
    ).toEqual([
      { reason: 'abuse', open: false },
      { reason: 'scam', open: true },
    ]);
    expect(conversationItem((await queueOf(admin)).items, id)).toMatchObject({
      report_count: 1,
      reports: [{ reason: 'scam', details: 'Again' }],
    });
  });
});

describe('a person in the console', () => {
  it('counts and lists the reports about them in conversations apart from those about their ads', async () => {
    const { id, seller, buyer } = await conversation({ title: 'Kayak' });
    await report(buyer, id, { reason: 'scam', details: 'Wants a deposit' });
    const reporter = await createSeller(testApp.app);
    const [adId] = (await insertAds(testApp, seller.id, [{ title: 'Paddle' }])) as [string];
    await call(reporter, 'POST', `/api/ads/${adId}/reports`, { reason: 'duplicate' });

    const detail = (await call(moderator, 'GET', `/api/admin/users/${seller.id}`)).json<UserDetailResponse>();
    expect(detail.user).toMatchObject({ report_count: 1, conversation_report_count: 1 });
    expect(detail.conversation_reports).toEqual([
      expect.objectContaining({
        conversation_id: id,
        ad_title: 'Kayak',
        reason: 'scam',
        details: 'Wants a deposit',
        resolved_at: null,
      }),
    ]);
    const listed = (
      await call(moderator, 'GET', `/api/admin/users?q=${encodeURIComponent(seller.email)}`)
    ).json();
    expect(listed.items).toMatchObject([{ id: seller.id, report_count: 1, conversation_report_count: 1 }]);
    // The reporter is not counted as reported.
    expect(
      (await call(moderator, 'GET', `/api/admin/users/${buyer.id}`)).json<UserDetailResponse>().user
        .conversation_report_count,
    ).toBe(0);
  });
});

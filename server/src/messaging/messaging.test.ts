import type {
  ConversationDetail,
  InboxResponse,
  MessagePageResponse,
  SentMessageResponse,
} from '@bazaar/common/messaging';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { askAboutAd, sendAs } from '../../test/messaging-factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let seller: TestSeller;
let buyer: TestSeller;
let stranger: TestSeller;
let adId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  [seller, buyer, stranger] = [
    await createSeller(testApp.app, { name: 'Sam Seller' }),
    await createSeller(testApp.app, { name: 'Bea Buyer' }),
    await createSeller(testApp.app, { name: 'Stan Stranger' }),
  ];
  // Accounts older than a day, which may start 30 conversations an hour: the tests start more than 10.
  await query(`update users set created_at = now() - interval '2 days' where id = any($1)`, [
    [seller.id, buyer.id, stranger.id],
  ]);
});
afterAll(() => testApp.close());

beforeEach(async () => {
  // Each test asks about an ad of its own, so conversations do not carry over.
  [adId] = (await insertAds(testApp, seller.id, [{ title: 'Road bike' }])) as [string];
});

const query = (text: string, values: unknown[] = []) => testApp.database.pool.query(text, values);

async function inboxOf(user: TestSeller) {
  const response = await sendAs(testApp, user, 'GET', '/api/conversations');
  expect(response.statusCode).toBe(200);
  return response.json<InboxResponse>();
}

async function unreadOf(user: TestSeller): Promise<number> {
  return (await sendAs(testApp, user, 'GET', '/api/conversations/unread')).json<{ unread: number }>().unread;
}

async function threadOf(user: TestSeller, conversationId: string, search = '') {
  const response = await sendAs(
    testApp,
    user,
    'GET',
    `/api/conversations/${conversationId}/messages${search}`,
  );
  expect(response.statusCode).toBe(200);
  return response.json<MessagePageResponse>();
}

function reply(user: TestSeller, conversationId: string, body: string) {
  return sendAs(testApp, user, 'POST', `/api/conversations/${conversationId}/messages`, { body });
}

async function setSettings(user: TestSeller, settings: Record<string, boolean>) {
  await query(`update profiles set settings = settings || $2::jsonb where id = $1`, [
    user.id,
    JSON.stringify(settings),
  ]);
}

async function block(blocker: TestSeller, conversationId: string) {
  expect(
    (await sendAs(testApp, blocker, 'PUT', `/api/conversations/${conversationId}/block`)).statusCode,
  ).toBe(200);
}

describe('asking about an ad', () => {
  it('starts a conversation that both people find in their inbox, with the seller owing a read', async () => {
    const sent = await askAboutAd(testApp, buyer, adId, 'Hi, is this still available?');
    expect(sent.message).toMatchObject({
      body: 'Hi, is this still available?',
      is_mine: true,
      is_read: false,
    });

    const [sellerInbox, buyerInbox] = [await inboxOf(seller), await inboxOf(buyer)];
    expect(sellerInbox.conversations[0]).toMatchObject({
      id: sent.conversation_id,
      ad: { id: adId, title: 'Road bike', is_available: true },
      my_role: 'seller',
      other_person: { id: buyer.id, name: 'Bea Buyer' },
      last_message: { preview: 'Hi, is this still available?', is_mine: false },
      unread_count: 1,
    });
    expect(buyerInbox.conversations[0]).toMatchObject({
      id: sent.conversation_id,
      my_role: 'buyer',
      other_person: { name: 'Sam Seller' },
      unread_count: 0,
    });
  });

  it('continues the same conversation when the buyer asks again about the same ad', async () => {
    const first = await askAboutAd(testApp, buyer, adId, 'First question');
    const second = await askAboutAd(testApp, buyer, adId, 'Second question');
    expect(second.conversation_id).toBe(first.conversation_id);
    const thread = await threadOf(seller, first.conversation_id);
    expect(thread.messages.map((message) => message.body)).toEqual(['First question', 'Second question']);
  });

  it('refuses the owner of the ad with own_ad_message', async () => {
    const response = await sendAs(testApp, seller, 'POST', '/api/conversations', {
      ad_id: adId,
      body: 'Me?',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('own_ad_message');
  });

  it('answers 404 for a hidden ad and for one that does not exist, and writes nothing', async () => {
    await query(`update advertisements set status = 'hidden' where id = $1`, [adId]);
    const hidden = await sendAs(testApp, buyer, 'POST', '/api/conversations', { ad_id: adId, body: 'Hello' });
    expect(hidden.statusCode).toBe(404);
    const missing = await sendAs(testApp, buyer, 'POST', '/api/conversations', {
      ad_id: '00000000-0000-4000-8000-000000000000',
      body: 'Hello',
    });
    expect(missing.statusCode).toBe(404);
    expect((await query('select 1 from conversations where ad_id = $1', [adId])).rowCount).toBe(0);
  });

  it('refuses a seller who turned direct messages off with direct_messages_disabled, but keeps the conversations they have', async () => {
    const existing = await askAboutAd(testApp, buyer, adId);
    await setSettings(seller, { allowDirectMessages: false });
    try {
      const response = await sendAs(testApp, stranger, 'POST', '/api/conversations', {
        ad_id: adId,
        body: 'Hello',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({
        code: 'direct_messages_disabled',
        message: "This seller doesn't accept direct messages.",
      });
      expect((await askAboutAd(testApp, buyer, adId, 'Still me')).conversation_id).toBe(
        existing.conversation_id,
      );
    } finally {
      await setSettings(seller, { allowDirectMessages: true });
    }
  });

  it('tells whether the seller accepts messages on the ad page', async () => {
    const ad = async () => (await sendAs(testApp, buyer, 'GET', `/api/ads/${adId}`)).json();
    expect((await ad()).seller.accepts_messages).toBe(true);
    await setSettings(seller, { allowDirectMessages: false });
    expect((await ad()).seller.accepts_messages).toBe(false);
    await setSettings(seller, { allowDirectMessages: true });
  });
});

describe('what a message may hold', () => {
  it.each([
    ['empty', '', 'Write a message first.'],
    ['only spaces', '   \n ', 'Write a message first.'],
    ['2 001 characters', 'x'.repeat(2001), 'A message can be at most 2,000 characters.'],
  ])('refuses a message that is %s with validation_failed', async (_name, body, fieldMessage) => {
    const response = await sendAs(testApp, buyer, 'POST', '/api/conversations', { ad_id: adId, body });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { body: fieldMessage },
    });
  });

  it('takes 2 000 characters, and refuses a NUL character', async () => {
    await askAboutAd(testApp, buyer, adId, 'x'.repeat(2000));
    const response = await sendAs(testApp, buyer, 'POST', '/api/conversations', {
      ad_id: adId,
      body: 'a\u0000b',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('body');
  });

  it('refuses fields the server owns', async () => {
    const response = await sendAs(testApp, buyer, 'POST', '/api/conversations', {
      ad_id: adId,
      body: 'Hello',
      sender_id: seller.id,
    });
    expect(response.statusCode).toBe(400);
  });

  it('keeps markup as the text it is', async () => {
    const body = '<img src=x onerror=alert(1)><b>bold</b>';
    const sent = await askAboutAd(testApp, buyer, adId, body);
    expect((await threadOf(seller, sent.conversation_id)).messages[0]!.body).toBe(body);
  });

  it('shows the recipient, and only them, the scam warnings of a message', async () => {
    const sent = await askAboutAd(testApp, buyer, adId, 'I pay by gift card, write me on WhatsApp');
    const [forSeller] = (await threadOf(seller, sent.conversation_id)).messages;
    expect(forSeller!.warnings).toEqual(['risky_payment', 'other_messenger']);
    expect((await threadOf(buyer, sent.conversation_id)).messages[0]!.warnings).toEqual([]);
    // The move to another messenger counts in the first message only.
    await reply(seller, sent.conversation_id, 'Sure, my WhatsApp is 555 0100');
    const { messages } = await threadOf(buyer, sent.conversation_id);
    expect(messages.at(-1)!.warnings).toEqual([]);
  });
});

describe('reading', () => {
  it('marks read: the unread counts go to zero and the sender sees "read"', async () => {
    const sent = await askAboutAd(testApp, buyer, adId, 'One');
    await askAboutAd(testApp, buyer, adId, 'Two');
    const before = await unreadOf(seller);
    expect(before).toBeGreaterThanOrEqual(2);

    const read = await sendAs(testApp, seller, 'POST', `/api/conversations/${sent.conversation_id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread: before - 2 });
    const { messages } = await threadOf(buyer, sent.conversation_id);
    expect(messages.map((message) => message.is_read)).toEqual([true, true]);

    await reply(seller, sent.conversation_id, 'Yes it is');
    expect((await threadOf(buyer, sent.conversation_id)).messages.at(-1)).toMatchObject({
      is_mine: false,
      is_read: false,
    });
  });

  it('pages a thread backwards by cursor and catches up after the last message seen', async () => {
    const sent = await askAboutAd(testApp, buyer, adId, 'Message 1');
    for (let index = 2; index <= 5; index += 1) await reply(seller, sent.conversation_id, `Message ${index}`);

    const newest = await threadOf(buyer, sent.conversation_id, '?limit=2');
    expect(newest.messages.map((message) => message.body)).toEqual(['Message 4', 'Message 5']);
    expect(newest.has_more).toBe(true);
    const older = await threadOf(buyer, sent.conversation_id, `?limit=2&before=${newest.messages[0]!.id}`);
    expect(older.messages.map((message) => message.body)).toEqual(['Message 2', 'Message 3']);
    const oldest = await threadOf(buyer, sent.conversation_id, `?limit=2&before=${older.messages[0]!.id}`);
    expect(oldest).toMatchObject({ messages: [{ body: 'Message 1' }], has_more: false });

    const caughtUp = await threadOf(buyer, sent.conversation_id, `?after=${older.messages[0]!.id}`);
    expect(caughtUp.messages.map((message) => message.body)).toEqual(['Message 3', 'Message 4', 'Message 5']);
    expect(caughtUp.has_more).toBe(false);
    // Nothing after the newest message: an empty page, not a refused cursor.
    const nothingNew = await threadOf(buyer, sent.conversation_id, `?after=${newest.messages[1]!.id}`);
    expect(nothingNew).toEqual({ messages: [], has_more: false });
  });

  it('refuses a cursor from another conversation', async () => {
    const mine = await askAboutAd(testApp, buyer, adId);
    const [otherAd] = (await insertAds(testApp, seller.id, [{}])) as [string];
    const theirs = await askAboutAd(testApp, stranger, otherAd);
    for (const cursor of ['after', 'before']) {
      const response = await sendAs(
        testApp,
        buyer,
        'GET',
        `/api/conversations/${mine.conversation_id}/messages?${cursor}=${theirs.message.id}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'validation_failed', fields: { [cursor]: 'No such message in this conversation.' } },
      });
    }
  });

  it('pages the inbox by latest activity', async () => {
    const asker = await createSeller(testApp.app);
    const ads = await insertAds(testApp, seller.id, [{ title: 'A' }, { title: 'B' }, { title: 'C' }]);
    const sent: SentMessageResponse[] = [];
    for (const ad of ads) sent.push(await askAboutAd(testApp, asker, ad));
    // Activity in the first conversation brings it to the top.
    await reply(seller, sent[0]!.conversation_id, 'Still here');

    const first = (await sendAs(testApp, asker, 'GET', '/api/conversations?limit=2')).json<InboxResponse>();
    expect(first.conversations.map((conversation) => conversation.ad.title)).toEqual(['A', 'C']);
    const second = (
      await sendAs(testApp, asker, 'GET', `/api/conversations?limit=2&cursor=${first.next_cursor}`)
    ).json<InboxResponse>();
    expect(second.conversations.map((conversation) => conversation.ad.title)).toEqual(['B']);
    expect(second.next_cursor).toBeNull();
    expect((await sendAs(testApp, asker, 'GET', '/api/conversations?cursor=bogus')).statusCode).toBe(400);
  });

  it("finds a person's conversation about one ad, and no one else's", async () => {
    const [otherAd] = (await insertAds(testApp, seller.id, [{ title: 'Helmet' }])) as [string];
    const sent = await askAboutAd(testApp, buyer, adId);
    await askAboutAd(testApp, buyer, otherAd);
    await askAboutAd(testApp, stranger, adId);
    const about = async (user: TestSeller, ad: string) =>
      (await sendAs(testApp, user, 'GET', `/api/conversations?ad_id=${ad}&limit=1`)).json<InboxResponse>();

    const mine = await about(buyer, adId);
    expect(mine.conversations.map((conversation) => conversation.id)).toEqual([sent.conversation_id]);
    expect(mine.next_cursor).toBeNull();
    // The seller has one with each person who asked.
    expect((await about(seller, adId)).conversations.map((conversation) => conversation.my_role)).toEqual([
      'seller',
    ]);
    expect(
      (await sendAs(testApp, seller, 'GET', `/api/conversations?ad_id=${adId}`)).json<InboxResponse>()
        .conversations,
    ).toHaveLength(2);
    const [unasked] = (await insertAds(testApp, seller.id, [{ title: 'Pump' }])) as [string];
    expect((await about(buyer, unasked)).conversations).toEqual([]);
    expect((await sendAs(testApp, buyer, 'GET', '/api/conversations?ad_id=not-an-id')).statusCode).toBe(400);
  });
});

describe("someone else's conversation", () => {
  it('does not exist for a third person: 404 on every route, and nothing changes', async () => {
    const sent = await askAboutAd(testApp, buyer, adId);
    const id = sent.conversation_id;
    const attempts = [
      sendAs(testApp, stranger, 'GET', `/api/conversations/${id}`),
      sendAs(testApp, stranger, 'GET', `/api/conversations/${id}/messages`),
      sendAs(testApp, stranger, 'POST', `/api/conversations/${id}/messages`, { body: 'Let me in' }),
      sendAs(testApp, stranger, 'POST', `/api/conversations/${id}/read`),
      sendAs(testApp, stranger, 'PUT', `/api/conversations/${id}/block`),
      sendAs(testApp, stranger, 'DELETE', `/api/conversations/${id}/block`),
      sendAs(testApp, stranger, 'POST', `/api/conversations/${id}/reports`, { reason: 'spam' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
    expect(
      (await query('select count(*)::int as n from messages where conversation_id = $1', [id])).rows[0].n,
    ).toBe(1);
    expect((await query('select 1 from user_blocks where blocker_id = $1', [stranger.id])).rowCount).toBe(0);
    expect(
      (await query('select 1 from conversation_reports where conversation_id = $1', [id])).rowCount,
    ).toBe(0);
  });
});

describe('blocking and reporting', () => {
  it('stops messages either way until unblocked, with user_blocked', async () => {
    const sent = await askAboutAd(testApp, buyer, adId);
    const id = sent.conversation_id;
    await block(seller, id);

    const detail = (
      await sendAs(testApp, seller, 'GET', `/api/conversations/${id}`)
    ).json<ConversationDetail>();
    expect(detail).toMatchObject({ is_blocked_by_me: true, can_reply: false });
    expect((await sendAs(testApp, buyer, 'GET', `/api/conversations/${id}`)).json()).toMatchObject({
      is_blocked_by_me: false,
      can_reply: false,
    });
    for (const response of [
      await reply(buyer, id, 'Hello?'),
      await reply(seller, id, 'Hello?'),
      await sendAs(testApp, buyer, 'POST', '/api/conversations', { ad_id: adId, body: 'Again' }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('user_blocked');
    }
    // A new conversation about another ad of the same seller is refused too.
    const [otherAd] = (await insertAds(testApp, seller.id, [{}])) as [string];
    const another = await sendAs(testApp, buyer, 'POST', '/api/conversations', {
      ad_id: otherAd,
      body: 'Hi',
    });
    expect(another.json().error.code).toBe('user_blocked');
    expect((await query('select 1 from conversations where ad_id = $1', [otherAd])).rowCount).toBe(0);

    const unblocked = await sendAs(testApp, seller, 'DELETE', `/api/conversations/${id}/block`);
    expect(unblocked.json()).toEqual({ is_blocked_by_me: false });
    expect((await reply(buyer, id, 'Hello again')).statusCode).toBe(201);
  });

  it('keeps a report for moderation, one per person', async () => {
    const sent = await askAboutAd(testApp, buyer, adId, 'Pay by gift card');
    const url = `/api/conversations/${sent.conversation_id}/reports`;
    expect((await sendAs(testApp, seller, 'POST', url, { reason: 'spam' })).statusCode).toBe(201);
    const again = await sendAs(testApp, seller, 'POST', url, { reason: 'scam', details: 'Wants gift cards' });
    expect(again.json()).toEqual({ is_reported_by_me: true });
    const { rows } = await query(
      'select reason, details, reporter_id from conversation_reports where conversation_id = $1',
      [sent.conversation_id],
    );
    expect(rows).toEqual([{ reason: 'scam', details: 'Wants gift cards', reporter_id: seller.id }]);
    expect((await sendAs(testApp, seller, 'POST', url, { reason: 'other-thing' })).statusCode).toBe(400);
    expect(
      (await sendAs(testApp, seller, 'GET', `/api/conversations/${sent.conversation_id}`)).json(),
    ).toMatchObject({
      is_reported_by_me: true,
    });
  });
});

describe('deleted ads and accounts', () => {
  it('keeps the conversation readable when the ad is deleted, marked unavailable with its title', async () => {
    const sent = await askAboutAd(testApp, buyer, adId);
    await query('delete from advertisements where id = $1', [adId]);
    const detail = (await sendAs(testApp, buyer, 'GET', `/api/conversations/${sent.conversation_id}`)).json();
    expect(detail.ad).toEqual({ id: null, title: 'Road bike', image_url: null, is_available: false });
    expect((await threadOf(buyer, sent.conversation_id)).messages).toHaveLength(1);
  });

  it('shows the ad’s picture to the buyer only while it is listed, and always to its seller', async () => {
    const sent = await askAboutAd(testApp, buyer, adId);
    await query(
      `insert into ad_media (ad_id, kind, position, storage_key, card_key, content_type, bytes)
       values ($1, 'image', 0, $2, $3, 'image/jpeg', 100)`,
      [adId, `ads/${adId}/photo.jpg`, `ads/${adId}/photo-card.jpg`],
    );
    const pictureFor = async (user: typeof buyer) =>
      (await sendAs(testApp, user, 'GET', `/api/conversations/${sent.conversation_id}`)).json().ad
        .image_url as string | null;
    expect(await pictureFor(buyer)).toMatch(/photo-card\.jpg$/);
    for (const status of ['hidden', 'expired']) {
      await query('update advertisements set status = $2 where id = $1', [adId, status]);
      expect(await pictureFor(buyer), status).toBeNull();
      expect(await pictureFor(seller), status).toMatch(/photo-card\.jpg$/);
      // The list of conversations says the same.
      const list = (await sendAs(testApp, buyer, 'GET', '/api/conversations')).json();
      expect(list.conversations[0].ad.image_url, status).toBeNull();
    }
  });

  it("anonymises a deleted account: the other person keeps the thread, and can't write into it", async () => {
    const leaving = await createSeller(testApp.app, { name: 'Leaving Buyer' });
    const sent = await askAboutAd(testApp, leaving, adId, 'Before I go');
    await query('delete from users where id = $1', [leaving.id]);

    const detail = (
      await sendAs(testApp, seller, 'GET', `/api/conversations/${sent.conversation_id}`)
    ).json();
    expect(detail).toMatchObject({ other_person: { id: null, name: null }, can_reply: false });
    expect((await threadOf(seller, sent.conversation_id)).messages[0]).toMatchObject({ body: 'Before I go' });
    const response = await reply(seller, sent.conversation_id, 'Hello?');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('recipient_unavailable');
  });
});

describe('limits', () => {
  async function askMany(asker: TestSeller, count: number) {
    const ads = await insertAds(
      testApp,
      seller.id,
      Array.from({ length: count }, () => ({})),
    );
    const statuses: number[] = [];
    let last: { code?: string; message?: string } = {};
    let retryAfter: number | undefined;
    for (const ad of ads) {
      const response = await sendAs(testApp, asker, 'POST', '/api/conversations', { ad_id: ad, body: 'Hi' });
      statuses.push(response.statusCode);
      if (response.statusCode !== 201) {
        last = response.json().error;
        retryAfter = Number(response.headers['retry-after']);
      }
    }
    return { statuses, last, retryAfter };
  }

  it('lets an account younger than a day start 10 conversations an hour', async () => {
    const newcomer = await createSeller(testApp.app);
    const { statuses, last, retryAfter } = await askMany(newcomer, 11);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    // When the first of the hour's ten leaves the hour.
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(last).toEqual({
      code: 'new_account_conversation_limit_reached',
      message: 'New accounts can start up to 10 conversations an hour. Please try again later.',
    });
  });

  it('lets everyone start 30 conversations an hour', async () => {
    const regular = await createSeller(testApp.app);
    await query(`update users set created_at = now() - interval '2 days' where id = $1`, [regular.id]);
    const { statuses, last, retryAfter } = await askMany(regular, 31);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
    expect(last.code).toBe('conversation_limit_reached');
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Continuing a conversation is not starting one.
    const [firstAd] = (
      await query('select ad_id from conversations where buyer_id = $1 order by created_at limit 1', [
        regular.id,
      ])
    ).rows;
    expect(
      (await sendAs(testApp, regular, 'POST', '/api/conversations', { ad_id: firstAd.ad_id, body: 'More' }))
        .statusCode,
    ).toBe(201);
  });

  it('lets a person send 60 messages a minute, counted in the database even when sent in parallel', async () => {
    const chatty = await createSeller(testApp.app);
    const sent = await askAboutAd(testApp, chatty, adId);
    const responses = await Promise.all(
      Array.from({ length: 64 }, (_, index) => reply(chatty, sent.conversation_id, `Message ${index}`)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(59);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json().error.code).toBe('message_rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    const { rows } = await query('select count(*)::int as n from messages where sender_id = $1', [chatty.id]);
    expect(rows[0].n).toBe(60);
  });
});

describe('e-mail about unread messages', () => {
  const runEmailJobs = () => testApp.app.jobs.runQueuedJobs('message-email', { includeDelayed: true });
  async function emailsAbout(conversationId: string) {
    return (await testApp.outbox()).filter((mail) => mail.text.includes(`/messages/${conversationId}`));
  }

  it('sends the recipient one e-mail for a burst of unread messages, with a link to the thread', async () => {
    const sent = await askAboutAd(testApp, buyer, adId, 'First');
    await askAboutAd(testApp, buyer, adId, 'Second');
    await runEmailJobs();
    const [mail, ...more] = await emailsAbout(sent.conversation_id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: seller.email, subject: 'New message about Road bike' });
    expect(mail!.text).toContain('Bea Buyer sent you 2 new messages about "Road bike".');
    expect(mail!.text).toContain(`http://localhost:3000/messages/${sent.conversation_id}`);

    // More of the same burst: no second e-mail until the seller has read the thread.
    await askAboutAd(testApp, buyer, adId, 'Third');
    await runEmailJobs();
    expect(await emailsAbout(sent.conversation_id)).toHaveLength(1);
    await sendAs(testApp, seller, 'POST', `/api/conversations/${sent.conversation_id}/read`);
    await askAboutAd(testApp, buyer, adId, 'A new burst');
    await runEmailJobs();
    expect(await emailsAbout(sent.conversation_id)).toHaveLength(2);
  });

  it('sends nothing when the message was read in time, or to someone who turned these e-mails off', async () => {
    const read = await askAboutAd(testApp, buyer, adId, 'Read me');
    await sendAs(testApp, seller, 'POST', `/api/conversations/${read.conversation_id}/read`);
    await runEmailJobs();
    expect(await emailsAbout(read.conversation_id)).toEqual([]);

    await setSettings(buyer, { emailNewMessages: false });
    try {
      const answered = await reply(seller, read.conversation_id, 'Yes, still here');
      expect(answered.statusCode).toBe(201);
      await runEmailJobs();
      expect((await emailsAbout(read.conversation_id)).filter((mail) => mail.to === buyer.email)).toEqual([]);
    } finally {
      await setSettings(buyer, { emailNewMessages: true });
    }
  });
});

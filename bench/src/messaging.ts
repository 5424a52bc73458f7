/**
 * What the bench asks of messaging (issue 12): the inbox of a user with many conversations
 * and a page of a long thread (read scenarios, with their floors), and the time from one
 * person sending a message to another app process to the other person's open tab having it.
 */
import { PAGE_SIZE_DEFAULT } from '@bazaar/common/constants';
import http from 'node:http';
import type pg from 'pg';
import { findConversationForUser, findInbox, findMessages } from '../../server/src/messaging/queries';
import { multipartForm } from '../../server/test/multipart';
import { pngImage } from '../../server/test/media-fixtures';
import { quantile } from './bench-database';
import { captureQueries } from './floor';
import { BENCH_EMAIL_DOMAIN } from './generate-ads';
import { cookieOf, jsonPost, nextClientAddress, send, type ReadScenario } from './scenarios';

/** The long thread's length: its newest page and a page from its middle are read. */
const THREAD_MESSAGES = 500;
/** The inbox's deep page, or its last when there are fewer pages. */
const DEEP_INBOX_PAGE = 10;
const PASSWORD = 'bench-password-1';

const inboxOwnerEmail = `inbox-owner@${BENCH_EMAIL_DOMAIN}`;
// Not @bench.bazaar.local: the receiver posts an ad, which must never count as a generated one.
const liveEmail = (role: string) => `${role}@live.${BENCH_EMAIL_DOMAIN}`;
const LIVE_EMAIL_PATTERN = `%@live.${BENCH_EMAIL_DOMAIN}`;

interface Account {
  id: string;
  cookie: string;
}

/** Signs a new account up and in through the app, as a person would. */
async function signUpAndIn(baseUrl: string, name: string, email: string): Promise<Account> {
  const signUp = await send(
    baseUrl,
    jsonPost(baseUrl, '/api/auth/sign-up/email', { name, email, password: PASSWORD }),
  );
  const { user } = (await signUp.json()) as { user: { id: string } };
  const signIn = await send(
    baseUrl,
    jsonPost(baseUrl, '/api/auth/sign-in/email', { email, password: PASSWORD }),
  );
  return { id: user.id, cookie: cookieOf(signIn) };
}

/**
 * Removes the messaging accounts and their conversations (which outlive a deleted
 * account, by design, so they go first).
 */
export async function removeMessagingAccounts(pool: pg.Pool): Promise<void> {
  const accounts = `select id from users where email = $1 or email like $2`;
  const values = [inboxOwnerEmail, LIVE_EMAIL_PATTERN];
  await pool.query(
    `delete from conversations where buyer_id in (${accounts}) or seller_id in (${accounts})`,
    values,
  );
  await pool.query(`delete from users where id in (${accounts})`, values);
}

/**
 * A user who asked about `conversations` different ads (each thread three messages long,
 * the newest one THREAD_MESSAGES long), written straight into the tables the way the app
 * writes them, and the read scenarios of their inbox and their long thread.
 */
export async function messagingReadScenarios({
  baseUrl,
  pool,
  conversations,
}: {
  baseUrl: string;
  pool: pg.Pool;
  conversations: number;
}): Promise<ReadScenario[]> {
  await removeMessagingAccounts(pool);
  const owner = await signUpAndIn(baseUrl, 'Bench Inbox', inboxOwnerEmail);
  const client = await pool.connect();
  let threadId: string;
  try {
    await client.query('begin');
    await client.query(
      `create temp table bench_conversations on commit drop as
       select gen_random_uuid() as id, ad_id, title, seller_id, n,
              now() - ($2::int - n + 1) * interval '1 hour' as started_at,
              case when n = $2::int then ${THREAD_MESSAGES} else 3 end as message_count
       from (select id as ad_id, title, user_id as seller_id, row_number() over () as n
             from (select id, title, user_id from advertisements
                   where status = 'active' and user_id <> $1 order by random() limit $2) picked) numbered`,
      [owner.id, conversations],
    );
    await client.query(
      `insert into conversations (id, ad_id, ad_title, buyer_id, seller_id, created_at)
       select id, ad_id, title, $1, seller_id, started_at from bench_conversations`,
      [owner.id],
    );
    // The buyer asks, the seller answers, in turn: a message a second.
    await client.query(
      `insert into messages (conversation_id, sender_id, sender_role, body, created_at)
       select c.id, case when k % 2 = 1 then $1 else c.seller_id end,
              case when k % 2 = 1 then 'buyer' else 'seller' end,
              'Bench message ' || k || ': is the ' || c.title || ' still available? Could I see it on Saturday?',
              c.started_at + k * interval '1 second'
       from bench_conversations c cross join lateral generate_series(1, c.message_count) as k`,
      [owner.id],
    );
    // The buyer has read everything; the seller owes a read of the last message.
    await client.query(
      `insert into conversation_participants (conversation_id, role, user_id, last_message_at, last_read_at, unread_count)
       select id, 'buyer', $1, started_at + message_count * interval '1 second',
              started_at + message_count * interval '1 second', 0 from bench_conversations
       union all
       select id, 'seller', seller_id, started_at + message_count * interval '1 second',
              started_at + (message_count - 1) * interval '1 second', 1 from bench_conversations`,
      [owner.id],
    );
    threadId = (
      await client.query<{ id: string }>('select id from bench_conversations where n = $1', [conversations])
    ).rows[0]!.id;
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  await pool.query('analyze conversations, conversation_participants, messages');

  const headers = { cookie: owner.cookie };
  let inboxCursor: string | null = null;
  let inboxPage = 1;
  for (; inboxPage < DEEP_INBOX_PAGE; inboxPage += 1) {
    const query: string = inboxCursor ? `?cursor=${encodeURIComponent(inboxCursor)}` : '';
    const response = await fetch(`${baseUrl}/api/conversations${query}`, { headers });
    if (!response.ok) throw new Error(`The inbox answered ${response.status}`);
    const { next_cursor: next } = (await response.json()) as { next_cursor: string | null };
    if (!next) break;
    inboxCursor = next;
  }
  const deepCursor = inboxCursor ?? undefined;
  const { rows: middle } = await pool.query<{ id: string }>(
    `select id from messages where conversation_id = $1 order by created_at, id offset $2 limit 1`,
    [threadId, Math.floor(THREAD_MESSAGES / 2)],
  );
  const before = middle[0]!.id;
  const threadQueries = (page: { before?: string; limit: number }) =>
    captureQueries(pool, async (db) => {
      await findConversationForUser(db, threadId, owner.id);
      await findMessages(db, threadId, page);
    });

  return [
    {
      name: `inbox of ${conversations.toLocaleString('en-US')} conversations`,
      group: 'messaging',
      request: () => ({ path: '/api/conversations', headers }),
      floor: {
        queries: await captureQueries(pool, (db) => findInbox(db, owner.id, { limit: PAGE_SIZE_DEFAULT })),
      },
    },
    {
      name: `inbox, page ${inboxPage}`,
      group: 'messaging',
      request: () => ({
        path: `/api/conversations${deepCursor ? `?cursor=${encodeURIComponent(deepCursor)}` : ''}`,
        headers,
      }),
      floor: {
        queries: await captureQueries(pool, (db) =>
          findInbox(db, owner.id, { cursor: deepCursor, limit: PAGE_SIZE_DEFAULT }),
        ),
      },
    },
    {
      name: `thread of ${THREAD_MESSAGES} messages, newest page`,
      group: 'messaging',
      request: () => ({ path: `/api/conversations/${threadId}/messages`, headers }),
      floor: { queries: await threadQueries({ limit: 30 }) },
    },
    {
      name: 'thread, an older page',
      group: 'messaging',
      request: () => ({ path: `/api/conversations/${threadId}/messages?before=${before}`, headers }),
      floor: { queries: await threadQueries({ before, limit: 30 }) },
    },
  ];
}

/** The messages of one live stream (`GET /api/live`), as they arrive. */
function openLiveStream(baseUrl: string, cookie: string, onEvent: (type: string, data: string) => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/live`,
      { headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET /api/live answered ${response.statusCode}`));
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const lines = buffer.slice(0, end).split('\n');
            buffer = buffer.slice(end + 2);
            const type = lines.find((line) => line.startsWith('event: '))?.slice(7);
            const data = lines.find((line) => line.startsWith('data: '))?.slice(6) ?? '';
            if (type) onEvent(type, data);
          }
        });
        resolve(request);
      },
    );
    request.on('error', reject);
  });
}

export interface LiveDeliveryResult {
  messages: number;
  senders: number;
  /** From the send (POST to process A) to the `message` event on the stream of process B. */
  event: { p50: number; p95: number; p99: number; max: number };
  /** …and on until the receiver has fetched the message from process B, as the client does. */
  shown: { p50: number; p95: number; p99: number; max: number };
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
};

/** Each sender may send 60 messages a minute; they take turns. */
const MESSAGES_PER_SENDER = 45;
const WARM_UP = 5;
const EVENT_TIMEOUT_MS = 5_000;

/**
 * Send-to-receive between two app processes on one database: the receiver's tab holds a
 * live stream on process B, senders post to process A, one message at a time, and each is
 * timed until the event arrived and until the receiver fetched it (`after` the last message
 * it had, from process B). LISTEN/NOTIFY carries it between the processes.
 */
export async function measureLiveDelivery({
  senderUrl,
  receiverUrl,
  pool,
  messages,
}: {
  senderUrl: string;
  receiverUrl: string;
  pool: pg.Pool;
  messages: number;
}): Promise<LiveDeliveryResult> {
  await removeMessagingAccounts(pool);
  const senderCount = Math.ceil((messages + WARM_UP) / MESSAGES_PER_SENDER);
  const receiver = await signUpAndIn(senderUrl, 'Bench Receiver', liveEmail('receiver'));
  const senders = await Promise.all(
    Array.from({ length: senderCount }, (_, index) =>
      signUpAndIn(senderUrl, `Bench Sender ${index + 1}`, liveEmail(`sender-${index + 1}`)),
    ),
  );
  let stream: http.ClientRequest | undefined;
  try {
    // The receiver sells something; each sender asks about it (on process A).
    await pool.query(
      `update profiles set subscription_status = 'active', subscription_plan = 'master', max_ads = 10,
         current_period_end = now() + interval '30 days' where id = $1`,
      [receiver.id],
    );
    const form = multipartForm(
      {
        title: 'Bench live-delivery bike',
        description: 'An ad the live-delivery bench asks about.',
        price: '250',
        category: 'sports-outdoors',
        location: 'Springfield, IL',
      },
      [{ field: 'images', filename: 'bike.png', contentType: 'image/png', data: await pngImage() }],
    );
    const posted = await fetch(`${senderUrl}/api/ads`, {
      method: 'POST',
      headers: { cookie: receiver.cookie, origin: senderUrl, 'content-type': form.contentType },
      body: new Uint8Array(form.payload),
    });
    if (posted.status !== 201)
      throw new Error(`Posting the ad answered ${posted.status}: ${await posted.text()}`);
    const { id: adId } = (await posted.json()) as { id: string };
    const conversations: string[] = [];
    for (const sender of senders) {
      const asked = await send(senderUrl, {
        ...jsonPost(senderUrl, '/api/conversations', { ad_id: adId, body: 'Is it still available?' }),
        headers: {
          'content-type': 'application/json',
          origin: senderUrl,
          cookie: sender.cookie,
          'x-forwarded-for': nextClientAddress(),
        },
      });
      conversations.push(((await asked.json()) as { conversation_id: string }).conversation_id);
    }
    const lastSeen = new Map<string, string | undefined>();

    let waiting: { conversationId: string; arrived: (at: number) => void } | undefined;
    stream = await openLiveStream(receiverUrl, receiver.cookie, (type, data) => {
      if (type !== 'message' || !waiting) return;
      const event = JSON.parse(data) as { conversation_id?: string };
      if (event.conversation_id === waiting.conversationId) waiting.arrived(performance.now());
    });

    const eventTimes: number[] = [];
    const shownTimes: number[] = [];
    for (let index = 0; index < WARM_UP + messages; index += 1) {
      const senderIndex = index % senders.length;
      const sender = senders[senderIndex]!;
      const conversationId = conversations[senderIndex]!;
      const body = `Live message ${index}`;
      const arrival = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`Message ${index} did not arrive within ${EVENT_TIMEOUT_MS} ms`)),
          EVENT_TIMEOUT_MS,
        );
        waiting = {
          conversationId,
          arrived: (at) => {
            clearTimeout(timer);
            resolve(at);
          },
        };
      });
      const started = performance.now();
      const sent = fetch(`${senderUrl}/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: senderUrl,
          cookie: sender.cookie,
          'x-forwarded-for': nextClientAddress(),
        },
        body: JSON.stringify({ body }),
      });
      const arrivedAt = await arrival;
      waiting = undefined;
      // What the client does on the event: fetch what came after the last message it has.
      const after = lastSeen.get(conversationId);
      const fetched = await fetch(
        `${receiverUrl}/api/conversations/${conversationId}/messages${after ? `?after=${after}` : ''}`,
        { headers: { cookie: receiver.cookie } },
      );
      const page = (await fetched.json()) as { messages: { id: string; body: string }[] };
      const shownAt = performance.now();
      if (!page.messages.some((message) => message.body === body)) {
        throw new Error(`Message ${index} was announced but not in the receiver's fetch`);
      }
      lastSeen.set(conversationId, page.messages.at(-1)!.id);
      const response = await sent;
      if (response.status !== 201)
        throw new Error(`Sending answered ${response.status}: ${await response.text()}`);
      if (index >= WARM_UP) {
        eventTimes.push(arrivedAt - started);
        shownTimes.push(shownAt - started);
      }
    }
    return { messages, senders: senders.length, event: summary(eventTimes), shown: summary(shownTimes) };
  } finally {
    stream?.destroy();
    await removeMessagingAccounts(pool);
  }
}

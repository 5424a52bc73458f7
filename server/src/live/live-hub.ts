import type { LiveClosingEventType, LiveEventData, LiveEventType } from '@bazaar/common/live';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Logger } from 'pino';
import * as z from 'zod';
import type { Executor } from '../db/database';

/** The PostgreSQL channel every process listens on. */
const LIVE_CHANNEL = 'bazaar_live';
/** How the listening connection shows in pg_stat_activity. */
export const LIVE_LISTENER_NAME = 'bazaar-live';
/** NOTIFY refuses payloads of 8 000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;
const RECONNECT_FIRST_DELAY_MS = 250;
const RECONNECT_MAX_DELAY_MS = 10_000;
/** What the sessions trigger (migration 0019) sends when sessions end: for the hub, never for a tab. */
const SESSIONS_ENDED = 'sessions_ended';

/**
 * Streams one user may hold open in one process. Opening one more closes that user's oldest
 * (told `stream_replaced`), not the new one: a person with many tabs keeps live updates in the
 * tab opened or brought back last, while one session cannot hold thousands of connections.
 * Each process counts its own, so behind a load balancer a user may hold this many per process.
 */
export const MAX_LIVE_STREAMS_PER_USER = 10;

export interface LiveEvent {
  userIds: readonly string[];
  type: LiveEventType;
  /** Ids (and small scalars) only: the client refetches what they point at. */
  data: LiveEventData;
}

/**
 * Tells the users' open tabs, in every app process, that something changed. Call it with
 * the transaction that makes the change: PostgreSQL delivers the notification when it
 * commits, and never if it rolls back.
 *
 *   await db.transaction(async (tx) => {
 *     const [message] = await tx.insert(messages).values(...).returning();
 *     await publishLive(tx, { userIds: [recipientId], type: 'message', data: { conversationId, messageId: message.id } });
 *   });
 *
 * Delivery is a hint, at most once: a tab that was offline misses it and refetches when it
 * reconnects. Consumers dedupe by id, since a refetch and an event can bring the same item.
 */
export async function publishLive(executor: Executor, { userIds, type, data }: LiveEvent): Promise<void> {
  if (userIds.length === 0) return;
  const payload = JSON.stringify({ user_ids: userIds, type, data });
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    throw new Error(`A live event of type ${type} is too large for NOTIFY; send ids only`);
  }
  await executor.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
}

const notificationSchema = z.object({
  user_ids: z.array(z.string()),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
});

/** One open event stream (a browser tab). */
export interface LiveConnection {
  /** The token of the session that opened it: the stream lasts as long as that session. */
  sessionToken: string;
  send(type: LiveEventType, data: LiveEventData): void;
  /** Ends the stream; with a reason, that is sent as its last event (the tab must not just reconnect). */
  close(reason?: LiveClosingEventType): void;
}

export interface LiveHub {
  /** Adds a tab of this user; returns the function that removes it. */
  connect(userId: string, connection: LiveConnection): () => void;
  /** Whether the hub refuses new tabs (the app is shutting down). */
  readonly isClosing: boolean;
  readonly connectionCount: number;
  /** Starts listening; a failure is retried in the background. */
  start(): Promise<void>;
  /** Ends every open stream, so that the HTTP drain never waits for one. */
  closeConnections(): void;
  /** Stops listening. */
  stop(): Promise<void>;
}

export interface LiveHubOptions {
  pool: pg.Pool;
  logger: Logger;
  /** Of these session tokens, the ones whose session still holds (one statement). */
  findValidSessionTokens: (tokens: readonly string[]) => Promise<Set<string>>;
  /** How often every open stream's session is checked, for the ends nobody announces. */
  sessionCheckIntervalMs: number;
}

/**
 * The live fan-out of one process: a dedicated connection (not from the pool: LISTEN holds
 * it for good) receives every process's `publishLive`, and each notification goes to this
 * process's open streams of the users it names. When the connection is lost (a database
 * restart) it reconnects with backoff and then tells every open stream to `resync`, since
 * notifications sent meanwhile are gone.
 *
 * A stream lasts as long as the session that opened it. Deleting sessions announces their
 * users on the same channel (the trigger of migration 0019, whoever deletes them): this
 * process then checks the sessions of those users' streams only, in one statement, and closes
 * the streams whose session is gone with `session_ended`. Every `sessionCheckIntervalMs`, and
 * after the listener was lost, all streams are checked the same way: that catches expiry, which
 * deletes nothing, and anything announced while nobody listened.
 */
export function createLiveHub({
  pool,
  logger,
  findValidSessionTokens,
  sessionCheckIntervalMs,
}: LiveHubOptions): LiveHub {
  const streams = new Map<string, Set<LiveConnection>>();
  let listener: pg.Client | undefined;
  let isStopped = false;
  let isClosing = false;
  let failedAttempts = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let sessionCheckTimer: NodeJS.Timeout | undefined;
  let isCheckingEverySession = false;

  const remove = (userId: string, connection: LiveConnection) => {
    const userStreams = streams.get(userId);
    if (!userStreams?.delete(connection)) return false;
    if (userStreams.size === 0) streams.delete(userId);
    return true;
  };

  const streamsOf = (userIds: Iterable<string>) => {
    const found: [string, LiveConnection][] = [];
    for (const userId of userIds) {
      for (const connection of streams.get(userId) ?? []) found.push([userId, connection]);
    }
    return found;
  };

  /** Closes those of these streams whose session no longer holds. */
  const closeWithoutSession = async (candidates: [string, LiveConnection][]) => {
    if (candidates.length === 0) return;
    let valid: Set<string>;
    try {
      valid = await findValidSessionTokens([
        ...new Set(candidates.map(([, { sessionToken }]) => sessionToken)),
      ]);
    } catch (error) {
      // The database is away: the streams stay until a later check can tell.
      logger.warn({ reason: (error as Error).message }, 'could not check the sessions of live streams');
      return;
    }
    for (const [userId, connection] of candidates) {
      // A stream that closed meanwhile is not in the hub any more: nothing to end.
      if (!valid.has(connection.sessionToken) && remove(userId, connection))
        connection.close('session_ended');
    }
  };

  const closeEveryStreamWithoutSession = async () => {
    if (isCheckingEverySession) return;
    isCheckingEverySession = true;
    try {
      await closeWithoutSession(streamsOf(streams.keys()));
    } finally {
      isCheckingEverySession = false;
    }
  };

  const deliver = (payload: string) => {
    let parsed;
    try {
      parsed = notificationSchema.safeParse(JSON.parse(payload));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      logger.warn({ payload }, 'unreadable live notification');
      return;
    }
    const { user_ids, type, data } = parsed.data;
    if (type === SESSIONS_ENDED) {
      void closeWithoutSession(streamsOf(user_ids));
      return;
    }
    for (const userId of user_ids) {
      for (const stream of streams.get(userId) ?? [])
        stream.send(type as LiveEventType, data as LiveEventData);
    }
  };

  const resyncEveryone = () => {
    for (const userStreams of streams.values()) {
      for (const stream of userStreams) stream.send('resync', {});
    }
  };

  const listen = async () => {
    const client = new pg.Client({ ...pool.options, application_name: LIVE_LISTENER_NAME, keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) deliver(message.payload);
    });
    const lose = (reason: string) => {
      if (listener !== client) return;
      listener = undefined;
      client.end().catch(() => undefined);
      logger.warn({ reason }, 'live listener lost its database connection; reconnecting');
      scheduleReconnect();
    };
    client.on('error', (error) => lose(error.message));
    client.on('end', () => lose('connection ended'));
    try {
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    listener = client;
  };

  const scheduleReconnect = () => {
    if (isStopped || reconnectTimer) return;
    const delay = Math.min(RECONNECT_FIRST_DELAY_MS * 2 ** failedAttempts, RECONNECT_MAX_DELAY_MS);
    reconnectTimer = setTimeout(
      () => {
        reconnectTimer = undefined;
        listen().then(
          () => {
            failedAttempts = 0;
            logger.info('live listener reconnected; open streams resync');
            resyncEveryone();
            // Sessions may have ended unannounced meanwhile.
            void closeEveryStreamWithoutSession();
          },
          (error: Error) => {
            failedAttempts += 1;
            logger.warn(
              { reason: error.message, attempt: failedAttempts },
              'live listener could not reconnect',
            );
            scheduleReconnect();
          },
        );
      },
      delay * (0.75 + Math.random() / 2),
    );
  };

  return {
    connect(userId, connection) {
      let userStreams = streams.get(userId);
      if (!userStreams) streams.set(userId, (userStreams = new Set()));
      // A Set keeps the order of insertion: the first is the oldest.
      for (const oldest of userStreams) {
        if (userStreams.size < MAX_LIVE_STREAMS_PER_USER) break;
        userStreams.delete(oldest);
        oldest.close('stream_replaced');
      }
      userStreams.add(connection);
      return () => remove(userId, connection);
    },
    get isClosing() {
      return isClosing;
    },
    get connectionCount() {
      let count = 0;
      for (const userStreams of streams.values()) count += userStreams.size;
      return count;
    },
    async start() {
      sessionCheckTimer ??= setInterval(() => void closeEveryStreamWithoutSession(), sessionCheckIntervalMs);
      sessionCheckTimer.unref();
      try {
        await listen();
      } catch (error) {
        logger.warn({ reason: (error as Error).message }, 'live listener could not connect');
        scheduleReconnect();
      }
    },
    closeConnections() {
      isClosing = true;
      for (const userStreams of [...streams.values()]) {
        for (const stream of [...userStreams]) stream.close();
      }
    },
    async stop() {
      isStopped = true;
      clearTimeout(reconnectTimer);
      clearInterval(sessionCheckTimer);
      const client = listener;
      listener = undefined;
      await client?.end();
    },
  };
}

import { LIVE_PATH } from '@bazaar/common/live';
import sse from '@fastify/sse';
import type { FastifyInstance } from 'fastify';
import type { SessionGuard } from '../auth/session-guard';
import { serviceUnavailable } from '../http/errors';
import type { LiveHub } from './live-hub';

/** Comment lines this often keep proxies and load balancers from closing an idle stream. */
const HEARTBEAT_INTERVAL_MS = 25_000;
/** What EventSource waits before it reconnects by itself (our client does its own backoff). */
const RETRY_MS = 2_000;

/**
 * `GET /api/live`: the signed-in user's event stream (Server-Sent Events), one per tab.
 * Events are named by type (`event: notification`), their data is JSON with ids only.
 */
export async function registerLiveRoutes(
  app: FastifyInstance,
  { guard, hub }: { guard: SessionGuard; hub: LiveHub },
) {
  await app.register(sse, { heartbeatInterval: HEARTBEAT_INTERVAL_MS });

  app.get(
    LIVE_PATH,
    {
      // No Accept negotiation: a refused request (signed out) answers our JSON error shape.
      sse: 'manual',
      // An event stream, not a JSON endpoint: its contract is common/src/live.ts.
      schema: { hide: true },
    },
    async (request, reply) => {
      const { user, sessionToken } = await guard.requireSession(request);
      if (hub.isClosing) throw serviceUnavailable();
      reply.sse.keepAlive();
      // Commit the response now, so that the browser's EventSource opens (and resyncs).
      try {
        await reply.sse.send({ retry: RETRY_MS, data: {} });
      } catch {
        // The tab went away first (a page left at once): nothing to hold, and no error.
        return;
      }
      const disconnect = hub.connect(user.id, {
        sessionToken,
        send(type, data) {
          if (!reply.sse.isConnected) return;
          reply.sse.send({ event: type, data }).catch(() => reply.sse.close());
        },
        close(reason) {
          // Written before the response ends, which flushes it. It fails only when the tab
          // has gone already, and then nobody is left to tell.
          if (reason && reply.sse.isConnected)
            reply.sse.send({ event: reason, data: {} }).catch(() => undefined);
          reply.sse.close();
        },
      });
      reply.sse.onClose(disconnect);
      // Callbacks added after the close never run: a tab gone meanwhile must not stay in the hub.
      if (!reply.sse.isConnected) disconnect();
    },
  );
}

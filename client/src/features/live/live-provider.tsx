import { LIVE_PATH, liveEventTypes, type LiveEventData, type LiveEventType } from '@bazaar/common/live';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { ACCOUNT_SCOPE, authKeys, useCurrentUser, type CurrentUser } from '../auth/api';

type LiveHandler = (data: LiveEventData) => void;

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** What the provider shares with the hooks: who listens to what, and what to refetch. */
class LiveRegistry {
  private readonly handlers = new Map<LiveEventType, Set<LiveHandler>>();
  private readonly resyncKeys = new Map<string, { queryKey: QueryKey; users: number }>();

  listen(type: LiveEventType, handler: LiveHandler): () => void {
    let handlers = this.handlers.get(type);
    if (!handlers) this.handlers.set(type, (handlers = new Set()));
    handlers.add(handler);
    return () => handlers.delete(handler);
  }

  dispatch(type: LiveEventType, data: LiveEventData): void {
    for (const handler of this.handlers.get(type) ?? []) handler(data);
  }

  keepInSync(queryKey: QueryKey): () => void {
    const hash = JSON.stringify(queryKey);
    const entry = this.resyncKeys.get(hash) ?? { queryKey, users: 0 };
    entry.users += 1;
    this.resyncKeys.set(hash, entry);
    return () => {
      entry.users -= 1;
      if (entry.users === 0) this.resyncKeys.delete(hash);
    };
  }

  /** Refetches every registered query: events may have been missed. */
  resync(queryClient: QueryClient): void {
    for (const { queryKey } of this.resyncKeys.values()) void queryClient.invalidateQueries({ queryKey });
  }
}

const LiveContext = createContext<LiveRegistry | null>(null);

/**
 * Holds the tab's one event stream while someone is signed in. When the stream drops it
 * reconnects with growing, jittered delays (1 s doubling to 30 s); every time it opens,
 * and whenever the server says `resync`, the queries registered with `useLiveResync` are
 * refetched, so nothing sent while the tab was not listening is missed.
 *
 * The server ends a stream for two reasons, each told as its last event (common/src/live.ts).
 * `session_ended`: the account's data is asked for again, as when another tab signs out; a
 * signed-out answer ends the stream for good (no reconnecting, no error), and only the same
 * user still signed in (a new session) opens it again. `stream_replaced`: the user's newer tabs
 * hold the streams; this one opens its stream again when it is in use again (shown or focused).
 * A stream refused before it opened may be a session that ended while the tab was offline: the
 * user is asked for again beside the retry, so a signed-out tab stops retrying.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data: currentUser } = useCurrentUser();
  const [registry] = useState(() => new LiveRegistry());
  const userId = currentUser?.user.id;

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let isStopped = false;
    const resync = () => registry.resync(queryClient);
    const askWhoIsSignedIn = () => queryClient.invalidateQueries({ queryKey: authKeys.me, exact: true });

    const reconnectLater = () => {
      const delay = Math.min(FIRST_RETRY_MS * 2 ** failures, MAX_RETRY_MS);
      failures += 1;
      retryTimer = setTimeout(open, delay * (0.5 + Math.random() / 2));
    };

    const reopenWhenInUse = () => {
      if (document.visibilityState !== 'visible') return;
      stopWaitingForUse();
      failures = 0;
      open();
    };
    const waitForUse = () => {
      document.addEventListener('visibilitychange', reopenWhenInUse);
      window.addEventListener('focus', reopenWhenInUse);
    };
    const stopWaitingForUse = () => {
      document.removeEventListener('visibilitychange', reopenWhenInUse);
      window.removeEventListener('focus', reopenWhenInUse);
    };

    const open = () => {
      const opened = new EventSource(LIVE_PATH);
      source = opened;
      let hasOpened = false;
      opened.onopen = () => {
        hasOpened = true;
        failures = 0;
        resync();
      };
      opened.onerror = () => {
        // EventSource would retry on its own, but not after an HTTP error; one policy for both.
        opened.close();
        if (!hasOpened) void askWhoIsSignedIn();
        reconnectLater();
      };
      opened.addEventListener('session_ended', () => {
        opened.close();
        // Like a sign-out in another tab: the account's queries answer, and a 401 forgets them.
        void queryClient.invalidateQueries({ queryKey: [ACCOUNT_SCOPE] }).then(() => {
          const stillSignedIn = queryClient.getQueryData<CurrentUser | null>(authKeys.me)?.user.id === userId;
          if (stillSignedIn && !isStopped) reconnectLater();
        });
      });
      opened.addEventListener('stream_replaced', () => {
        opened.close();
        waitForUse();
      });
      opened.addEventListener('resync', resync);
      for (const type of liveEventTypes) {
        if (type === 'resync') continue;
        opened.addEventListener(type, (event) => {
          registry.dispatch(type, JSON.parse((event as MessageEvent<string>).data) as LiveEventData);
        });
      }
    };
    open();
    return () => {
      isStopped = true;
      clearTimeout(retryTimer);
      stopWaitingForUse();
      source?.close();
    };
  }, [userId, queryClient, registry]);

  return <LiveContext.Provider value={registry}>{children}</LiveContext.Provider>;
}

/**
 * Calls `handler` with each live event of `type` for the signed-in user (ids only: fetch or
 * invalidate what they name). An event can repeat what a refetch already brought; dedupe by
 * id. Does nothing outside the provider.
 */
export function useLiveEvent(type: LiveEventType, handler: LiveHandler): void {
  const registry = useContext(LiveContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => registry?.listen(type, (data) => latest.current(data)), [registry, type]);
}

/** Refetches this query whenever the stream (re)connects or the server asks for a resync. */
export function useLiveResync(queryKey: QueryKey): void {
  const registry = useContext(LiveContext);
  const hash = JSON.stringify(queryKey);
  useEffect(
    () => registry?.keepInSync(JSON.parse(hash) as QueryKey),
    // The key's content, not its identity, decides.
    [registry, hash],
  );
}

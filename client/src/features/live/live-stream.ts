import { LIVE_PATH, liveEventTypes, type LiveEventData } from '@bazaar/common/live';
import type { QueryClient } from '@tanstack/react-query';
import { ACCOUNT_SCOPE, authKeys, dropAccountData, type CurrentUser } from '../auth/api';
import type { LiveRegistry } from './live-provider';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * Opens the tab's one event stream for the signed-in `userId` (LiveProvider), and returns what
 * closes it. When the stream drops it reconnects with growing, jittered delays (1 s doubling to
 * 30 s); every time it opens, and whenever the server says `resync`, the queries registered
 * with `useLiveResync` are refetched, so nothing sent while the tab was not listening is missed.
 *
 * The server ends a stream for two reasons, each told as its last event (common/src/live.ts).
 * `session_ended`: who is signed in is asked for again; a signed-out answer ends the stream for
 * good (no reconnecting, no error) and drops the account's data, and only the same user still
 * signed in (a new session) gets it asked for again and opens the stream again. `stream_replaced`: the user's newer tabs
 * hold the streams; this one opens its stream again when it is in use again (shown or focused).
 * A stream refused before it opened may be a session that ended while the tab was offline: the
 * user is asked for again beside the retry, so a signed-out tab stops retrying.
 */
export function openLiveStream(userId: string, queryClient: QueryClient, registry: LiveRegistry): () => void {
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
      // Who is signed in now decides. The same user (a new session): their data is asked for
      // again and the stream comes back. Anyone else, or no one: the account's data is dropped,
      // not asked for with a session that has ended (a sign-out in this tab does the same).
      void askWhoIsSignedIn().then(() => {
        const stillSignedIn = queryClient.getQueryData<CurrentUser | null>(authKeys.me)?.user.id === userId;
        if (!stillSignedIn) {
          dropAccountData(queryClient);
        } else if (!isStopped) {
          void queryClient.invalidateQueries({ queryKey: [ACCOUNT_SCOPE] });
          reconnectLater();
        }
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
}

import type { LiveEventData, LiveEventType } from '@bazaar/common/live';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useCurrentUser } from '../auth/api';

type LiveHandler = (data: LiveEventData) => void;

/** What the provider shares with the hooks: who listens to what, and what to refetch. */
export class LiveRegistry {
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
 * Holds the tab's one event stream while someone is signed in (live-stream.ts), and lets the
 * hooks below listen to it.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data: currentUser } = useCurrentUser();
  const [registry] = useState(() => new LiveRegistry());
  const userId = currentUser?.user.id;

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    // The stream's code comes when someone is signed in: a visitor's pages do without it.
    let stop: (() => void) | undefined;
    let isStopped = false;
    void import('./live-stream').then(({ openLiveStream }) => {
      if (!isStopped) stop = openLiveStream(userId, queryClient, registry);
    });
    return () => {
      isStopped = true;
      stop?.();
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

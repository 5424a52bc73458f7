import type { LiveEventData } from '@bazaar/common/live';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/providers';
import { apiRequest } from '../../lib/api-client';
import { mockApi, signedOut, unauthenticated, type ApiMock } from '../../test/render-page';
import { LiveProvider, useLiveEvent, useLiveResync } from './live-provider';
import { sellerMe } from '../../test/seller-fixtures';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  isClosed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.isClosed = true;
  }
  emit(type: string, data: object) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
    }
  }
  static latest() {
    return FakeEventSource.opened.at(-1)!;
  }
}

const me = sellerMe();

/** A list that follows live events and is refetched on resync, as the bell's list will be. */
function Inbox() {
  useLiveResync(['account', 'inbox']);
  const { data } = useQuery({
    queryKey: ['account', 'inbox'],
    queryFn: () => apiRequest<{ count: number }>('/api/inbox'),
  });
  const [heard, setHeard] = useState<LiveEventData[]>([]);
  useLiveEvent('notification', (event) => setHeard((earlier) => [...earlier, event]));
  return (
    <>
      <p>fetched {data?.count ?? '…'}</p>
      <p>heard {heard.map((event) => String(event.notificationId)).join(',')}</p>
    </>
  );
}

function renderWithLive() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LiveProvider>
        <Inbox />
      </LiveProvider>
    </QueryClientProvider>,
  );
}

let api: ApiMock;
let fetches = 0;

beforeEach(() => {
  FakeEventSource.opened = [];
  fetches = 0;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the live channel', () => {
  beforeEach(() => {
    api = mockApi({
      'GET /api/me': () => me,
      'GET /api/inbox': () => ({ count: (fetches += 1) }),
    });
  });

  it('opens one stream for a signed-in user and hands its events to the listeners', async () => {
    renderWithLive();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(FakeEventSource.latest().url).toBe('/api/live');
    FakeEventSource.latest().emit('notification', { notificationId: 'n1' });
    expect(await screen.findByText('heard n1')).toBeInTheDocument();
  });

  it('refetches the registered queries when the stream opens and when the server asks to resync', async () => {
    renderWithLive();
    expect(await screen.findByText('fetched 1')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    FakeEventSource.latest().onopen!();
    expect(await screen.findByText('fetched 2')).toBeInTheDocument();
    FakeEventSource.latest().emit('resync', {});
    expect(await screen.findByText('fetched 3')).toBeInTheDocument();
    expect(api.calls.filter((call) => call === 'GET /api/inbox')).toHaveLength(3);
  });

  it('reconnects after the stream drops, and resyncs once it is back', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    renderWithLive();
    expect(await screen.findByText('fetched 1')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const dropped = FakeEventSource.latest();
    dropped.onerror!();
    expect(dropped.isClosed).toBe(true);
    // The first retry comes after half a second at the least jitter.
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 2_000 });
    FakeEventSource.latest().onopen!();
    expect(await screen.findByText('fetched 2')).toBeInTheDocument();
  });
});

describe('the live channel for a visitor', () => {
  it('opens no stream while nobody is signed in', async () => {
    mockApi({ 'GET /api/me': () => signedOut(), 'GET /api/inbox': () => ({ count: 0 }) });
    renderWithLive();
    expect(await screen.findByText('fetched 0')).toBeInTheDocument();
    expect(FakeEventSource.opened).toHaveLength(0);
  });
});

describe('the live channel when the server ends the stream', () => {
  /** Longer than the first retry's delay (half a second at the least jitter). */
  const LONGER_THAN_A_RETRY_MS = 1_500;
  let isSignedIn: boolean;
  const asksForMe = () => api.calls.filter((call) => call === 'GET /api/me').length;

  beforeEach(() => {
    isSignedIn = true;
    vi.spyOn(Math, 'random').mockReturnValue(0);
    api = mockApi({
      'GET /api/me': () => (isSignedIn ? me : signedOut()),
      'GET /api/inbox': () => (isSignedIn ? { count: (fetches += 1) } : unauthenticated()),
    });
  });

  it('stops for good when its session ended and nobody is signed in any more: no reconnecting', async () => {
    renderWithLive();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.latest();
    isSignedIn = false;
    stream.emit('session_ended', {});
    expect(stream.isClosed).toBe(true);
    await waitFor(() => expect(asksForMe()).toBe(2));
    await sleep(LONGER_THAN_A_RETRY_MS);
    expect(FakeEventSource.opened).toHaveLength(1);
    // The account's data is not asked for with the session that ended (a 401 in the console).
    expect(api.calls.filter((call) => call === 'GET /api/inbox')).toHaveLength(1);
  });

  it('opens again when its session ended but the same user is still signed in (a new session)', async () => {
    renderWithLive();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(await screen.findByText('fetched 1')).toBeInTheDocument();
    FakeEventSource.latest().emit('session_ended', {});
    expect(await screen.findByText('fetched 2')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(2), { timeout: 2_000 });
    expect(FakeEventSource.opened[0]!.isClosed).toBe(true);
  });

  it('stops retrying a refused stream once the answer says nobody is signed in', async () => {
    renderWithLive();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    isSignedIn = false;
    // Refused before it opened, as after a sign-out elsewhere while the tab was offline.
    FakeEventSource.latest().onerror!();
    await waitFor(() => expect(asksForMe()).toBe(2));
    await sleep(LONGER_THAN_A_RETRY_MS);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('after being replaced by newer tabs, opens again only when the tab is in use again', async () => {
    renderWithLive();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const replaced = FakeEventSource.latest();
    replaced.emit('stream_replaced', {});
    expect(replaced.isClosed).toBe(true);
    await sleep(LONGER_THAN_A_RETRY_MS);
    expect(FakeEventSource.opened).toHaveLength(1);

    window.dispatchEvent(new Event('focus'));

    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.latest().onopen!();
    expect(await screen.findByText('fetched 2')).toBeInTheDocument();
  });
});

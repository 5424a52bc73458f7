import type { Notification, NotificationsResponse } from '@bazaar/common/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/providers';
import { mockApi, type ApiMock } from '../../test/render-page';
import { sellerMe } from '../../test/seller-fixtures';
import { LiveProvider } from '../live/live-provider';
import { NotificationsBell } from './notifications-bell';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  emit(type: string, data: object) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data: JSON.stringify(data) }));
    }
  }
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function notification(overrides: Partial<Notification>): Notification {
  return {
    id: crypto.randomUUID(),
    kind: 'message',
    title: 'Bea sent you a new message about “Road bike”',
    link: '/messages/c1',
    created_at: minutesAgo(5),
    is_read: false,
    ...overrides,
  };
}

let api: ApiMock;
let items: Notification[];

const unreadCount = () => items.filter((item) => !item.is_read).length;

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  items = [
    notification({ id: 'n2' }),
    notification({
      id: 'n1',
      kind: 'ad_favorited',
      title: 'Someone added your ad “Oak table” to their favorites',
      link: '/ad/a1',
      created_at: minutesAgo(60 * 30),
      is_read: true,
    }),
  ];
  api = mockApi({
    'GET /api/me': () => sellerMe(),
    'GET /api/notifications/unread': () => ({ unread: unreadCount() }),
    'GET /api/notifications': (): NotificationsResponse => ({
      notifications: items,
      next_cursor: null,
      unread: unreadCount(),
    }),
    'POST /api/notifications/read-all': () => {
      items = items.map((item) => ({ ...item, is_read: true }));
      return { unread: 0 };
    },
    'POST /api/notifications/*': ({ url }) => {
      const id = url.pathname.split('/')[3];
      items = items.map((item) => (item.id === id ? { ...item, is_read: true } : item));
      return { unread: unreadCount() };
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Elsewhere() {
  return <p>Went elsewhere: {useLocation().pathname}</p>;
}

function renderBell() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LiveProvider>
        <MemoryRouter>
          <Routes>
            <Route path="/" element={<NotificationsBell />} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
      </LiveProvider>
    </QueryClientProvider>,
  );
}

describe('the header’s bell', () => {
  it('says the unread count in its name and lists recent notifications with their unread state', async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = await within(panel).findAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Unread: Bea sent you a new message about “Road bike”5 min ago', '/messages/c1'],
      [
        'Someone added your ad “Oak table” to their favorites' + links[1]!.querySelector('time')!.textContent,
        '/ad/a1',
      ],
    ]);
  });

  it('marks all as read: the count goes, the items read', async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findAllByRole('link');
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(api.hasCalled('POST /api/notifications/read-all')).toBe(true);
    expect(within(panel).queryByText(/Unread:/)).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('opening a notification marks it read and follows its link', async () => {
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('link', { name: /Road bike/ }));
    expect(await screen.findByText('Went elsewhere: /messages/c1')).toBeInTheDocument();
    await waitFor(() => expect(api.hasCalled('POST /api/notifications/n2/read')).toBe(true));
  });

  it('shows a new notification live, and refetches after the stream reconnects', async () => {
    const user = userEvent.setup();
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));

    items = [
      notification({ id: 'n3', kind: 'ad_favorited', title: 'Someone liked “Lamp”', link: '/ad/a2' }),
      ...items,
    ];
    FakeEventSource.opened[0]!.emit('notification', { notification_id: 'n3' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });

    // Read elsewhere while this tab was not listening: the reconnect brings the truth.
    items = items.map((item) => ({ ...item, is_read: true }));
    FakeEventSource.opened[0]!.onopen!();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await user.click(bell);
    expect(await screen.findByRole('link', { name: /Someone liked “Lamp”/ })).toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    items = [];
    const user = userEvent.setup();
    renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('You have no notifications yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});

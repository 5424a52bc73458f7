import type { ConversationDetail, ConversationSummary, InboxResponse } from '@bazaar/common/messaging';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderPage, signedOut, unauthenticated } from '../../test/render-page';
import { sellerMe } from '../../test/seller-fixtures';
import { MessagesPage } from './messages-page';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const conversation: ConversationSummary = {
  id: '00000000-0000-4000-8000-000000000001',
  ad: { id: '00000000-0000-4000-8000-000000000002', title: 'Road bike', image_url: null, is_available: true },
  my_role: 'buyer',
  other_person: { id: '00000000-0000-4000-8000-000000000003', name: 'Maria' },
  last_message: { preview: 'Still there?', created_at: '2026-11-27T10:00:00.000Z', is_mine: true },
  last_message_at: '2026-11-27T10:00:00.000Z',
  unread_count: 0,
};

function renderInbox(conversations: ConversationSummary[]) {
  mockApi({
    'GET /api/me': () => sellerMe(),
    'GET /api/conversations': (): InboxResponse => ({ conversations, next_cursor: null }),
    'GET /api/conversations/unread': () => ({ unread: 0 }),
  });
  renderPage(MessagesPage, { path: '/messages' });
}

describe('/messages', () => {
  it('with no conversation, says how one starts, and offers none to choose', async () => {
    renderInbox([]);
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    expect(screen.queryByText('Choose a conversation to read it.')).not.toBeInTheDocument();
  });

  it('with conversations, lists them and asks to choose one', async () => {
    renderInbox([conversation]);
    expect(await screen.findByText('Still there?', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Choose a conversation to read it.')).toBeInTheDocument();
  });
  it('says a malformed conversation address is not found, as an unknown one is', async () => {
    mockApi({
      'GET /api/me': () => sellerMe(),
      'GET /api/conversations': (): InboxResponse => ({ conversations: [], next_cursor: null }),
      'GET /api/conversations/unread': () => ({ unread: 0 }),
      'GET /api/conversations/not-a-uuid': () =>
        jsonResponse(
          { error: { code: 'validation_failed', message: 'Some fields are missing or invalid.' } },
          400,
        ),
    });
    renderPage(MessagesPage, { path: '/messages/:id', url: '/messages/not-a-uuid' });
    expect(await screen.findByRole('heading', { name: 'Conversation Not Found' })).toBeInTheDocument();
    expect(screen.getByText('This conversation does not exist.')).toBeInTheDocument();
  });

  it('keeps a message written when the session ended, for when its writer signs in again', async () => {
    const detail: ConversationDetail = {
      ...conversation,
      is_blocked_by_me: false,
      can_reply: true,
      is_reported_by_me: false,
    };
    let session: 'live' | 'ended' = 'live';
    mockApi({
      'GET /api/me': () => (session === 'live' ? sellerMe() : signedOut()),
      'GET /api/conversations': (): InboxResponse => ({ conversations: [conversation], next_cursor: null }),
      'GET /api/conversations/unread': () => ({ unread: 0 }),
      [`GET /api/conversations/${conversation.id}`]: () => detail,
      [`GET /api/conversations/${conversation.id}/messages`]: () => ({ messages: [], has_more: false }),
      [`POST /api/conversations/${conversation.id}/messages`]: () => {
        session = 'ended';
        return unauthenticated();
      },
    });
    const { unmount } = renderPage(MessagesPage, {
      path: '/messages/:id',
      url: `/messages/${conversation.id}`,
    });
    const field = await screen.findByRole('textbox', { name: 'Message to Maria' });
    await userEvent.type(field, 'Would you take 200?{Enter}');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    unmount();

    session = 'live';
    renderPage(MessagesPage, { path: '/messages/:id', url: `/messages/${conversation.id}` });
    expect(await screen.findByRole('textbox', { name: 'Message to Maria' })).toHaveValue(
      'Would you take 200?',
    );
  });

  it('asks before blocking, and blocks only when that is confirmed; unblocks at once', async () => {
    let detail: ConversationDetail = {
      ...conversation,
      is_blocked_by_me: false,
      can_reply: true,
      is_reported_by_me: false,
    };
    const blockRequests: string[] = [];
    const answerBlock = (isBlocked: boolean) => () => {
      blockRequests.push(isBlocked ? 'PUT' : 'DELETE');
      detail = { ...detail, is_blocked_by_me: isBlocked, can_reply: !isBlocked };
      return { is_blocked_by_me: isBlocked };
    };
    mockApi({
      'GET /api/me': () => sellerMe(),
      'GET /api/conversations': (): InboxResponse => ({ conversations: [conversation], next_cursor: null }),
      'GET /api/conversations/unread': () => ({ unread: 0 }),
      [`GET /api/conversations/${conversation.id}`]: () => detail,
      [`GET /api/conversations/${conversation.id}/messages`]: () => ({ messages: [], has_more: false }),
      [`PUT /api/conversations/${conversation.id}/block`]: answerBlock(true),
      [`DELETE /api/conversations/${conversation.id}/block`]: answerBlock(false),
    });
    renderPage(MessagesPage, { path: '/messages/:id', url: `/messages/${conversation.id}` });

    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('dialog', { name: 'Block Maria?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(blockRequests).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Maria?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(blockRequests).toEqual(['PUT']);

    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    expect(await screen.findByRole('button', { name: 'Block' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(blockRequests).toEqual(['PUT', 'DELETE']);
  });
});

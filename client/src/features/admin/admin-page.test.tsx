import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  adminUser,
  adminUserDetail,
  auditEntry,
  conversationQueueItem,
  meWithRole,
  QUEUED_AD_ID,
  QUEUED_SELLER_ID,
  queueItem,
  REPORTED_CONVERSATION_ID,
} from '../../test/moderation-fixtures';
import { jsonResponse, mockApi, renderPage, signedOut, type ApiHandler } from '../../test/render-page';
import { AdminPage } from './admin-page';

afterEach(() => vi.unstubAllGlobals());

const renderAdmin = (url = '/admin') => renderPage(AdminPage, { path: '/admin', url });

function staffApi(role: 'moderator' | 'admin', overrides: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': () => meWithRole(role),
    'GET /api/admin/queue': () => ({ items: [queueItem()], next_cursor: null }),
    'GET /api/admin/users': () => ({ items: [adminUser()], next_cursor: null }),
    [`GET /api/admin/users/${QUEUED_SELLER_ID}`]: () => adminUserDetail(),
    'GET /api/admin/audit': () => ({ items: [auditEntry()], next_cursor: null }),
    ...overrides,
  });
}

describe('/admin', () => {
  it('asks a signed-out visitor to log in', async () => {
    mockApi({ 'GET /api/me': signedOut });
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('Please login to access the moderation console.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('says Access Denied to a signed-in user who is not staff, and asks the server nothing', async () => {
    const api = mockApi({ 'GET /api/me': () => meWithRole('user') });
    renderAdmin();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(api.calls.filter((call) => call.includes('/api/admin'))).toEqual([]);
  });

  it('shows a queued ad with its reports, details, flags and the seller’s history', async () => {
    staffApi('moderator', {
      'GET /api/admin/queue': () => ({
        items: [
          queueItem({
            flags: [
              {
                id: 'f0000000-0000-4000-8000-000000000001',
                kind: 'reused_photo',
                matching_ad_id: '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
                created_at: '2026-02-20T10:00:00.000Z',
              },
              {
                id: 'f0000000-0000-4000-8000-000000000002',
                kind: 'blocked_term',
                term: 'gift card',
                created_at: '2026-02-20T10:00:00.000Z',
              },
            ],
          }),
        ],
        next_cursor: null,
      }),
    });
    renderAdmin();
    const card = await screen.findByRole('article', { name: 'iPhone 15 Pro, sealed' });
    expect(within(card).getByRole('link', { name: 'iPhone 15 Pro, sealed' })).toHaveAttribute(
      'href',
      `/ad/${QUEUED_AD_ID}`,
    );
    expect(within(card).getByText('$199')).toBeInTheDocument();
    expect(within(card).getByText('3 reports')).toBeInTheDocument();
    expect(within(card).getByText('Scam or fraud')).toBeInTheDocument();
    expect(within(card).getByText('“Asks for payment by gift card”')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'See the matching ad' })).toHaveAttribute(
      'href',
      '/ad/5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
    );
    expect(within(card).getByText('“gift card”')).toBeInTheDocument();
    const seller = within(card).getByRole('complementary', { name: 'Seller of iPhone 15 Pro, sealed' });
    expect(seller).toHaveTextContent('sam@example.com');
    expect(seller).toHaveTextContent('Ads4');
    expect(seller).toHaveTextContent('Reports on ads5');
    expect(seller).toHaveTextContent('Reports in messages0');
  });

  it('shows a reported conversation: who reported whom and why, the ad, the reported person and the messages', async () => {
    staffApi('moderator', {
      'GET /api/admin/queue': () => ({ items: [queueItem(), conversationQueueItem()], next_cursor: null }),
    });
    renderAdmin();
    const card = await screen.findByRole('article', { name: 'Conversation about iPhone 15 Pro, sealed' });
    expect(within(card).getByRole('link', { name: 'iPhone 15 Pro, sealed' })).toHaveAttribute(
      'href',
      `/ad/${QUEUED_AD_ID}`,
    );
    expect(within(card).getByText('1 report')).toBeInTheDocument();
    expect(within(card).getByText('Abusive or offensive')).toBeInTheDocument();
    expect(card).toHaveTextContent('reported by Bea Buyer (buyer)');
    expect(within(card).getByText('“He called me names when I asked about the price.”')).toBeInTheDocument();

    const reported = within(card).getByRole('group', { name: 'Reported seller Sam Quick' });
    expect(reported).toHaveTextContent('sam@example.com');
    expect(reported).toHaveTextContent('Reports on ads5');
    expect(reported).toHaveTextContent('Reports in messages2');
    expect(within(reported).getByRole('link', { name: 'Open in Users' })).toHaveAttribute(
      'href',
      '/admin?tab=users&q=sam%40example.com',
    );
    // The reporter is not shown as reported.
    expect(within(card).queryByRole('group', { name: /Bea Buyer/ })).not.toBeInTheDocument();

    const messages = within(card).getByRole('list', { name: 'Messages' });
    const items = within(messages).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Bea Buyer \(buyer\).*Would you take 150\?$/),
      expect.stringMatching(
        /^Sam Quick \(seller\).*No, idiot\. Pay with a gift card or go away\. Risky payment$/,
      ),
    ]);
    expect(within(card).queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
  });

  it('dismisses the reports of a conversation with an empty body, and reads the queue again', async () => {
    const api = staffApi('moderator', {
      'GET /api/admin/queue': () => ({ items: [conversationQueueItem()], next_cursor: null }),
      [`POST /api/admin/conversations/${REPORTED_CONVERSATION_ID}/dismiss`]: () => ({
        conversation: { id: REPORTED_CONVERSATION_ID, open_reports: 0 },
      }),
    });
    renderAdmin();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Dismiss reports of conversation about iPhone 15 Pro, sealed',
      }),
    );
    expect(await screen.findByText('Reports Dismissed')).toBeInTheDocument();
    expect(api.sentBody(`POST /api/admin/conversations/${REPORTED_CONVERSATION_ID}/dismiss`)).toEqual({});
    await waitFor(() => expect(api.calls.filter((call) => call === 'GET /api/admin/queue')).toHaveLength(2));
  });

  it('suspends the reported person from a conversation with a reason', async () => {
    const api = staffApi('moderator', {
      'GET /api/admin/queue': () => ({ items: [conversationQueueItem()], next_cursor: null }),
      [`POST /api/admin/users/${QUEUED_SELLER_ID}/suspend`]: () => ({
        user: adminUser({ suspended_at: '2026-02-23T00:00:00.000Z', suspended_reason: 'Insults buyers' }),
      }),
    });
    renderAdmin();
    const user = userEvent.setup();
    // Only the reported side can be suspended from here.
    expect(screen.queryByRole('button', { name: /Suspend buyer/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Suspend seller Sam Quick' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend this seller' });
    expect(dialog).toHaveTextContent('The reports about them in conversations close.');
    await user.type(within(dialog).getByLabelText('Reason for suspending'), 'Insults buyers');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend Seller' }));
    expect(await screen.findByText('Seller Suspended')).toBeInTheDocument();
    expect(api.sentBody(`POST /api/admin/users/${QUEUED_SELLER_ID}/suspend`)).toEqual({
      reason: 'Insults buyers',
    });
  });

  it('reads earlier messages of a long conversation on demand, before the oldest one shown', async () => {
    const oldest = conversationQueueItem().messages[0]!;
    const api = staffApi('moderator', {
      'GET /api/admin/queue': () => ({
        items: [conversationQueueItem({ has_earlier_messages: true })],
        next_cursor: null,
      }),
      [`GET /api/admin/conversations/${REPORTED_CONVERSATION_ID}/messages`]: () => ({
        messages: [
          {
            id: 'b1000000-0000-4000-8000-000000000000',
            sender_role: 'buyer',
            body: 'Hi, is the phone still available?',
            created_at: '2026-02-20T18:00:00.000Z',
            warnings: [],
          },
        ],
        has_more: false,
      }),
    });
    renderAdmin();
    const user = userEvent.setup();
    const messages = await screen.findByRole('list', { name: 'Messages' });
    await user.click(screen.getByRole('button', { name: 'Show earlier messages' }));
    await waitFor(() => expect(within(messages).getAllByRole('listitem')).toHaveLength(3));
    expect(within(messages).getAllByRole('listitem')[0]).toHaveTextContent(
      'Hi, is the phone still available?',
    );
    expect(api.calls).toContain(
      `GET /api/admin/conversations/${REPORTED_CONVERSATION_ID}/messages?before=${oldest.id}`,
    );
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
  });

  it('hides an ad with the reason the owner will see, and refuses an empty reason', async () => {
    const api = staffApi('moderator', {
      [`POST /api/admin/ads/${QUEUED_AD_ID}/hide`]: ({ body }) => ({
        ad: { id: QUEUED_AD_ID, status: 'hidden', hidden_reason: (body as { reason: string }).reason },
      }),
    });
    renderAdmin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hide iPhone 15 Pro, sealed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this ad' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide Ad' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason.');
    await user.type(
      within(dialog).getByLabelText('Reason the owner will see'),
      'Gift-card payment is a scam.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Hide Ad' }));
    expect(await screen.findByText('Ad Hidden')).toBeInTheDocument();
    expect(api.sentBody(`POST /api/admin/ads/${QUEUED_AD_ID}/hide`)).toEqual({
      reason: 'Gift-card payment is a scam.',
    });
    // The queue is read again after the decision.
    await waitFor(() => expect(api.calls.filter((call) => call === 'GET /api/admin/queue')).toHaveLength(2));
  });

  it('restores a hidden ad, approves a pending one and dismisses reports, each with an empty body', async () => {
    const api = staffApi('moderator', {
      'GET /api/admin/queue': () => ({
        items: [
          queueItem({
            ad: { ...queueItem().ad, status: 'hidden', hidden_reason: 'Looks like a scam' },
            review_requested: true,
          }),
          queueItem({
            ad: {
              ...queueItem().ad,
              id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
              title: 'Tent',
              status: 'pending',
            },
            report_count: 0,
            reasons: [],
          }),
        ],
        next_cursor: null,
      }),
      'POST /api/admin/ads/*': () => ({ ad: {} }),
    });
    renderAdmin();
    const user = userEvent.setup();
    const hidden = await screen.findByRole('article', { name: 'iPhone 15 Pro, sealed' });
    expect(within(hidden).getByText('Review requested')).toBeInTheDocument();
    expect(within(hidden).getByText('Looks like a scam')).toBeInTheDocument();
    await user.click(within(hidden).getByRole('button', { name: 'Restore iPhone 15 Pro, sealed' }));
    expect(await screen.findByText('Ad Restored')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve Tent' }));
    expect(await screen.findByText('Ad Approved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss reports of Tent' }));
    expect(await screen.findByText('Reports Dismissed')).toBeInTheDocument();
    expect(api.sentBody(`POST /api/admin/ads/${QUEUED_AD_ID}/restore`)).toEqual({});
    expect(api.sentBody('POST /api/admin/ads/1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e/restore')).toEqual({});
    expect(api.sentBody('POST /api/admin/ads/1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e/dismiss')).toEqual({});
  });

  it('suspends the seller from the queue with a reason, and shows a refusal as a toast', async () => {
    const api = staffApi('moderator', {
      [`POST /api/admin/users/${QUEUED_SELLER_ID}/suspend`]: () =>
        jsonResponse({ error: { code: 'forbidden', message: 'You cannot suspend an admin.' } }, 403),
    });
    renderAdmin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend seller Sam Quick' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend this seller' });
    await user.type(within(dialog).getByLabelText('Reason for suspending'), 'Scam ads');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend Seller' }));
    expect(await screen.findByText('Action Failed')).toBeInTheDocument();
    expect(screen.getByText('You cannot suspend an admin.')).toBeInTheDocument();
    expect(api.sentBody(`POST /api/admin/users/${QUEUED_SELLER_ID}/suspend`)).toEqual({ reason: 'Scam ads' });
  });

  it('loads the next page of the queue with its cursor', async () => {
    const api = staffApi('moderator', {
      'GET /api/admin/queue': ({ url }) =>
        url.searchParams.get('cursor') === 'page-2'
          ? {
              items: [
                queueItem({
                  ad: { ...queueItem().ad, id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', title: 'Kayak' },
                }),
              ],
              next_cursor: null,
            }
          : { items: [queueItem()], next_cursor: 'page-2' },
    });
    renderAdmin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Kayak' })).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/admin/queue?cursor=page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when the queue is empty', async () => {
    staffApi('moderator', { 'GET /api/admin/queue': () => ({ items: [], next_cursor: null }) });
    renderAdmin();
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
  });

  it('finds users by e-mail, shows their ads and reports, and lets an admin make them a moderator', async () => {
    const api = staffApi('admin', {
      [`PUT /api/admin/users/${QUEUED_SELLER_ID}/role`]: () => ({ user: adminUser({ role: 'moderator' }) }),
    });
    renderAdmin('/admin?tab=users');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Search users'), 'sam@');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls).toContain('GET /api/admin/users?q=sam%40'));
    const row = await screen.findByRole('article', { name: 'Sam Quick' });
    await user.click(within(row).getByRole('button', { name: 'Details of Sam Quick' }));
    expect(await within(row).findByRole('heading', { name: 'Ads (1)' })).toBeInTheDocument();
    expect(within(row).getByText('3 open reports')).toBeInTheDocument();
    expect(within(row).getByRole('heading', { name: 'Reports about their ads (1)' })).toBeInTheDocument();
    expect(within(row).getByText('“Asks for payment by gift card”')).toBeInTheDocument();
    expect(row).toHaveTextContent('3 reports on ads · 2 reports in messages');
    expect(
      within(row).getByRole('heading', { name: 'Reports about their messages (1)' }),
    ).toBeInTheDocument();
    expect(row).toHaveTextContent('Abusive or offensive in the conversation about iPhone 15 Pro, sealed');
    await user.click(within(row).getByRole('button', { name: 'Make moderator' }));
    expect(await screen.findByText('Moderator Role Granted')).toBeInTheDocument();
    expect(api.sentBody(`PUT /api/admin/users/${QUEUED_SELLER_ID}/role`)).toEqual({ role: 'moderator' });
  });

  it('restores a hidden ad from its owner’s details, without waiting for a review request', async () => {
    const detail = adminUserDetail();
    const api = staffApi('moderator', {
      [`GET /api/admin/users/${QUEUED_SELLER_ID}`]: () => ({
        ...detail,
        ads: detail.ads.map((ad) => ({ ...ad, status: 'hidden' as const })),
      }),
      [`POST /api/admin/ads/${QUEUED_AD_ID}/restore`]: () => ({
        ad: { ...queueItem().ad, status: 'active' },
      }),
    });
    renderAdmin('/admin?tab=users');
    const user = userEvent.setup();
    const row = await screen.findByRole('article', { name: 'Sam Quick' });
    await user.click(within(row).getByRole('button', { name: 'Details of Sam Quick' }));
    await user.click(await within(row).findByRole('button', { name: 'Restore iPhone 15 Pro, sealed' }));
    expect(await screen.findByText('Ad Restored')).toBeInTheDocument();
    expect(api.sentBody(`POST /api/admin/ads/${QUEUED_AD_ID}/restore`)).toEqual({});
  });

  it('searches for the person the queue sent the moderator to (?q=)', async () => {
    const api = staffApi('moderator');
    renderAdmin('/admin?tab=users&q=sam%40example.com');
    expect(await screen.findByLabelText('Search users')).toHaveValue('sam@example.com');
    await waitFor(() => expect(api.calls).toContain('GET /api/admin/users?q=sam%40example.com'));
    expect(await screen.findByRole('article', { name: 'Sam Quick' })).toBeInTheDocument();
  });

  it('lets a moderator suspend and restore accounts but not grant roles', async () => {
    const api = staffApi('moderator', {
      'GET /api/admin/users': () => ({
        items: [adminUser({ suspended_at: '2026-02-23T00:00:00.000Z', suspended_reason: 'Scam ads' })],
        next_cursor: null,
      }),
      [`POST /api/admin/users/${QUEUED_SELLER_ID}/restore`]: () => ({ user: adminUser() }),
    });
    renderAdmin('/admin?tab=users');
    const user = userEvent.setup();
    const row = await screen.findByRole('article', { name: 'Sam Quick' });
    expect(within(row).getByText('Suspended')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Details of Sam Quick' }));
    expect(within(row).queryByRole('button', { name: 'Make moderator' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Restore account' }));
    expect(await screen.findByText('Account Restored')).toBeInTheDocument();
    expect(api.sentBody(`POST /api/admin/users/${QUEUED_SELLER_ID}/restore`)).toEqual({});
  });

  it('lists the audit log with who, what, when and why, and searches it', async () => {
    const api = staffApi('moderator');
    renderAdmin('/admin?tab=audit');
    const log = await screen.findByRole('region', { name: 'Audit log' });
    expect(await within(log).findByText('Mo Derator')).toBeInTheDocument();
    expect(log).toHaveTextContent('Hid ad');
    expect(within(log).getByRole('link', { name: 'iPhone 15 Pro, sealed' })).toHaveAttribute(
      'href',
      `/ad/${QUEUED_AD_ID}`,
    );
    expect(log).toHaveTextContent('Reason: Gift-card payment is a scam pattern.');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search the audit log'), 'scam');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls).toContain('GET /api/admin/audit?q=scam'));
  });
});

import type { MeResponse } from '@bazaar/common/accounts';
import { DAY_MS } from '@bazaar/common/constants';
import type { Checkout } from '@bazaar/common/subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, signedOut, type ApiMock } from '../../test/render-page';
import { sellerMe } from '../../test/seller-fixtures';
import { SubscriptionPage } from './subscription-page';

/** The signed-in seller, five days into a trial that ends in nine unless said otherwise. */
function meOf(
  metadata: Partial<MeResponse['user']['user_metadata']>,
  quota: Partial<MeResponse['quota']> = {},
) {
  return sellerMe({
    createdAt: new Date(Date.now() - 5 * DAY_MS).toISOString(),
    metadata: { trial_end_date: new Date(Date.now() + 9 * DAY_MS).toISOString(), ...metadata },
    quota: { trial_days_left: 9, ...quota },
  });
}

const checkout: Checkout = {
  id: '0b8a3c2e-1f4d-4a6b-9c7e-2d5f8a1b3c4e',
  purpose: 'plan',
  plan_id: 'starter',
  ad_id: null,
  provider: 'demo',
  status: 'open',
  amount_cents: 500,
  credit_cents: 0,
  expires_at: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
  completed_at: null,
};

interface FakeServer {
  me: ReturnType<typeof meOf> | null;
  checkoutStatus: Checkout['status'];
}

let server: FakeServer;
let api: ApiMock;

function subscriptionOf(me: ReturnType<typeof meOf>) {
  const metadata = me.user.user_metadata;
  const isActive = metadata.subscription_status === 'active';
  return {
    subscription: {
      status: metadata.subscription_status,
      plan_id: metadata.subscription_plan,
      max_ads: metadata.max_ads,
      trial_end_date: metadata.trial_end_date,
      trial_days_left: me.quota.trial_days_left,
      current_period_start: isActive ? '2026-11-10T00:00:00.000Z' : null,
      current_period_end: isActive ? '2026-12-10T00:00:00.000Z' : null,
      cancel_at_period_end: false,
      provider: isActive ? 'demo' : null,
    },
  };
}

function subscriptionApi() {
  return mockApi({
    'GET /api/me': () => server.me ?? signedOut(),
    'GET /api/subscription': () => subscriptionOf(server.me!),
    'GET /api/subscription/payments': () => ({ payments: [], next_cursor: null }),
    'GET /api/subscription/quote?plan_id=master': () => ({
      quote: {
        plan_id: 'master',
        kind: 'change',
        replaces_plan_id: 'premium',
        price_cents: 2000,
        credit_cents: 750,
        amount_due_cents: 1250,
        period_end: '2027-01-02T00:00:00.000Z',
      },
    }),
    'GET /api/subscription/quote?plan_id=starter': () => ({
      quote: {
        plan_id: 'starter',
        kind: 'change',
        replaces_plan_id: 'premium',
        price_cents: 500,
        credit_cents: 750,
        amount_due_cents: 0,
        period_end: '2027-02-10T00:00:00.000Z',
      },
    }),
    'POST /api/subscription/checkouts': () => ({
      checkout,
      url: `/checkout/demo/${checkout.id}`,
    }),
    [`GET /api/subscription/checkouts/${checkout.id}`]: () => ({
      checkout: { ...checkout, status: server.checkoutStatus },
    }),
  });
}

function fakePopup() {
  const popup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
    location: { href: '' },
    document: { title: '', body: { textContent: '' } },
  };
  return popup;
}

const renderSubscription = () => renderPage(SubscriptionPage, { path: '/subscription' });

function planCard(name: string) {
  return screen.getByRole('article', { name });
}

beforeEach(() => {
  server = { me: null, checkoutStatus: 'open' };
  api = subscriptionApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SubscriptionPage', () => {
  it('shows the three monthly packs to a visitor and asks them to log in to subscribe', async () => {
    const open = vi.spyOn(window, 'open');
    renderSubscription();
    expect(screen.getByRole('heading', { level: 1, name: 'Subscription Plans' })).toBeInTheDocument();
    expect(within(planCard('Starter Pack')).getByText('$5')).toBeInTheDocument();
    expect(within(planCard('Premium Pack')).getByText('$15')).toBeInTheDocument();
    expect(within(planCard('Premium Pack')).getByText('Most Popular')).toBeInTheDocument();
    expect(within(planCard('Master Pack')).getByText('$20')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Why Upgrade from Free Trial?' })).toBeInTheDocument();

    const subscribe = within(planCard('Starter Pack')).getByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await userEvent.click(subscribe);
    expect(await screen.findByText('Login Required')).toBeInTheDocument();
    expect(screen.getByText('Please login to subscribe to a plan.')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    expect(screen.queryByText('14-Day Free Trial Active')).not.toBeInTheDocument();
  });

  // It waits for real poll rounds (CHECKOUT_POLL_INTERVAL_MS, 1.5 s) before and after the server
  // says paid: ~3.5 s when the machine is idle, past the default 5 s under load.
  it('pays in a 600×700 popup and waits for the server to confirm before welcoming the seller', async () => {
    server.me = meOf({});
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    renderSubscription();
    expect(await screen.findByText('14-Day Free Trial Active')).toBeInTheDocument();
    expect(screen.getByText(/9 days left/)).toBeInTheDocument();

    const subscribe = within(planCard('Starter Pack')).getByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await userEvent.click(subscribe);

    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]?.[2]).toMatch(/width=600,height=700/);
    expect(within(planCard('Starter Pack')).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await waitFor(() =>
      expect(popup.location.href).toBe(`${window.location.origin}/checkout/demo/${checkout.id}`),
    );
    expect(api.requests).toContainEqual({
      method: 'POST',
      path: '/api/subscription/checkouts',
      body: { plan_id: 'starter' },
    });

    // No success until the server says the checkout is paid.
    await waitFor(
      () => expect(api.requests.filter((request) => request.path.includes(checkout.id))).not.toEqual([]),
      {
        timeout: 4000,
      },
    );
    expect(screen.queryByText('Payment Successful! 🎉')).not.toBeInTheDocument();

    server.me = meOf(
      { subscription_status: 'active', subscription_plan: 'starter', max_ads: 5 },
      { max_ads: 5 },
    );
    server.checkoutStatus = 'paid';
    expect(await screen.findByText('Payment Successful! 🎉', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(
      screen.getByText('Welcome to the Starter Pack! Your subscription is now active.'),
    ).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();
    await waitFor(() =>
      expect(within(planCard('Starter Pack')).getByRole('button', { name: 'Current Plan' })).toBeDisabled(),
    );
  }, 15_000);

  /** Subscribes to the Premium Pack; answers the fake popup, once the checkout is in it. */
  async function subscribeToPremium() {
    server.me = meOf({});
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    renderSubscription();
    const subscribe = within(planCard('Premium Pack')).getByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await userEvent.click(subscribe);
    await waitFor(() => expect(popup.location.href).not.toBe(''));
    return popup;
  }

  it('says the window was closed, not that the payment failed, when the popup is closed before paying', async () => {
    const popup = await subscribeToPremium();
    popup.closed = true;

    expect(await screen.findByText('Payment Window Closed', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(
      screen.getByText(
        'The payment window was closed before the payment was confirmed. If you paid before closing it, you will be notified once the payment is confirmed.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Payment Failed')).not.toBeInTheDocument();
    expect(within(planCard('Premium Pack')).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('says "Payment Failed" when the server says the payment failed', async () => {
    await subscribeToPremium();
    server.checkoutStatus = 'failed';

    expect(await screen.findByText('Payment Failed', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(
      screen.getByText('There was an error processing your payment. Please try again.'),
    ).toBeInTheDocument();
    expect(within(planCard('Premium Pack')).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('shows a subscriber their plan and renewal date, and the prorated price before switching', async () => {
    server.me = meOf(
      { subscription_status: 'active', subscription_plan: 'premium', max_ads: 18 },
      { max_ads: 18, active_ads: 4 },
    );
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    renderSubscription();

    const summary = await screen.findByRole('region', { name: 'Your subscription' });
    expect(within(summary).getByText('Renews on Dec 10, 2026.')).toBeInTheDocument();
    expect(within(summary).getByText('4 / 18')).toBeInTheDocument();
    expect(within(planCard('Premium Pack')).getByRole('button', { name: 'Current Plan' })).toBeDisabled();
    expect(screen.queryByText('14-Day Free Trial Active')).not.toBeInTheDocument();

    await userEvent.click(within(planCard('Master Pack')).getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to the Master Pack' });
    expect(await within(dialog).findByText('$12.50')).toBeInTheDocument();
    expect(within(dialog).getByText('−$7.50')).toBeInTheDocument();
    expect(within(dialog).queryByText(/active ads and the/)).not.toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(
      within(planCard('Master Pack')).getByRole('button', { name: 'Processing...' }),
    ).toBeInTheDocument();
  });

  it('tells a subscriber with more active ads than a smaller plan allows what happens to them', async () => {
    server.me = meOf(
      { subscription_status: 'active', subscription_plan: 'premium', max_ads: 18 },
      { max_ads: 18, active_ads: 12 },
    );
    renderSubscription();
    const subscribe = within(planCard('Starter Pack')).getByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(subscribe).toBeEnabled());
    await userEvent.click(subscribe);
    const dialog = await screen.findByRole('dialog', { name: 'Switch to the Starter Pack' });
    expect(
      within(dialog).getByText(
        'You have 12 active ads and the Starter Pack allows 5. They stay listed, but you can post new ones only once fewer than 5 are active.',
      ),
    ).toBeInTheDocument();
  });
});

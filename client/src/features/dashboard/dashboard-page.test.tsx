import { DAY_MS } from '@bazaar/common/constants';
import type { FeatureOffer } from '@bazaar/common/featuring';
import { defaultProfileSettings, type ProfileSettings } from '@bazaar/common/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderPage, signedOut, type ApiHandler } from '../../test/render-page';
import { myAd, myAds, sellerAnalytics, sellerMe, sellerStats } from '../../test/seller-fixtures';
import { DashboardPage } from './dashboard-page';

afterEach(() => vi.unstubAllGlobals());

const renderDashboard = (url = '/dashboard') => renderPage(DashboardPage, { path: '/dashboard', url });

function sellerApi(overrides: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/me': () => sellerMe(),
    'GET /api/me/stats': () => sellerStats(),
    'GET /api/me/ads': () => myAds([]),
    'GET /api/me/analytics': () => sellerAnalytics(),
    'GET /api/profile/settings': () => defaultProfileSettings,
    ...overrides,
  });
}

describe('/dashboard', () => {
  it('refuses a signed-out visitor with Access Denied and a Login link', async () => {
    mockApi({ 'GET /api/me': signedOut });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('Please login to access your dashboard.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('greets a trial seller and shows days left, ads left and the way to upgrade', async () => {
    sellerApi();
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ann Lee!' })).toBeInTheDocument();
    expect(screen.getByText('Trial: 12 days left')).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'Trial status' });
    expect(within(banner).getByText('Free Trial: 12 days left')).toBeInTheDocument();
    expect(within(banner).getByText('You can post 1 more ad during your trial.')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.getByRole('link', { name: 'Post New Ad' })).toHaveAttribute('href', '/post-ad');
    const subscription = screen.getByRole('region', { name: 'Subscription Status' });
    expect(within(subscription).getByText('Trial')).toBeInTheDocument();
    expect(within(subscription).getByText('0 / 1')).toBeInTheDocument();
  });

  it('greets by e-mail when there is no name, and says when the trial has expired', async () => {
    sellerApi({ 'GET /api/me': () => sellerMe({ name: '', quota: { trial_days_left: 0 } }) });
    renderDashboard();
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, ann@example.com!' }),
    ).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'Trial status' });
    expect(within(banner).getByRole('heading', { name: 'Trial Expired' })).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscription');
  });

  it('shows a subscriber their plan badge and quota, and no trial banner', async () => {
    sellerApi({
      'GET /api/me': () =>
        sellerMe({ status: 'active', plan: 'starter', quota: { active_ads: 2, max_ads: 5 } }),
    });
    renderDashboard();
    const subscription = await screen.findByRole('region', { name: 'Subscription Status' });
    expect(within(subscription).getByText('Starter Pack')).toBeInTheDocument();
    expect(within(subscription).getByText('2 / 5')).toBeInTheDocument();
    expect(screen.getAllByText('Starter Pack')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Trial status' })).not.toBeInTheDocument();
  });

  it('shows the server’s numbers and only the first three achievements', async () => {
    sellerApi({
      'GET /api/me/stats': () =>
        sellerStats({ total_views: 1234, total_likes: 56, active_ads: 4, unlocked: ['first-post'] }),
    });
    renderDashboard();
    const quickStats = await screen.findByRole('region', { name: 'Quick Stats' });
    expect(await within(quickStats).findByText('1,234')).toBeInTheDocument();
    expect(within(quickStats).getByText('56')).toBeInTheDocument();
    expect(within(quickStats).getByText('4')).toBeInTheDocument();
    const score = screen.getByRole('region', { name: 'Engagement Score' });
    expect(within(score).getByText('52')).toBeInTheDocument();
    expect(within(score).getByText('Next milestone: 448 points to go')).toBeInTheDocument();

    const achievements = within(screen.getByRole('region', { name: 'Achievements' })).getAllByRole(
      'listitem',
    );
    expect(achievements.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'First Post',
      'Popular Seller',
      'Engagement Master',
    ]);
    expect(achievements[0]).toHaveTextContent('Unlocked');
    expect(achievements[1]).toHaveTextContent('Locked');
  });

  it('boosts the score with a toast only, sending nothing', async () => {
    const api = sellerApi();
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Boost Score' }));
    expect(await screen.findByText('Engagement Boosted!')).toBeInTheDocument();
    expect(api.calls.filter((call) => !call.startsWith('GET'))).toEqual([]);
  });

  it('lists the seller’s ads with View and working Edit links', async () => {
    sellerApi({
      'GET /api/me/ads': () =>
        myAds([
          myAd(),
          myAd({ id: '6e3d2c1b-0a9f-4b8c-9d7e-6f5a4b3c2d1e', title: 'Desk lamp', status: 'hidden' }),
        ]),
    });
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'My Advertisements' });
    expect(within(list).getByRole('link', { name: 'View Road bike, 54 cm' })).toHaveAttribute(
      'href',
      '/ad/5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
    );
    expect(within(list).getByRole('link', { name: 'Edit Road bike, 54 cm' })).toHaveAttribute(
      'href',
      '/ad/5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d/edit',
    );
    expect(within(list).getByRole('link', { name: 'Edit Desk lamp' })).toHaveAttribute(
      'href',
      '/ad/6e3d2c1b-0a9f-4b8c-9d7e-6f5a4b3c2d1e/edit',
    );
    expect(within(list).getByText('Hidden')).toBeInTheDocument();
  });

  it('shows the moderator’s reason on an ad staff hid, asks for a review, and says Under review on a pending ad', async () => {
    const hiddenId = '6e3d2c1b-0a9f-4b8c-9d7e-6f5a4b3c2d1e';
    let reviewRequested = false;
    const api = sellerApi({
      'GET /api/me/ads': () =>
        myAds([
          myAd({
            id: hiddenId,
            title: 'Desk lamp',
            status: 'hidden',
            moderation: {
              hidden_reason: 'The photo shows a different lamp.',
              review_requested: reviewRequested,
            },
          }),
          myAd({ id: '7f4e3d2c-1b0a-4c9d-8e7f-6a5b4c3d2e1f', title: 'Tent', status: 'pending' }),
        ]),
      [`POST /api/ads/${hiddenId}/review-request`]: () => {
        reviewRequested = true;
        return { moderation: { hidden_reason: 'The photo shows a different lamp.', review_requested: true } };
      },
    });
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'My Advertisements' });
    const moderation = within(list).getByRole('group', { name: 'Moderation of Desk lamp' });
    expect(within(moderation).getByText('Hidden')).toBeInTheDocument();
    expect(moderation).toHaveTextContent('Reason: The photo shows a different lamp.');
    expect(within(list).getByText('Under review')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Feature this ad/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(moderation).getByRole('button', { name: 'Request review of Desk lamp' }));
    expect(await screen.findByText('Review Requested')).toBeInTheDocument();
    expect(api.sentBody(`POST /api/ads/${hiddenId}/review-request`)).toEqual({});
    expect(
      await within(moderation).findByText('Review requested: a moderator will look at it again.'),
    ).toBeInTheDocument();
    expect(within(moderation).queryByRole('button', { name: /Request review/ })).not.toBeInTheDocument();
  });

  it('renews an expired ad and says so, even when the list comes back before the rest of the account', async () => {
    const expired = myAd({ status: 'expired' });
    let renewed = false;
    let answerStats: () => void = () => {};
    sellerApi({
      'GET /api/me/ads': () => myAds([renewed ? myAd({ expires_at: '2024-05-01T00:00:00.000Z' }) : expired]),
      // After the renewal the seller's numbers arrive last, once the list already shows it active.
      'GET /api/me/stats': () =>
        renewed ? new Promise((resolve) => (answerStats = () => resolve(sellerStats()))) : sellerStats(),
      [`POST /api/ads/${expired.id}/renew`]: () => {
        renewed = true;
        return { id: expired.id, status: 'active', expires_at: '2024-05-01T00:00:00.000Z', sold_at: null };
      },
    });
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'My Advertisements' });
    const expiry = within(list).getByRole('group', { name: 'Expiry of Road bike, 54 cm' });
    await userEvent.setup().click(within(expiry).getByRole('button', { name: 'Renew Road bike, 54 cm' }));
    expect(await screen.findByText('Ad Renewed')).toBeInTheDocument();
    expect(await within(list).findByRole('button', { name: 'Mark as sold Road bike, 54 cm' })).toBeVisible();
    answerStats();
  });

  it('gives the focus to the ad’s sold notice once Mark as sold has taken its button away', async () => {
    const active = myAd();
    let isSold = false;
    sellerApi({
      'GET /api/me/ads': () =>
        myAds([isSold ? myAd({ status: 'sold', sold_at: '2024-04-01T00:00:00.000Z' }) : active]),
      [`POST /api/ads/${active.id}/sold`]: () => {
        isSold = true;
        return {
          id: active.id,
          status: 'sold',
          expires_at: active.expires_at,
          sold_at: '2024-04-01T00:00:00.000Z',
        };
      },
    });
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'My Advertisements' });
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Mark as sold Road bike, 54 cm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as sold?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as sold' }));

    const sale = await within(list).findByRole('group', { name: 'Sale of Road bike, 54 cm' });
    await waitFor(() => expect(sale).toHaveFocus());
    expect(within(sale).getByText('Sold')).toBeInTheDocument();
  });

  it('offers to renew an active ad in its last days, as the expiry reminder says, and not before', async () => {
    const expiring = myAd({ expires_at: new Date(Date.now() + 2 * DAY_MS).toISOString() });
    const later = myAd({ id: '6e3d2c1b-0a9f-4b8c-9d7e-6f5a4b3c2d1e', title: 'Tent for two' });
    sellerApi({
      'GET /api/me/ads': () => myAds([expiring, later]),
      [`POST /api/ads/${expiring.id}/renew`]: () => ({
        id: expiring.id,
        status: 'active',
        expires_at: new Date(Date.now() + 30 * DAY_MS).toISOString(),
        sold_at: null,
      }),
    });
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'My Advertisements' });
    const expiry = within(list).getByRole('group', { name: 'Expiry of Road bike, 54 cm' });
    expect(within(expiry).getByText('Expires soon')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Renew Tent for two' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(expiry).getByRole('button', { name: 'Renew Road bike, 54 cm' }));
    expect(await screen.findByText('Ad Renewed')).toBeInTheDocument();
  });

  it('offers Feature this ad on an active ad of the list', async () => {
    sellerApi({
      'GET /api/me/ads': () => myAds([myAd()]),
      'GET /api/ads/5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d/feature': () => ({
        offer: {
          ad_id: '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
          days: 7,
          price_cents: 300,
          included_per_period: 0,
          included_left: 0,
          featured_until: null,
        } satisfies FeatureOffer,
      }),
    });
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'My Advertisements' });
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Feature this ad: Road bike, 54 cm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Feature this ad' });
    expect(await within(dialog).findByRole('button', { name: 'Pay $3.00' })).toBeEnabled();
  });

  it('invites a seller without ads to post the first one', async () => {
    sellerApi();
    renderDashboard();
    expect(await screen.findByText('No ads posted yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post Your First Ad' })).toHaveAttribute('href', '/post-ad');
  });

  it('draws 30 days of views and likes on the Analytics tab, with a table and keyboard reading', async () => {
    sellerApi();
    renderDashboard();
    await userEvent.click(await screen.findByRole('tab', { name: 'Analytics' }));
    const chart = await screen.findByRole('group', { name: /^Views and likes per day/ });
    expect(chart.querySelectorAll('g[data-date]')).toHaveLength(30);
    expect(screen.getByText('15')).toBeInTheDocument();

    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[1]).toHaveTextContent('Sat, Mar 30, 2024122');

    chart.focus();
    expect(await screen.findByText('Sat, Mar 30, 2024: 12 views, 2 likes')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByText('Fri, Mar 29, 2024: 0 views, 0 likes')).toBeInTheDocument();
    await userEvent.keyboard('{Home}');
    expect(await screen.findByText('Fri, Mar 1, 2024: 0 views, 0 likes')).toBeInTheDocument();
  });

  it('opens the Analytics tab from the address, and keeps the chosen tab in it', async () => {
    sellerApi();
    const { router } = renderDashboard('/dashboard?tab=analytics');
    expect(await screen.findByRole('tab', { name: 'Analytics', selected: true })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(router.state.location.search).toBe('?tab=settings');
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(router.state.location.search).toBe('');
  });

  it('says Social Hub and Reset Layout are not built yet', async () => {
    sellerApi();
    renderDashboard('/dashboard?tab=social');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Social Accounts' }));
    expect(await screen.findByText("This feature isn't implemented yet")).toBeInTheDocument();
  });

  it('saves a notification setting as soon as it is changed', async () => {
    let saved: ProfileSettings | undefined;
    const api = sellerApi({
      'GET /api/profile/settings': () => saved ?? defaultProfileSettings,
      'PUT /api/profile/settings': ({ body }) => {
        saved = body as ProfileSettings;
        return saved;
      },
    });
    renderDashboard('/dashboard?tab=settings');
    const weekly = await screen.findByRole('checkbox', { name: 'Weekly performance reports' });
    await waitFor(() => expect(weekly).toBeEnabled());
    expect(weekly).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Email notifications for new messages' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'SMS notifications for ad views' })).toBeChecked();

    await userEvent.click(weekly);
    await waitFor(() => expect(weekly).toBeChecked());
    await waitFor(() => expect(saved).toEqual({ ...defaultProfileSettings, weeklyReports: true }));
    // After saving, the page reads the settings again and keeps showing the stored choice.
    await waitFor(() =>
      expect(api.calls.filter((call) => call === 'GET /api/profile/settings')).toHaveLength(2),
    );
    expect(weekly).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Reset Layout' }));
    expect(await screen.findByText("This feature isn't implemented yet")).toBeInTheDocument();
  });

  it('puts a setting back and says so when saving fails', async () => {
    sellerApi({
      'PUT /api/profile/settings': () =>
        jsonResponse({ error: { code: 'internal_error', message: 'Something broke.' } }, 500),
    });
    renderDashboard('/dashboard?tab=settings');
    const sms = await screen.findByRole('checkbox', { name: 'SMS notifications for ad views' });
    await waitFor(() => expect(sms).toBeEnabled());
    await userEvent.click(sms);
    expect(await screen.findByText('Error saving settings')).toBeInTheDocument();
    expect(screen.getByText('Something broke.')).toBeInTheDocument();
    await waitFor(() => expect(sms).toBeChecked());
  });
});

import type { AdDetail } from '@bazaar/common/ads';
import type { MeResponse } from '@bazaar/common/accounts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderPage, signedOut } from '../../test/render-page';
import { AdPage } from './ad-page';

const AD_ID = '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const SELLER_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const ad: AdDetail = {
  id: AD_ID,
  user_id: SELLER_ID,
  title: 'Fender Player Stratocaster',
  description: 'Mexican-made, new strings.',
  price: 1610,
  category: 'music-instruments',
  category_name: 'Music & Instruments',
  location: 'Memphis, TN',
  place_id: null,
  featured: true,
  featured_until: '2026-02-08T00:00:00.000Z',
  views: 41,
  likes: 3,
  status: 'active',
  expires_at: '2026-03-03T00:00:00.000Z',
  sold_at: null,
  created_at: '2026-02-01T00:00:00.000Z',
  updated_at: '2026-02-01T00:00:00.000Z',
  images: [
    {
      id: 'a0000000-0000-4000-8000-000000000001',
      url: '/media/1-full.webp',
      card_url: '/media/1-card.webp',
      width: 800,
      height: 600,
    },
    {
      id: 'a0000000-0000-4000-8000-000000000002',
      url: '/media/2-full.webp',
      card_url: '/media/2-card.webp',
      width: 800,
      height: 600,
    },
  ],
  videos: [],
  seller: {
    id: SELLER_ID,
    name: 'Lena Park',
    member_since: '2023-05-01T00:00:00.000Z',
    verified: true,
    phone_visible: true,
    accepts_messages: true,
  },
};

const buyer = {
  user: { id: 'bbbbbbbb-0000-4000-8000-000000000000', email: 'b@example.com' },
  quota: { active_ads: 0, max_ads: 1, trial_days_left: 14, post_gate: 'allowed' },
} as unknown as MeResponse;

afterEach(() => vi.unstubAllGlobals());

const renderAd = (id = AD_ID) => renderPage(AdPage, { path: '/ad/:id', url: `/ad/${id}` });

describe('/ad/:id', () => {
  it('shows the ad: breadcrumb, photos, Featured, price with separators, seller, safety tips, and counts the view', async () => {
    const api = mockApi({
      'GET /api/me': signedOut,
      [`GET /api/ads/${AD_ID}`]: () => ad,
      [`GET /api/ads/${AD_ID}/related`]: () => ({ ads: [] }),
      [`POST /api/ads/${AD_ID}/views`]: () => ({ views: 42, counted: true }),
    });
    renderAd();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fender Player Stratocaster' }),
    ).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(breadcrumb).toHaveTextContent('Home');
    expect(screen.getByRole('link', { name: 'Music & Instruments' })).toHaveAttribute(
      'href',
      '/category/music-instruments',
    );
    expect(screen.getByText('$1,610')).toBeInTheDocument();
    expect(screen.getByText('Featured')).toBeInTheDocument();
    expect(screen.getByText('Member since 2023')).toBeInTheDocument();
    expect(screen.getByLabelText('Verified seller')).toBeInTheDocument();
    expect(screen.getByText('Meet in a public place')).toBeInTheDocument();
    expect(await screen.findByText('42 views')).toBeInTheDocument();
    expect(api.calls.filter((call) => call === `POST /api/ads/${AD_ID}/views`)).toHaveLength(1);

    const user = userEvent.setup();
    expect(screen.getByRole('img', { name: /photo 1 of 2/ })).toHaveAttribute('src', '/media/1-full.webp');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('img', { name: /photo 2 of 2/ })).toHaveAttribute('src', '/media/2-full.webp');
    // From the photo itself, the arrow keys move too; the frame around it is no nameless tab stop.
    screen.getByRole('button', { name: /^View .*photo 2 of 2 full screen$/ }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: /photo 1 of 2/ })).toBeInTheDocument();
    expect(document.querySelector('[tabindex="0"]:not([role]):not([aria-label])')).toBeNull();
  });

  it('asks a signed-out visitor to log in to like the ad or contact the seller', async () => {
    mockApi({
      'GET /api/me': signedOut,
      [`GET /api/ads/${AD_ID}`]: () => ad,
      'GET /api/ads/*': () => ({ ads: [] }),
      'POST /api/ads/*': () => ({ views: 41, counted: false }),
    });
    renderAd();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Add to favorites/ }));
    expect(await screen.findByText('Please login to like advertisements.')).toBeInTheDocument();
    expect(screen.getByText('Login Required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Contact Seller' }));
    expect(await screen.findByText('Please login to contact the seller.')).toBeInTheDocument();
  });

  it("says why the seller's number cannot be had, and tries again on the next press", async () => {
    let isRefused = true;
    mockApi({
      'GET /api/me': () => buyer,
      [`GET /api/ads/${AD_ID}`]: () => ad,
      [`GET /api/ads/${AD_ID}/contact`]: () =>
        isRefused
          ? jsonResponse(
              { error: { code: 'contact_rate_limited', message: 'Please wait a few minutes.' } },
              429,
            )
          : { name: 'Lena Park', phone: '+1 555 0142' },
      'GET /api/ads/*': () => ({ ads: [] }),
      'POST /api/ads/*': () => ({ views: 41, counted: false }),
    });
    renderAd();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Contact Seller' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a few minutes.');
    isRefused = false;
    await user.click(screen.getByRole('button', { name: 'Contact Seller' }));
    expect(await screen.findByRole('link', { name: '+1 555 0142' })).toBeInTheDocument();
  });

  it('offers no way to contact the seller of a sold ad, does not point to one, and counts no view', async () => {
    const api = mockApi({
      'GET /api/me': () => buyer,
      [`GET /api/ads/${AD_ID}`]: () => ({ ...ad, status: 'sold', sold_at: '2026-02-05T00:00:00.000Z' }),
      'GET /api/ads/*': () => ({ ads: [] }),
      'POST /api/ads/*': () => ({ views: 41, counted: false }),
    });
    renderAd();
    await screen.findByRole('heading', { name: 'Seller Information' });
    expect(screen.getByRole('link', { name: 'Lena Park' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Contact Seller' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Message' })).not.toBeInTheDocument();
    expect(screen.queryByText('Press Contact Seller to see the number')).not.toBeInTheDocument();
    // Only active ads count views (the server answers 404 for the others).
    expect(api.calls).not.toContain(`POST /api/ads/${AD_ID}/views`);
  });

  it('adds the ad to a signed-in buyer’s favourites and shows the new likes', async () => {
    const api = mockApi({
      'GET /api/me': () => buyer,
      [`GET /api/ads/${AD_ID}`]: () => ad,
      [`GET /api/ads/${AD_ID}/favorite`]: () => ({ favorited: false, likes: 3 }),
      [`PUT /api/ads/${AD_ID}/favorite`]: () => ({ favorited: true, likes: 4 }),
      'GET /api/ads/*': () => ({ ads: [] }),
      'POST /api/ads/*': () => ({ views: 41, counted: false }),
    });
    renderAd();
    const user = userEvent.setup();
    await waitFor(() => expect(api.calls).toContain(`GET /api/ads/${AD_ID}/favorite`));
    await user.click(await screen.findByRole('button', { name: /Add to favorites/ }));
    expect(await screen.findByText('Added to favorites! ❤️')).toBeInTheDocument();
    expect(screen.getAllByText(/You can find this ad in your/)[0]).toHaveTextContent(
      'You can find this ad in your favorites.',
    );
    expect(screen.getByRole('button', { name: /Remove from favorites \(4 likes\)/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The toast's "favorites" leads to the list (issue 14).
    // A plain click: Radix's toast handles pointer capture, which jsdom lacks.
    fireEvent.click(screen.getAllByRole('link', { name: 'favorites' })[0]!);
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('counts one view and one like in the singular', async () => {
    mockApi({
      'GET /api/me': signedOut,
      [`GET /api/ads/${AD_ID}`]: () => ({ ...ad, views: 0, likes: 1 }),
      [`GET /api/ads/${AD_ID}/related`]: () => ({ ads: [] }),
      [`POST /api/ads/${AD_ID}/views`]: () => ({ views: 1, counted: true }),
    });
    renderAd();
    expect(await screen.findByText('1 view')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to favorites (1 like)' })).toBeInTheDocument();
  });

  it('copies the link when the device cannot share, saying so', async () => {
    mockApi({
      'GET /api/me': signedOut,
      [`GET /api/ads/${AD_ID}`]: () => ad,
      'GET /api/ads/*': () => ({ ads: [] }),
      'POST /api/ads/*': () => ({ views: 41, counted: false }),
    });
    renderAd();
    // user-event provides the clipboard; jsdom has no navigator.share.
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link Copied! 📋')).toBeInTheDocument();
    expect(screen.getByText('Ad link has been copied to your clipboard.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/ad/${AD_ID}`);
  });

  it('says Ad Not Found with a way home for an unknown ad', async () => {
    mockApi({ 'GET /api/me': signedOut });
    renderAd('00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { name: 'Ad Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });
});

describe('/ad/:id Report', () => {
  const adRoutes = {
    [`GET /api/ads/${AD_ID}`]: () => ad,
    'GET /api/ads/*': () => ({ ads: [] }),
    [`POST /api/ads/${AD_ID}/views`]: () => ({ views: 41, counted: false }),
  };
  const conflict = (status: number, code: string, message: string) =>
    jsonResponse({ error: { code, message } }, status);

  it('sends a signed-out visitor to log in with Login Required, and back to the ad afterwards', async () => {
    mockApi({ 'GET /api/me': signedOut, ...adRoutes });
    const { router } = renderAd();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Login Required')).toBeInTheDocument();
    expect(screen.getByText('Please login to report an advertisement.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ returnTo: `/ad/${AD_ID}` });
  });

  it('opens the conversation a buyer has about the ad instead of a new message, and the composer otherwise', async () => {
    const CONVERSATION_ID = 'cccccccc-0000-4000-8000-000000000000';
    let asked = false;
    const api = mockApi({
      'GET /api/me': () => buyer,
      ...adRoutes,
      [`GET /api/conversations?ad_id=${AD_ID}&limit=1`]: () => ({
        conversations: asked ? [{ id: CONVERSATION_ID }] : [],
        next_cursor: null,
      }),
    });
    const first = renderAd();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('dialog', { name: 'Message Lena Park' })).toBeInTheDocument();
    expect(api.calls).toContain(`GET /api/conversations?ad_id=${AD_ID}&limit=1`);
    first.unmount();

    asked = true;
    const { router } = renderAd();
    await user.click(await screen.findByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/messages/${CONVERSATION_ID}`));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets a signed-in buyer report with a reason and details, then thanks them', async () => {
    const api = mockApi({
      'GET /api/me': () => buyer,
      [`GET /api/ads/${AD_ID}/favorite`]: () => ({ favorited: false, likes: 3 }),
      [`POST /api/ads/${AD_ID}/reports`]: () =>
        jsonResponse({ id: 'c0000000-0000-4000-8000-000000000001' }, 201),
      ...adRoutes,
    });
    renderAd();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this ad' });
    const reasons = within(dialog).getAllByRole('radio');
    expect(reasons.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Scam or fraud',
      'Prohibited item',
      'Wrong category',
      'Duplicate',
      'Offensive',
      'Other',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose a reason.');
    expect(api.hasCalled(`POST /api/ads/${AD_ID}/reports`)).toBe(false);

    await user.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
    const details = within(dialog).getByLabelText('Details (optional)');
    expect(details).toHaveAttribute('maxLength', '500');
    await user.type(details, 'Asks for a deposit by wire');
    expect(within(dialog).getByText('26/500')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));

    expect(await screen.findByText('Thank You for Your Report')).toBeInTheDocument();
    expect(api.sentBody(`POST /api/ads/${AD_ID}/reports`)).toEqual({
      reason: 'scam',
      details: 'Asks for a deposit by wire',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    [409, 'report_already_open', 'Already Reported', 'You have already reported this ad.'],
    [429, 'rate_limited', 'Too Many Reports', 'Please try again later.'],
  ])('shows the server’s %i as a toast and keeps the dialog open', async (status, code, title, message) => {
    mockApi({
      'GET /api/me': () => buyer,
      [`GET /api/ads/${AD_ID}/favorite`]: () => ({ favorited: false, likes: 3 }),
      [`POST /api/ads/${AD_ID}/reports`]: () => conflict(status, code, message),
      ...adRoutes,
    });
    renderAd();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this ad' });
    await user.click(within(dialog).getByRole('radio', { name: 'Duplicate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Report this ad' })).toBeInTheDocument();
  });

  it('tells a person whose report still waits for the moderators, instead of the form; reporting opens it', async () => {
    let open = false;
    const api = mockApi({
      'GET /api/me': () => buyer,
      [`GET /api/ads/${AD_ID}/favorite`]: () => ({ favorited: false, likes: 3 }),
      [`GET /api/ads/${AD_ID}/reports/mine`]: () => ({ open }),
      [`POST /api/ads/${AD_ID}/reports`]: () => {
        open = true;
        return jsonResponse({ id: 'c0000000-0000-4000-8000-000000000001' }, 201);
      },
      ...adRoutes,
    });
    renderAd();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this ad' });
    await user.click(within(dialog).getByRole('radio', { name: 'Offensive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Thank You for Your Report')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Report' }));
    const again = await screen.findByRole('dialog', { name: 'Already Reported' });
    expect(again).toHaveAccessibleDescription(/Our moderators will review it/);
    expect(within(again).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call === `POST /api/ads/${AD_ID}/reports`)).toHaveLength(1);
  });

  it('tells the owner of a hidden ad that buyers cannot see it, and where the reason is', async () => {
    mockApi({
      'GET /api/me': () => ({ ...buyer, user: { ...buyer.user, id: SELLER_ID } }),
      ...adRoutes,
      [`GET /api/ads/${AD_ID}`]: () => ({ ...ad, status: 'hidden' }),
    });
    const { router } = renderAd();
    expect(await screen.findByText(/Buyers cannot see this ad/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'your dashboard' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the owner no Report button', async () => {
    mockApi({
      'GET /api/me': () => ({ ...buyer, user: { ...buyer.user, id: SELLER_ID } }),
      ...adRoutes,
    });
    renderAd();
    // Once the page knows who is there: until then the button waits disabled.
    expect(await screen.findByText('This is your ad.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });

  it('warns the owner deleting a featured ad that its featured days go with it', async () => {
    mockApi({
      'GET /api/me': () => ({ ...buyer, user: { ...buyer.user, id: SELLER_ID } }),
      ...adRoutes,
    });
    renderAd();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete this ad?' })).toHaveAccessibleDescription(
      /It is featured until Feb 8, 2026: those days go with it\.$/,
    );
  });

  it('offers its owner Renew in the ad’s last days, where the expiry reminder leads', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const api = mockApi({
      'GET /api/me': () => ({ ...buyer, user: { ...buyer.user, id: SELLER_ID } }),
      ...adRoutes,
      [`GET /api/ads/${AD_ID}`]: () => ({ ...ad, expires_at: expiresAt }),
      [`POST /api/ads/${AD_ID}/renew`]: () => ({
        id: AD_ID,
        status: 'active',
        expires_at: '2099-01-01T00:00:00.000Z',
        sold_at: null,
      }),
    });
    renderAd();
    const expiry = await screen.findByRole('group', { name: `Expiry of ${ad.title}` });
    expect(within(expiry).getByText('Expires soon')).toBeInTheDocument();
    await userEvent.setup().click(within(expiry).getByRole('button', { name: `Renew ${ad.title}` }));
    await waitFor(() => expect(api.calls).toContain(`POST /api/ads/${AD_ID}/renew`));
    expect(await screen.findByText('Ad Renewed')).toBeInTheDocument();
  });
});

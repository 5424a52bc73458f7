import type { AdSummary } from '@bazaar/common/ads';
import type { SellerPageResponse } from '@bazaar/common/sellers';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderPage, signedOut } from '../../test/render-page';
import { SellerPage } from './seller-page';

const SELLER_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const seller: SellerPageResponse = {
  id: SELLER_ID,
  name: 'Lena Park',
  member_since: '2023-05-01T00:00:00.000Z',
  verified: true,
  location: 'Memphis, TN',
  response: { rate_percent: 92, typical_seconds: 2 * 3600, conversations: 25 },
  active_ads: 1,
};

const ad: AdSummary = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Fender Player Stratocaster',
  price: 1610,
  category: 'music-instruments',
  location: 'Memphis, TN',
  featured: false,
  views: 41,
  likes: 3,
  created_at: '2026-02-01T00:00:00.000Z',
  image_url: null,
};

afterEach(() => vi.unstubAllGlobals());

const renderSeller = () => renderPage(SellerPage, { path: '/seller/:id', url: `/seller/${SELLER_ID}` });

describe('/seller/:id', () => {
  it('shows who the seller is, how they answer and their active ads', async () => {
    mockApi({
      'GET /api/me': signedOut,
      [`GET /api/sellers/${SELLER_ID}`]: () => seller,
      [`GET /api/sellers/${SELLER_ID}/ads`]: () => ({ ads: [ad], next_cursor: null }),
    });
    renderSeller();
    expect(await screen.findByRole('heading', { level: 1, name: /Lena Park/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
    expect(screen.getByText('Member since 2023')).toBeInTheDocument();
    expect(screen.getByText('Memphis, TN', { selector: 'li' })).toBeInTheDocument();
    expect(screen.getByText('92%')).toBeInTheDocument();
    expect(screen.getByText('within 2 hours')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Share answered within 24 hours, from 25 conversations in the last 90 days (a new one counts once answered or 24 hours old).',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Fender Player Stratocaster/ })).toHaveAttribute(
      'href',
      `/ad/${ad.id}`,
    );
    expect(document.title).toContain('Lena Park');
  });

  it('says when there is nothing to measure yet', async () => {
    mockApi({
      'GET /api/me': signedOut,
      [`GET /api/sellers/${SELLER_ID}`]: () => ({
        ...seller,
        verified: false,
        response: { rate_percent: null, typical_seconds: null, conversations: 0 },
        active_ads: 0,
      }),
      [`GET /api/sellers/${SELLER_ID}/ads`]: () => ({ ads: [], next_cursor: null }),
    });
    renderSeller();
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Verified seller' })).not.toBeInTheDocument();
    expect(await screen.findByText('No active ads right now.')).toBeInTheDocument();
  });

  it('is Page Not Found for a suspended or unknown seller', async () => {
    mockApi({
      'GET /api/me': signedOut,
      [`GET /api/sellers/${SELLER_ID}`]: () =>
        jsonResponse({ error: { code: 'not_found', message: 'This seller does not exist.' } }, 404),
    });
    renderSeller();
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});

import type { AdSummary } from '@bazaar/common/ads';
import type { FavoriteItem, FavoriteListResponse } from '@bazaar/common/favorites';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderPage, signedOut } from '../../test/render-page';
import { sellerMe } from '../../test/seller-fixtures';
import { FavoritesPage } from './favorites-page';

const adId = (index: number) => `00000000-0000-4000-8000-00000000000${index}`;

function liked(index: number, title: string | null, soldAt: string | null = null): FavoriteItem {
  const ad: AdSummary | null = title
    ? {
        id: adId(index),
        title,
        price: 100,
        category: 'vehicles',
        location: 'Denver, CO',
        featured: false,
        views: 1,
        likes: 1,
        created_at: '2026-02-01T00:00:00.000Z',
        image_url: null,
      }
    : null;
  return { ad_id: adId(index), liked_at: '2026-02-03T00:00:00.000Z', ad, sold_at: soldAt };
}

const page = (items: FavoriteItem[], next_cursor: string | null = null): FavoriteListResponse => ({
  items,
  next_cursor,
});

afterEach(() => vi.unstubAllGlobals());

const renderFavorites = () => renderPage(FavoritesPage, { path: '/favorites' });

describe('/favorites', () => {
  it('asks a signed-out visitor to log in', async () => {
    mockApi({ 'GET /api/me': signedOut });
    renderFavorites();
    expect(await screen.findByText('Please login to see your favorites.')).toBeInTheDocument();
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
  });

  it('lists the liked ads, says which are no longer available, and loads more', async () => {
    const api = mockApi({
      'GET /api/me': () => sellerMe(),
      'GET /api/me/favorites': ({ url }) =>
        url.searchParams.get('cursor') === 'page-2'
          ? page([liked(3, 'Blue bike')])
          : page(
              [liked(1, 'Red bike'), liked(2, null), liked(4, 'Green bike', '2026-02-05T12:00:00.000Z')],
              'page-2',
            ),
    });
    renderFavorites();
    expect(await screen.findByRole('link', { name: /Red bike/ })).toHaveAttribute('href', `/ad/${adId(1)}`);
    expect(screen.getByRole('heading', { name: 'No longer available' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove unavailable ad from favorites' })).toBeEnabled();
    // A sold ad keeps its title and link while its page says Sold.
    expect(screen.getByRole('link', { name: /Green bike/ })).toHaveAttribute('href', `/ad/${adId(4)}`);
    expect(screen.getByText(/no longer available/, { selector: 'p' })).toHaveTextContent(
      'Sold Feb 5, 2026: no longer available',
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Blue bike/ })).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/me/favorites?cursor=page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('removes an ad that is no longer available, saying so', async () => {
    let items = [liked(1, 'Red bike'), liked(2, null)];
    const api = mockApi({
      'GET /api/me': () => sellerMe(),
      'GET /api/me/favorites': () => page(items),
      [`DELETE /api/me/favorites/${adId(2)}`]: () => {
        items = items.filter((item) => item.ad_id !== adId(2));
        return jsonResponse(undefined, 204);
      },
    });
    renderFavorites();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Remove unavailable ad from favorites' }));
    expect(await screen.findByText('Removed from favorites')).toBeInTheDocument();
    expect(api.hasCalled(`DELETE /api/me/favorites/${adId(2)}`)).toBe(true);
    await waitFor(() => expect(screen.queryByText('No longer available')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /Red bike/ })).toBeInTheDocument();
  });

  it('shows an empty state with a way to browse', async () => {
    mockApi({ 'GET /api/me': () => sellerMe(), 'GET /api/me/favorites': () => page([]) });
    renderFavorites();
    expect(await screen.findByText('No favorites yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse ads' })).toHaveAttribute('href', '/search');
  });
});

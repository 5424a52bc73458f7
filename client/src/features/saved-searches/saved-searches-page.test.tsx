import type { SavedSearch, SavedSearchListResponse } from '@bazaar/common/saved-searches';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderPage, signedOut } from '../../test/render-page';
import { sellerMe } from '../../test/seller-fixtures';
import { SavedSearchesPage } from './saved-searches-page';

const id = (index: number) => `00000000-0000-4000-8000-00000000000${index}`;
const categories = {
  categories: [{ id: 'sports-outdoors', name: 'Sports & Outdoors', icon: 'bike', count: 3 }],
};

function savedSearch(index: number, overrides: Partial<SavedSearch> = {}): SavedSearch {
  return {
    id: id(index),
    name: `Search ${index}`,
    criteria: { sort: 'newest' },
    frequency: 'instant',
    new_count: 0,
    is_new_count_capped: false,
    last_seen_at: '2026-02-01T00:00:00.000Z',
    created_at: '2026-02-01T00:00:00.000Z',
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

const renderSavedSearches = () => renderPage(SavedSearchesPage, { path: '/saved-searches' });
const list = (saved_searches: SavedSearch[]): SavedSearchListResponse => ({ saved_searches });

describe('/saved-searches', () => {
  it('asks a signed-out visitor to log in', async () => {
    mockApi({ 'GET /api/me': signedOut });
    renderSavedSearches();
    expect(await screen.findByText('Please login to see your saved searches.')).toBeInTheDocument();
  });

  it('lists each search with its criteria, how many new ads match and its alerts', async () => {
    mockApi({
      'GET /api/me': () => sellerMe(),
      'GET /api/categories': () => categories,
      'GET /api/saved-searches': () =>
        list([
          savedSearch(1, {
            name: 'Carbon bikes',
            criteria: {
              q: 'carbon bike',
              category: 'sports-outdoors',
              minPrice: 100,
              maxPrice: 500,
              sort: 'price-low',
            },
            new_count: 3,
          }),
          savedSearch(2, { name: 'Anything', new_count: 99, is_new_count_capped: true, frequency: 'daily' }),
          savedSearch(3, { name: 'Quiet', frequency: 'off' }),
        ]),
    });
    renderSavedSearches();
    const bikes = (await screen.findByRole('heading', { name: /Carbon bikes/ })).closest('article')!;
    expect(within(bikes).getByText('3 new')).toBeInTheDocument();
    expect(
      await within(bikes).findByText('“carbon bike” · Sports & Outdoors · $100–$500 · Price: Low to High'),
    ).toBeInTheDocument();
    expect(within(bikes).getByRole('combobox', { name: 'Alerts for Carbon bikes' })).toHaveDisplayValue(
      'Instant',
    );
    const anything = screen.getByRole('heading', { name: /Anything/ }).closest('article')!;
    expect(within(anything).getByText('99+ new')).toBeInTheDocument();
    expect(within(anything).getByRole('combobox')).toHaveDisplayValue('Daily');
    const quiet = screen.getByRole('heading', { name: /Quiet/ }).closest('article')!;
    expect(within(quiet).queryByText(/new$/)).not.toBeInTheDocument();
  });

  it('runs a search: "N new" starts again from now, and the search opens with its criteria', async () => {
    const api = mockApi({
      'GET /api/me': () => sellerMe(),
      'GET /api/categories': () => categories,
      'GET /api/saved-searches': () =>
        list([
          savedSearch(1, {
            name: 'Bikes',
            criteria: { q: 'bike', maxPrice: 300 },
            new_count: 2,
          }),
        ]),
      [`POST /api/saved-searches/${id(1)}/seen`]: () => jsonResponse(undefined, 204),
    });
    const { router } = renderSavedSearches();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Run Bikes' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/search?q=bike&maxPrice=300',
    );
    expect(api.hasCalled(`POST /api/saved-searches/${id(1)}/seen`)).toBe(true);
  });

  it('renames and deletes a search', async () => {
    let searches = [savedSearch(1, { name: 'Bikes' })];
    const api = mockApi({
      'GET /api/me': () => sellerMe(),
      'GET /api/categories': () => categories,
      'GET /api/saved-searches': () => list(searches),
      [`PATCH /api/saved-searches/${id(1)}`]: ({ body }) => {
        searches = [{ ...searches[0]!, name: (body as { name: string }).name }];
        return searches[0];
      },
      [`DELETE /api/saved-searches/${id(1)}`]: () => {
        searches = [];
        return jsonResponse(undefined, 204);
      },
    });
    renderSavedSearches();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename Bikes' }));
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Road bikes');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Road bikes' })).toBeInTheDocument();
    expect(api.sentBody(`PATCH /api/saved-searches/${id(1)}`)).toEqual({ name: 'Road bikes' });

    await user.click(screen.getByRole('button', { name: 'Delete Road bikes' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No saved searches yet')).toBeInTheDocument();
  });
});

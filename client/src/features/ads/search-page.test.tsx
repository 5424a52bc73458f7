import type { AdListResponse, AdSummary } from '@bazaar/common/ads';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, signedOut } from '../../test/render-page';
import { sellerMe } from '../../test/seller-fixtures';
import { SAVE_SEARCH_SIGN_IN_REASON } from '../saved-searches/save-search-button';
import { SearchPage } from './search-page';

function adNamed(title: string, index: number): AdSummary {
  return {
    id: `00000000-0000-4000-8000-00000000000${index}`,
    title,
    price: 100 + index,
    category: 'vehicles',
    location: 'Denver, CO',
    featured: false,
    views: 1,
    likes: 0,
    created_at: '2026-02-01T00:00:00.000Z',
    image_url: null,
  };
}

function page(ads: AdSummary[], extra: Partial<AdListResponse> = {}): AdListResponse {
  return { ads, next_cursor: null, total: { count: ads.length, is_capped: false }, ...extra };
}

afterEach(() => vi.unstubAllGlobals());

const renderSearch = (url: string) => renderPage(SearchPage, { path: '/search', url });

describe('/search', () => {
  it('searches on the server with the criteria of the URL and says how many were found', async () => {
    const api = mockApi({
      'GET /api/me': signedOut,
      'GET /api/categories': () => ({ categories: [] }),
      'GET /api/ads': () => page([adNamed('Red bike', 1), adNamed('Blue bike', 2)]),
    });
    renderSearch('/search?q=bike&minPrice=10&maxPrice=500&location=denver&sort=price-high');
    expect(await screen.findByText('2 ads found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Red bike/ })).toHaveAttribute(
      'href',
      '/ad/00000000-0000-4000-8000-000000000001',
    );
    expect(api.calls).toContain(
      'GET /api/ads?q=bike&minPrice=10&maxPrice=500&location=denver&sort=price-high',
    );
    expect(screen.getByRole('searchbox', { name: 'Search keywords' })).toHaveValue('bike');
    expect(screen.getByText('3 filters active')).toBeInTheDocument();
  });

  it('loads the next page after the cursor on Load More Results', async () => {
    const api = mockApi({
      'GET /api/me': signedOut,
      'GET /api/categories': () => ({ categories: [] }),
      'GET /api/ads': ({ url }) =>
        url.searchParams.get('cursor') === 'next-page'
          ? page([adNamed('Second page ad', 2)], { total: null })
          : page([adNamed('First page ad', 1)], {
              next_cursor: 'next-page',
              total: { count: 1000, is_capped: true },
            }),
    });
    renderSearch('/search?q=ad');
    expect(await screen.findByText('1,000+ ads found')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load More Results' }));
    expect(await screen.findByRole('link', { name: /Second page ad/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /First page ad/ })).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/ads?q=ad&cursor=next-page');
    expect(screen.queryByRole('button', { name: 'Load More Results' })).not.toBeInTheDocument();
  });

  it('where no script runs, leads Load More Results to the address that starts after the cursor', async () => {
    const api = mockApi({
      'GET /api/me': signedOut,
      'GET /api/categories': () => ({ categories: [] }),
      'GET /api/ads': ({ url }) =>
        url.searchParams.get('cursor') === 'page-2'
          ? page([adNamed('Second page ad', 2)], { next_cursor: 'page-3', total: null })
          : page([adNamed('First page ad', 1)], { next_cursor: 'page-2' }),
    });
    // The address the first page's form goes to without scripts: the same search, after page 2's cursor.
    renderSearch('/search?q=ad&sort=oldest&after=page-2');
    expect(await screen.findByRole('link', { name: /Second page ad/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /First page ad/ })).not.toBeInTheDocument();
    expect(api.calls).toContain('GET /api/ads?q=ad&sort=oldest&cursor=page-2');
    const form = screen.getByRole('button', { name: 'Load More Results' }).closest('form')!;
    expect(form).toHaveAttribute('action', '/search');
    expect(form).toHaveAttribute('method', 'get');
    expect(Object.fromEntries(new FormData(form))).toEqual({ q: 'ad', sort: 'oldest', after: 'page-3' });
  });

  it('explains an empty result, with or without words', async () => {
    mockApi({
      'GET /api/me': signedOut,
      'GET /api/categories': () => ({ categories: [] }),
      'GET /api/ads': () => page([]),
    });
    const { unmount } = renderSearch('/search?q=unicorn');
    expect(await screen.findByRole('heading', { name: 'No ads found' })).toBeInTheDocument();
    expect(
      screen.getByText('No results found for "unicorn". Try different keywords or adjust your filters.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post Your Ad' })).toHaveAttribute('href', '/post-ad');
    unmount();
    renderSearch('/search?maxPrice=1');
    expect(await screen.findByText('Start by entering a search term above.')).toBeInTheDocument();
  });

  it('offers "Did you mean" for words that found nothing, linking to the corrected search', async () => {
    const api = mockApi({
      'GET /api/me': signedOut,
      'GET /api/categories': () => ({ categories: [] }),
      'GET /api/ads': ({ url }) =>
        url.searchParams.get('q') === 'red bicycle'
          ? page([adNamed('Red bicycle', 1)])
          : page([], { did_you_mean: 'red bicycle' }),
    });
    renderSearch('/search?q=red+bicyle&maxPrice=500');
    expect(await screen.findByText(/Did you mean/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'red bicycle' });
    expect(link).toHaveAttribute('href', '/search?q=red+bicycle&maxPrice=500');
    await userEvent.setup().click(link);
    expect(await screen.findByRole('link', { name: /Red bicycle/ })).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/ads?q=red+bicycle&maxPrice=500');
    expect(screen.getByRole('searchbox', { name: 'Search keywords' })).toHaveValue('red bicycle');
  });

  it('shows best match as the order of a search with words, and keeps another order chosen', async () => {
    mockApi({
      'GET /api/me': signedOut,
      'GET /api/categories': () => ({ categories: [] }),
      'GET /api/ads': () => page([adNamed('Red bike', 1)]),
    });
    const { unmount } = renderSearch('/search?q=bike');
    expect(await screen.findAllByRole('combobox', { name: 'Sort By' })).not.toHaveLength(0);
    expect(screen.getAllByRole('combobox', { name: 'Sort By' })[0]).toHaveDisplayValue('Best match');
    unmount();
    renderSearch('/search?q=bike&sort=newest');
    expect(await screen.findAllByRole('combobox', { name: 'Sort By' })).not.toHaveLength(0);
    expect(screen.getAllByRole('combobox', { name: 'Sort By' })[0]).toHaveDisplayValue('Newest First');
  });

  it('writes the non-empty criteria to the URL on Search and clears them all on Clear All', async () => {
    mockApi({
      'GET /api/me': signedOut,
      'GET /api/categories': () => ({ categories: [] }),
      'GET /api/ads': () => page([]),
    });
    const { router } = renderSearch('/search');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search keywords' }), '  road bike ');
    await user.type(screen.getByLabelText('Max Price'), '250.5');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?q=road+bike&maxPrice=250.5');
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search keywords' })).toHaveValue('');
  });

  it('sends its search and its filters as GET forms of /search, as a browser without scripts does', async () => {
    mockApi({
      'GET /api/me': signedOut,
      'GET /api/categories': () => ({ categories: [] }),
      'GET /api/ads': () => page([]),
    });
    renderSearch('/search?q=bike&maxPrice=500&sort=price-low');
    const sent = (form: HTMLElement) => {
      expect(form).toHaveAttribute('action', '/search');
      expect((form as HTMLFormElement).method).toBe('get');
      return [...new FormData(form as HTMLFormElement).entries()];
    };
    // The words, keeping the filters and the order.
    expect(sent(await screen.findByRole('search'))).toEqual([
      ['maxPrice', '500'],
      ['sort', 'price-low'],
      ['q', 'bike'],
    ]);
    // The filters, keeping the words; the distance waits for a place.
    expect(sent(screen.getByRole('form', { name: 'Filters' }))).toEqual([
      ['q', 'bike'],
      ['category', ''],
      ['sort', 'price-low'],
      ['minPrice', ''],
      ['maxPrice', '500'],
      ['location', ''],
    ]);
  });

  it('shows Save search before it knows who is there, so nothing moves; a visitor is sent to log in and back', async () => {
    let answerMe: (me: null) => void = () => {};
    mockApi({
      'GET /api/me': () => new Promise((resolve) => (answerMe = resolve)),
      'GET /api/categories': () => ({ categories: [] }),
      'GET /api/ads': () => page([adNamed('Red bike', 1)]),
    });
    const { router } = renderSearch('/search?q=bike');
    const save = await screen.findByRole('button', { name: 'Save search' });
    expect(save).toBeDisabled();
    answerMe(null);
    await expect.poll(() => save).toBeEnabled();
    await userEvent.setup().click(save);
    expect(await screen.findByText('Login Required')).toBeInTheDocument();
    expect(screen.getByText(SAVE_SEARCH_SIGN_IN_REASON)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ returnTo: '/search?q=bike' });
  });

  it('lets a signed-in person save the search under a name of their own', async () => {
    const api = mockApi({
      'GET /api/me': () => sellerMe(),
      'GET /api/categories': () => ({ categories: [] }),
      'GET /api/ads': () => page([adNamed('Red bike', 1)]),
      'POST /api/saved-searches': ({ body }) => ({
        id: 'd0000000-0000-4000-8000-000000000001',
        name: (body as { name: string }).name,
        criteria: { q: 'bike', maxPrice: 500 },
        frequency: 'instant',
        new_count: 0,
        is_new_count_capped: false,
        last_seen_at: '2026-02-01T00:00:00.000Z',
        created_at: '2026-02-01T00:00:00.000Z',
      }),
    });
    renderSearch('/search?q=bike&maxPrice=500');
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save search' });
    await expect.poll(() => save).toBeEnabled();
    await user.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('bike');
    await user.clear(name);
    await user.type(name, 'Cheap bikes');
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('Search saved')).toBeInTheDocument();
    expect(api.sentBody('POST /api/saved-searches')).toEqual({
      name: 'Cheap bikes',
      criteria: { q: 'bike', maxPrice: 500 },
      frequency: 'instant',
    });
  });

  it('searches around a place chosen in the picker by keyboard, with the distance it waits for', async () => {
    const api = mockApi({
      'GET /api/me': signedOut,
      'GET /api/categories': () => ({ categories: [] }),
      'GET /api/ads': () => page([{ ...adNamed('Red bike', 1), distance_km: 8.5 }]),
      'GET /api/places': () => ({ places: [denver], is_loading: false }),
      'GET /api/places/5419384': () => ({ place: denver }),
    });
    const { router } = renderSearch('/search');
    const user = userEvent.setup();
    const near = await screen.findByRole('combobox', { name: 'Near' });
    expect(screen.getByRole('combobox', { name: 'Distance' })).toBeDisabled();

    await user.type(near, 'den');
    await expect.poll(() => api.calls, { timeout: 5_000 }).toContain('GET /api/places?q=den');
    expect(
      await screen.findByRole('option', { name: 'Denver, CO, United States' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(near).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(near).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Denver, CO, United States' }).id,
    );
    await user.keyboard('{Enter}');
    expect(near).toHaveValue('Denver, CO, United States');
    expect(near).toHaveAttribute('aria-expanded', 'false');
    expect(api.calls).toContain('GET /api/places?q=den');
    expect(screen.getByRole('combobox', { name: 'Distance' })).toBeEnabled();
    // The form sends the place's id, not the picker's text.
    const sent = new FormData(screen.getByRole('form', { name: 'Filters' }) as HTMLFormElement);
    expect([sent.getAll('place'), sent.getAll('radius')]).toEqual([['5419384'], ['25']]);
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(router.state.location.search).toBe('?place=5419384&radius=25');
    expect(await screen.findByText(/8\.5 km away/)).toBeInTheDocument();
  }, 30_000);

  it('says a typed name that is no chosen place filters nothing, and applies without it', async () => {
    mockApi({
      'GET /api/me': signedOut,
      'GET /api/categories': () => ({ categories: [] }),
      'GET /api/ads': () => page([]),
      'GET /api/places': () => ({ places: [], is_loading: false }),
    });
    const { router } = renderSearch('/search?minPrice=5');
    const user = userEvent.setup();
    const near = await screen.findByRole('combobox', { name: 'Near' });
    const hint = 'Choose one of the suggested places to search around it.';
    expect(screen.queryByText(hint)).not.toBeInTheDocument();

    await user.type(near, 'Zzzzqx');
    expect(near).toHaveAccessibleDescription(hint);
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(router.state.location.search).toBe('?minPrice=5');
    expect(screen.getByText(hint)).toBeInTheDocument();

    await user.clear(near);
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
  }, 30_000);

  it('says a price range whose maximum is below its minimum can match nothing', async () => {
    mockApi({
      'GET /api/me': signedOut,
      'GET /api/categories': () => ({ categories: [] }),
      'GET /api/ads': () => page([]),
    });
    renderSearch('/search?minPrice=500&maxPrice=50');
    const hint = 'Max Price is below Min Price, so no ad can match.';
    const maxPrice = await screen.findByRole('spinbutton', { name: 'Max Price' });
    expect(maxPrice).toHaveAccessibleDescription(hint);
    expect(screen.getByRole('spinbutton', { name: 'Min Price' })).toHaveAccessibleDescription(hint);
    // The empty results say why too, for as long as the range is applied.
    const results = (await screen.findByRole('heading', { name: 'No ads found' })).parentElement!;
    expect(within(results).getByText(hint)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.clear(maxPrice);
    await user.type(maxPrice, '5000');
    expect(maxPrice).not.toHaveAccessibleDescription();
    expect(screen.getAllByText(hint)).toEqual([within(results).getByText(hint)]);
  }, 30_000);

  it('shows the place of a shared URL by its name, and forgets its radius and nearest first with it', async () => {
    mockApi({
      'GET /api/me': signedOut,
      'GET /api/categories': () => ({ categories: [] }),
      'GET /api/ads': () => page([]),
      'GET /api/places': () => ({ places: [], is_loading: false }),
      'GET /api/places/5419384': () => ({ place: denver }),
    });
    const { router } = renderSearch('/search?place=5419384&radius=10&sort=distance');
    const near = await screen.findByRole('combobox', { name: 'Near' });
    await expect.poll(() => (near as HTMLInputElement).value).toBe('Denver, CO, United States');
    expect(screen.getByText('1 filter active')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(near);
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(router.state.location.search).toBe('');
  }, 30_000);
});

const denver = {
  id: 5419384,
  name: 'Denver',
  region: 'CO',
  country: 'US',
  label: 'Denver, CO, United States',
};

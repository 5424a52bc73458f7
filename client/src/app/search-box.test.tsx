import type { SearchSuggestionsResponse } from '@bazaar/common/search';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../test/render-page';
import { SearchBox } from './search-box';

afterEach(() => vi.unstubAllGlobals());

const suggestions: SearchSuggestionsResponse = {
  suggestions: [
    { kind: 'category', text: 'Sports & Outdoors', category: 'sports-outdoors' },
    { kind: 'words', text: 'bicycle' },
    { kind: 'words', text: 'bike' },
  ],
};

describe('the header search box', () => {
  it('suggests after two characters and picks one with the keyboard', async () => {
    const api = mockApi({ 'GET /api/search/suggestions': () => suggestions });
    const { router } = renderPage(SearchBox, { path: '/' });
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Search ads' });
    await user.type(box, 'b');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.calls).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, 'i');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(api.calls).toEqual(['GET /api/search/suggestions?q=bi']);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Sports & OutdoorsCategory',
      'bicycle',
      'bike',
    ]);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);

    await user.keyboard('{Escape}');
    expect(list).not.toBeVisible();
    expect(box).toHaveValue('bi');

    // Reopened on the first suggestion, then down to the second.
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=bicycle');
  });

  it('opens the category of a category suggestion', async () => {
    mockApi({ 'GET /api/search/suggestions': () => suggestions });
    const { router } = renderPage(SearchBox, { path: '/' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Search ads' }), 'sp');
    await user.click(await screen.findByRole('option', { name: /Sports & Outdoors/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/sports-outdoors'));
  });

  it('searches for what is typed on Enter when no suggestion is chosen', async () => {
    mockApi({ 'GET /api/search/suggestions': () => suggestions });
    const { router } = renderPage(SearchBox, { path: '/' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Search ads' }), ' red bik {Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=red%20bik'));
  });

  it('is a GET form to /search with the words as q, which a browser without scripts sends itself', () => {
    mockApi({ 'GET /api/search/suggestions': () => suggestions });
    renderPage(SearchBox, { path: '/' });
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('action', '/search');
    expect((form as HTMLFormElement).method).toBe('get');
    expect(screen.getByRole('combobox', { name: 'Search ads' })).toHaveAttribute('name', 'q');
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, signedOut } from '../../test/render-page';
import { sellerMe } from '../../test/seller-fixtures';
import { HomePage } from './home-page';

afterEach(() => vi.unstubAllGlobals());

/** The hero: the section whose heading is the page's. */
async function findHero() {
  const heading = await screen.findByRole('heading', { name: 'Buy and sell anything near you', level: 1 });
  return within(heading.closest('section') as HTMLElement);
}

function renderHome(me: () => unknown) {
  mockApi({
    'GET /api/me': me,
    'GET /api/categories': () => ({ categories: [] }),
    'GET /api/ads/featured': () => ({ ads: [] }),
  });
  renderPage(HomePage, { path: '/', url: '/' });
}

describe('/ (spec §2)', () => {
  it('invites a visitor to a free trial and to the plans', async () => {
    renderHome(signedOut);
    const hero = await findHero();
    expect(await hero.findByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/register');
    expect(hero.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    // Named as it reads, not as the header's box ("Search ads") beside it.
    expect(hero.getByRole('combobox', { name: 'What are you looking for?' })).toBeInTheDocument();
  });

  it('offers someone signed in an ad to post in the same place, and no trial to sign up for', async () => {
    renderHome(() => sellerMe());
    const hero = await findHero();
    expect(await hero.findByRole('link', { name: 'Post an Ad' })).toHaveAttribute('href', '/post-ad');
    expect(hero.getByRole('link', { name: 'View Pricing' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByRole('button', { name: 'Post Your First Ad' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start Free Trial' })).not.toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, signedOut } from '../../test/render-page';
import { sellerMe } from '../../test/seller-fixtures';
import { useSignedInUser } from './require-sign-in';
import { returnPathOf } from './use-require-sign-in';

afterEach(() => vi.unstubAllGlobals());

function WhoAmI() {
  return <p>Signed in as {useSignedInUser().user.email}</p>;
}

// renderPage puts a page behind the gate the app's route table gives its path.
describe('the sign-in gate of the routes that need an account', () => {
  it.each([
    ['/dashboard', 'Access Denied', 'Please login to access your dashboard.'],
    ['/post-ad', 'Access Denied', 'Please login to post an advertisement.'],
    ['/ad/42/edit', 'Access Denied', 'Please login to edit your ads.'],
    ['/profile', 'Loading Profile...', 'Please login to see your profile.'],
    ['/messages', 'Access Denied', 'Please login to see your messages.'],
    ['/messages/7', 'Access Denied', 'Please login to see your messages.'],
  ])(
    'refuses a signed-out visitor at %s with %s, the reason and a Login link that comes back',
    async (url, title, text) => {
      const api = mockApi({ 'GET /api/me': signedOut });
      const { router } = renderPage(WhoAmI, { path: url, url });
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      // The tab says it too, not the site's generic title.
      expect(document.title).toBe(`${title} · Bazaar`);
      expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
      expect(screen.queryByText(/Signed in as/)).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('link', { name: 'Login' }));
      expect(returnPathOf(router.state.location.state)).toBe(url);
      expect(api.calls).toEqual(['GET /api/me']);
    },
  );

  it('shows the page, with the signed-in user, to a signed-in visitor', async () => {
    mockApi({ 'GET /api/me': () => sellerMe() });
    renderPage(WhoAmI, { path: '/dashboard' });
    expect(await screen.findByText('Signed in as ann@example.com')).toBeInTheDocument();
  });

  it('leaves public pages open', async () => {
    mockApi({ 'GET /api/me': signedOut });
    renderPage(() => <p>Open to all</p>, { path: '/search' });
    expect(await screen.findByText('Open to all')).toBeInTheDocument();
  });

  it('says while the session is read that the page is loading, not that access is denied', async () => {
    mockApi({ 'GET /api/me': () => new Promise(() => {}) });
    const { container } = renderPage(WhoAmI, { path: '/dashboard' });
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'Access Denied' })).not.toBeInTheDocument();
  });
});

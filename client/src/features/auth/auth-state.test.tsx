import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Header } from '../../app/header';
import { apiRequest } from '../../lib/api-client';
import { jsonResponse, mockApi, renderPage, signedOut, unauthenticated } from '../../test/render-page';
import { sellerMe } from '../../test/seller-fixtures';
import { ACCOUNT_SCOPE, authKeys } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedInUser = sellerMe();

/** A page that reads something of the signed-in user's, as the dashboard will. */
function AccountData() {
  const { data } = useQuery({
    queryKey: [ACCOUNT_SCOPE, 'something'],
    queryFn: () => apiRequest<{ value: string }>('/api/something-of-mine'),
  });
  return <p>{data?.value ?? 'nothing'}</p>;
}

function PageWithHeader() {
  return (
    <>
      <Header />
      <AccountData />
    </>
  );
}

describe('auth state in the header', () => {
  it('shows neither variant until the session is known, then the signed-in one', async () => {
    let answer: (body: unknown) => void = () => undefined;
    mockApi({
      'GET /api/me': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/something-of-mine': () => ({ value: 'mine' }),
    });
    renderPage(Header, { path: '/' });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Post Ad/ })).not.toBeInTheDocument();
    answer(signedInUser);
    expect(await screen.findByRole('button', { name: /Post Ad/ })).toBeInTheDocument();
    // The bell, like the user menu, is loaded on demand.
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^User menu/ })).toBeInTheDocument();
  });

  it('switches to Login and Sign Up at once when the session ends elsewhere', async () => {
    let isSessionValid = true;
    mockApi({
      'GET /api/me': () => (isSessionValid ? signedInUser : signedOut()),
      'GET /api/something-of-mine': () => (isSessionValid ? { value: 'mine' } : unauthenticated()),
    });
    const { queryClient } = renderPage(PageWithHeader, { path: '/' });
    expect(await screen.findByText('mine')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Post Ad/ })).toBeInTheDocument();

    isSessionValid = false;
    await queryClient.refetchQueries({ queryKey: [ACCOUNT_SCOPE, 'something'] });
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Post Ad/ })).not.toBeInTheDocument();
  });

  it('signs out from the user menu: the server is told, the header and the user’s data are cleared', async () => {
    const api = mockApi({
      'GET /api/me': () => signedInUser,
      'GET /api/something-of-mine': () => ({ value: 'mine' }),
      'POST /api/auth/sign-out': () => ({ success: true }),
    });
    sessionStorage.setItem('bazaar:draft:maria:conversation:1', 'Would you take 200?');
    // A page of the account's: signing out leaves it for the home page.
    const { queryClient } = renderPage(PageWithHeader, { path: '/dashboard' });
    expect(await screen.findByText('mine')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(api.hasCalled('POST /api/auth/sign-out')).toBe(true);
    // The header, wherever it is, shows no one: the session is known to be gone.
    expect(queryClient.getQueryData(authKeys.me)).toBeNull();
    expect(queryClient.getQueryData([ACCOUNT_SCOPE, 'something'])).toBeUndefined();
    expect(sessionStorage.getItem('bazaar:draft:maria:conversation:1')).toBeNull(); // No unsent text is left.
  });

  it('closes the user menu on Tab, with the focus back on its button', async () => {
    mockApi({ 'GET /api/me': () => signedInUser });
    renderPage(Header, { path: '/' });
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: /^User menu/ });
    await user.click(button);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('says "Sign out Failed" with the reason when signing out fails', async () => {
    mockApi({
      'GET /api/me': () => signedInUser,
      'GET /api/something-of-mine': () => ({ value: 'mine' }),
      'POST /api/auth/sign-out': () =>
        jsonResponse(
          { error: { code: 'service_unavailable', message: 'The service is temporarily unavailable.' } },
          503,
        ),
    });
    renderPage(PageWithHeader, { path: '/' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^User menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Sign out Failed')).toBeInTheDocument();
    expect(screen.getByText('The service is temporarily unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^User menu/ })).toBeInTheDocument();
  });
});

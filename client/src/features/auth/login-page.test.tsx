import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderPage, signedOut } from '../../test/render-page';
import { sellerMe } from '../../test/seller-fixtures';
import { LoginPage } from './login-page';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const signedInUser = sellerMe();

async function fillAndSubmit(options: { rememberMe?: boolean } = {}) {
  const user = userEvent.setup();
  // Pasted, one input event per field: typing key by key re-rendered the form per character
  // and took seconds under load; what is checked is what the form sends.
  await user.click(screen.getByLabelText('Email'));
  await user.paste('nora@example.com');
  await user.click(screen.getByLabelText('Password'));
  await user.paste('secret-enough');
  if (options.rememberMe) await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('LoginPage', () => {
  it('shows "Signing in...", then goes to /dashboard with the user loaded', async () => {
    let isSignedIn = false;
    let answer: (body: unknown) => void = () => undefined;
    const api = mockApi({
      'GET /api/social-providers': () => ({ providers: [] }),
      'GET /api/me': () => (isSignedIn ? signedInUser : signedOut()),
      'POST /api/auth/sign-in/email': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { queryClient, router } = renderPage(LoginPage, { path: '/login' });
    await fillAndSubmit();
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    isSignedIn = true;
    answer({ token: 't', user: { id: 'u1' } });

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(queryClient.getQueryData(['account', 'me'])).toEqual(signedInUser);
    expect(api.sentBody('POST /api/auth/sign-in/email')).toEqual({
      email: 'nora@example.com',
      password: 'secret-enough',
      rememberMe: false,
    });
  });

  it('sends rememberMe when "Remember me" is ticked', async () => {
    let isSignedIn = false;
    const api = mockApi({
      'GET /api/social-providers': () => ({ providers: [] }),
      'GET /api/me': () => (isSignedIn ? signedInUser : signedOut()),
      'POST /api/auth/sign-in/email': () => {
        isSignedIn = true;
        return { token: 't' };
      },
    });
    renderPage(LoginPage, { path: '/login' });
    await fillAndSubmit({ rememberMe: true });
    await waitFor(() => expect(api.hasCalled('POST /api/auth/sign-in/email')).toBe(true));
    expect(api.sentBody('POST /api/auth/sign-in/email')).toMatchObject({ rememberMe: true });
  });

  it('says "Sign in Failed" with the server’s message and stays on /login', async () => {
    mockApi({
      'GET /api/social-providers': () => ({ providers: [] }),
      'GET /api/me': signedOut,
      'POST /api/auth/sign-in/email': () =>
        jsonResponse({ error: { code: 'invalid_credentials', message: 'Invalid e-mail or password.' } }, 401),
    });
    const { router } = renderPage(LoginPage, { path: '/login' });
    await fillAndSubmit();
    expect(await screen.findByText('Sign in Failed')).toBeInTheDocument();
    // In the toast, and beside the form as the fields' description, where it stays.
    expect(screen.getAllByText('Invalid e-mail or password.')).toHaveLength(2);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Invalid e-mail or password.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid e-mail or password.');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('closes the "Sign in Failed" toast of a wrong password once the next try signs in', async () => {
    let isSignedIn = false;
    mockApi({
      'GET /api/social-providers': () => ({ providers: [] }),
      'GET /api/me': () => (isSignedIn ? signedInUser : signedOut()),
      'POST /api/auth/sign-in/email': ({ body }) => {
        if ((body as { password: string }).password !== 'secret-enough') {
          return jsonResponse(
            { error: { code: 'invalid_credentials', message: 'Invalid e-mail or password.' } },
            401,
          );
        }
        isSignedIn = true;
        return { token: 't' };
      },
    });
    const { router } = renderPage(LoginPage, { path: '/login' });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Email'));
    await user.paste('nora@example.com');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Sign in Failed')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Password'));
    await user.paste('secret-enough');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() => expect(screen.queryByText('Sign in Failed')).not.toBeInTheDocument());
  });

  it('closes the "Sign in Failed" toast of a social sign-in that could not start once e-mail signs in', async () => {
    let isSignedIn = false;
    mockApi({
      'GET /api/social-providers': () => ({ providers: ['google'] }),
      'GET /api/me': () => (isSignedIn ? signedInUser : signedOut()),
      'POST /api/auth/sign-in/social': () =>
        jsonResponse({ error: { code: 'internal_error', message: 'Google is not answering.' } }, 502),
      'POST /api/auth/sign-in/email': () => {
        isSignedIn = true;
        return { token: 't' };
      },
    });
    const { router } = renderPage(LoginPage, { path: '/login' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Google' }));
    expect(await screen.findByText('Sign in Failed')).toBeInTheDocument();
    expect(screen.getByText('Google is not answering.')).toBeInTheDocument();

    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() => expect(screen.queryByText('Sign in Failed')).not.toBeInTheDocument());
  });

  it('says "Something went wrong" when the failure has no message', async () => {
    mockApi({
      'GET /api/social-providers': () => ({ providers: [] }),
      'GET /api/me': signedOut,
      'POST /api/auth/sign-in/email': () =>
        jsonResponse({ error: { code: 'internal_error', message: '' } }, 500),
    });
    renderPage(LoginPage, { path: '/login' });
    await fillAndSubmit();
    // The toast's and the form's.
    await waitFor(() => expect(screen.getAllByText('Something went wrong')).toHaveLength(2));
  });

  it('opens with the address just registered filled in', async () => {
    mockApi({ 'GET /api/social-providers': () => ({ providers: [] }), 'GET /api/me': signedOut });
    renderPage(LoginPage, { path: '/login', state: { email: 'nora@example.com' } });
    expect(screen.getByLabelText('Email')).toHaveValue('nora@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('links "Forgot password?" to the reset request page', async () => {
    mockApi({ 'GET /api/social-providers': () => ({ providers: [] }), 'GET /api/me': signedOut });
    renderPage(LoginPage, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('sends a signed-in visitor on to the dashboard', async () => {
    mockApi({
      'GET /api/social-providers': () => ({ providers: [] }),
      'GET /api/me': () => signedInUser,
    });
    const { router } = renderPage(LoginPage, { path: '/login' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('starts a real social sign-in when the server has the provider’s credentials', async () => {
    const api = mockApi({
      'GET /api/social-providers': () => ({ providers: ['google'] }),
      'GET /api/me': signedOut,
      'POST /api/auth/sign-in/social': () => ({
        url: 'https://accounts.google.com/o/oauth2/auth?x=1',
        redirect: true,
      }),
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderPage(LoginPage, { path: '/login' });
    const user = userEvent.setup();
    await waitFor(() => expect(api.hasCalled('GET /api/social-providers')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Twitter' }));
    expect(alert).toHaveBeenCalledWith("Social login isn't implemented yet");
    expect(api.hasCalled('POST /api/auth/sign-in/social')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Google' }));
    await waitFor(() => expect(api.hasCalled('POST /api/auth/sign-in/social')).toBe(true));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(api.sentBody('POST /api/auth/sign-in/social')).toEqual({
      provider: 'google',
      callbackURL: '/dashboard',
      errorCallbackURL: '/login',
    });
  });
});

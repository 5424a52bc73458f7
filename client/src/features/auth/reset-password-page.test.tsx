import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderPage } from '../../test/render-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function choosePassword(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('ForgotPasswordPage', () => {
  it('asks for the address, then says a link is on its way without saying whether it exists', async () => {
    const api = mockApi({ 'POST /api/auth/request-password-reset': () => ({ status: true }) });
    renderPage(ForgotPasswordPage, { path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), ' nora@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/If an account exists for/)).toHaveTextContent('nora@example.com');
    expect(api.sentBody('POST /api/auth/request-password-reset')).toEqual({
      email: 'nora@example.com',
    });
  });

  it('says why when the request is refused (too many attempts)', async () => {
    mockApi({
      'POST /api/auth/request-password-reset': () =>
        jsonResponse(
          {
            error: {
              code: 'rate_limited',
              message: 'Too many attempts. Please wait a moment and try again.',
            },
          },
          429,
        ),
    });
    renderPage(ForgotPasswordPage, { path: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'nora@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(
      await screen.findByText('Too many attempts. Please wait a moment and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Forgot Password?' })).toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  it('sets the new password with the link’s token and goes to /login', async () => {
    const api = mockApi({ 'POST /api/auth/reset-password': () => ({ status: true }) });
    const { router } = renderPage(ResetPasswordPage, {
      path: '/reset-password',
      url: '/reset-password?token=tok123',
    });
    await choosePassword('brand-new-secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Password Updated')).toBeInTheDocument();
    expect(api.sentBody('POST /api/auth/reset-password')).toEqual({
      token: 'tok123',
      newPassword: 'brand-new-secret',
    });
  });

  it('checks the two entries and the length before sending', async () => {
    const api = mockApi({});
    renderPage(ResetPasswordPage, { path: '/reset-password', url: '/reset-password?token=tok123' });
    await choosePassword('brand-new-secret', 'different-secret');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.hasCalled('POST /api/auth/reset-password')).toBe(false);
  });

  it('offers a new link when the server refuses the token as used or expired', async () => {
    mockApi({
      'POST /api/auth/reset-password': () =>
        jsonResponse(
          { error: { code: 'invalid_token', message: 'This link is invalid or has expired.' } },
          400,
        ),
    });
    renderPage(ResetPasswordPage, { path: '/reset-password', url: '/reset-password?token=used' });
    await choosePassword('brand-new-secret');
    expect(await screen.findByRole('heading', { name: 'Link invalid or expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('explains a link that arrives with an error or without a token', () => {
    mockApi({});
    renderPage(ResetPasswordPage, { path: '/reset-password', url: '/reset-password?error=INVALID_TOKEN' });
    expect(screen.getByRole('heading', { name: 'Link invalid or expired' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderPage, signedOut } from '../../test/render-page';
import { sellerMe } from '../../test/seller-fixtures';
import { useCurrentUser } from './api';
import { EmailVerificationNotice } from './email-verification-notice';
import { EmailVerifiedPage } from './email-verified-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EmailVerifiedPage', () => {
  it('confirms the address and offers to sign in', async () => {
    mockApi({ 'GET /api/me': signedOut });
    renderPage(EmailVerifiedPage, { path: '/email-verified' });
    expect(screen.getByRole('heading', { name: 'Email Verified' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('says so to a signed-in person whose address is not confirmed, who opened the page themselves', async () => {
    const unconfirmed = sellerMe();
    mockApi({
      'GET /api/me': () => ({ ...unconfirmed, user: { ...unconfirmed.user, email_verified: false } }),
    });
    renderPage(EmailVerifiedPage, { path: '/email-verified' });
    expect(await screen.findByRole('heading', { name: 'Not confirmed yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Email Verified' })).not.toBeInTheDocument();
  });

  it('confirms to a signed-in person whose address the link confirmed, and tells their other tabs', async () => {
    const otherTab = new BroadcastChannel('bazaar-account');
    const told = new Promise((resolve) => (otherTab.onmessage = resolve));
    mockApi({ 'GET /api/me': () => sellerMe() });
    renderPage(EmailVerifiedPage, { path: '/email-verified' });
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Email Verified' })).toBeInTheDocument();
    await told;
    otherTab.close();
  });

  it("drops another tab's reminder once the address turns out confirmed, instead of failing", async () => {
    const unconfirmed = sellerMe();
    let isConfirmed = false;
    mockApi({
      'GET /api/me': () =>
        isConfirmed ? sellerMe() : { ...unconfirmed, user: { ...unconfirmed.user, email_verified: false } },
      'POST /api/auth/send-verification-email': () => {
        isConfirmed = true; // Confirmed in another tab meanwhile.
        return jsonResponse(
          { error: { code: 'email_already_verified', message: 'Your e-mail address is already confirmed.' } },
          400,
        );
      },
    });
    function ReminderWhileUnconfirmed() {
      const { data } = useCurrentUser();
      return data && !data.user.email_verified ? <EmailVerificationNotice email={data.user.email} /> : null;
    }
    renderPage(ReminderWhileUnconfirmed, { path: '/dashboard' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('Your e-mail address is already confirmed.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Sending Failed')).not.toBeInTheDocument();
  });

  it('explains a bad link and sends a new one on request', async () => {
    const api = mockApi({
      'GET /api/me': signedOut,
      'POST /api/auth/send-verification-email': () => ({ status: true }),
    });
    renderPage(EmailVerifiedPage, { path: '/email-verified', url: '/email-verified?error=TOKEN_EXPIRED' });
    expect(screen.getByRole('heading', { name: 'Link invalid or expired' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'nora@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    await waitFor(() => expect(api.hasCalled('POST /api/auth/send-verification-email')).toBe(true));
    expect(api.sentBody('POST /api/auth/send-verification-email')).toEqual({
      email: 'nora@example.com',
    });
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
  });
});

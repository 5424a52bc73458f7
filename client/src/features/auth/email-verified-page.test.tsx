import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, hasCalled, renderRoute, sentBody } from '../../test/render-route';
import { EmailVerifiedPage } from './email-verified-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedOut = {
  status: 401,
  body: { error: { code: 'unauthenticated', message: 'Please sign in to continue.' } },
};

describe('EmailVerifiedPage', () => {
  it('confirms the address and offers to sign in', async () => {
    fakeApi({ 'GET /api/me': signedOut });
    renderRoute(EmailVerifiedPage, { path: '/email-verified' });
    expect(screen.getByRole('heading', { name: 'Email Verified' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('explains a bad link and sends a new one on request', async () => {
    const fetchMock = fakeApi({
      'GET /api/me': signedOut,
      'POST /api/auth/send-verification-email': { body: { status: true } },
    });
    renderRoute(EmailVerifiedPage, { path: '/email-verified', url: '/email-verified?error=TOKEN_EXPIRED' });
    expect(screen.getByRole('heading', { name: 'Link invalid or expired' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'nora@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    await waitFor(() => expect(hasCalled(fetchMock, 'POST /api/auth/send-verification-email')).toBe(true));
    expect(sentBody(fetchMock, 'POST /api/auth/send-verification-email')).toEqual({
      email: 'nora@example.com',
    });
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
  });
});

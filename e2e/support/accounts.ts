import { expect } from 'vitest';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './admin-email';
import type { Session } from './browser';
import { mailedLink, uniqueEmail } from './browser';

export interface SellerDetails {
  name?: string;
  phone?: string;
  location?: string;
  emailPrefix?: string;
}

export const SELLER_PASSWORD = 'correct-horse-battery';

/**
 * A new trial seller, signed in in this browser context through the real endpoints
 * (sign-up does not sign in: spec §4 sends a new user to /login).
 */
export async function signUpAndSignIn(
  session: Session,
  details: SellerDetails = {},
): Promise<{ email: string }> {
  const { origin } = session;
  const email = uniqueEmail(details.emailPrefix ?? 'seller');
  const signUp = await session.page.request.post('/api/auth/sign-up/email', {
    data: {
      name: details.name ?? 'Test Seller',
      email,
      password: SELLER_PASSWORD,
      ...(details.phone ? { phone: details.phone } : {}),
      ...(details.location ? { location: details.location } : {}),
    },
    headers: { origin },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const signIn = await session.page.request.post('/api/auth/sign-in/email', {
    data: { email, password: SELLER_PASSWORD },
    headers: { origin },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return { email };
}

/** Confirms `email` by the link of its confirmation e-mail, as its owner would. */
export async function confirmAddress(session: Session, email: string): Promise<void> {
  const { pathname, search } = new URL(await mailedLink(email, 'Confirm your e-mail address'));
  const confirmed = await session.page.request.get(`${pathname}${search}`, { maxRedirects: 0 });
  expect(confirmed.headers().location).toBe('/email-verified');
}

/** Signs the admin in, in this browser context (global-setup.ts made the account an admin). */
export async function signInAsAdmin(session: Session): Promise<{ email: string }> {
  const signIn = await session.page.request.post('/api/auth/sign-in/email', {
    data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
    headers: { origin: session.origin },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  return { email: E2E_ADMIN_EMAIL };
}

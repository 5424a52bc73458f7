import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SELLER_PASSWORD, signUpAndSignIn } from '../support/accounts';
import {
  collectDialogs,
  expectNoPageErrors,
  hasChromium,
  mailedLink,
  PHONE,
  readOutbox,
  uniqueEmail,
  useBrowser,
} from '../support/browser';

const PASSWORD = 'journey-secret-1';

async function register(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Journey Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone Number').fill('+1 555 0142');
  await page.getByLabel('Location').fill('Austin, TX');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page
    .getByText('Registration successful! Please check your email to verify your account.', { exact: true })
    .waitFor();
  // The address changes as the link is followed; the page, once its code is there.
  await page.waitForURL('**/login');
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  // The sign-in form opens with the address just registered.
  expect(await page.getByLabel('Email').inputValue()).toBe(email);
}

async function signIn(
  page: Page,
  email: string,
  password = PASSWORD,
  options: { rememberMe?: boolean } = {},
) {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (options.rememberMe) await page.getByRole('checkbox', { name: 'Remember me' }).click();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  await expectSignedInHeader(page);
}

/** The header's signed-in variant: the user menu, or on a phone, Logout in the menu. */
async function expectSignedInHeader(page: Page) {
  if ((page.viewportSize()?.width ?? 0) >= 768) {
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    return;
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Logout' }).waitFor();
  await page.getByRole('button', { name: 'Close menu' }).click();
}

/** Whom /api/me says is signed in now (their address, or null), as the page's own code would ask. */
function signedInEmail(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const response = await fetch('/api/me');
    if (!response.ok) throw new Error(`/api/me answered ${response.status}`);
    return ((await response.json()) as { user: { email: string } } | null)?.user.email ?? null;
  });
}

async function expectSignedOutHeader(page: Page) {
  const account = page.getByRole('navigation', { name: 'Account' });
  await account.getByRole('link', { name: 'Login' }).waitFor();
  expect(await account.getByRole('link', { name: 'Sign Up' }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'User menu' }).count()).toBe(0);
}

describe.skipIf(!hasChromium)('accounts', () => {
  const { openSession } = useBrowser();

  it('registers, confirms the address from the e-mail, signs in, survives a reload and signs out', async () => {
    const session = await openSession();
    const { page } = session;
    const email = uniqueEmail('journey');

    await register(page, email);
    const link = await mailedLink(email, 'Confirm your e-mail address');
    await page.goto(link);
    await page.waitForURL('**/email-verified');
    await page.getByRole('heading', { name: 'Email Verified' }).waitFor();

    await page.getByRole('link', { name: 'Sign In' }).click();
    await signIn(page, email);
    expect(await page.getByText('Please confirm your e-mail address').count()).toBe(0);

    await page.reload();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await signedInEmail(page)).toBe(email);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectSignedOutHeader(page);
    expect(await signedInEmail(page)).toBeNull();
    await page.reload();
    await expectSignedOutHeader(page);
    expect(await signedInEmail(page)).toBeNull();

    expectNoPageErrors(session);
    await session.context.close();
  });

  it('reminds a seller who has not confirmed their address, and sends a new link', async () => {
    const session = await openSession();
    const { page } = session;
    const email = uniqueEmail('unconfirmed');
    await register(page, email);
    await signIn(page, email);

    const notice = page.getByRole('status').filter({ hasText: 'Please confirm your e-mail address' });
    await notice.waitFor();
    const sendAgain = notice.getByRole('button', { name: 'Send a new link' });
    await sendAgain.click();
    await page.getByText(`We have sent a new confirmation link to ${email}.`, { exact: true }).waitFor();
    // The toast, bottom right on a desktop, sits above the bar: its button can still be pressed.
    const box = (await sendAgain.boundingBox())!;
    const pressed = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(pressed).toBe('Send a new link');
    const link = await mailedLink(email, 'Confirm your e-mail address', 2);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Email Verified' }).waitFor();
    await page.getByRole('link', { name: 'Go to Dashboard' }).waitFor();
    expect(await page.getByText('Please confirm your e-mail address').count()).toBe(0);
    await session.context.close();
  });

  it('resets a forgotten password by e-mail, which ends the sessions signed in elsewhere', async () => {
    const elsewhere = await openSession();
    const email = uniqueEmail('forgetful');
    await register(elsewhere.page, email);
    await signIn(elsewhere.page, email, PASSWORD, { rememberMe: true });

    const session = await openSession(PHONE);
    const { page } = session;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot Password?' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const link = await mailedLink(email, 'Reset your Bazaar password');
    await page.goto(link);
    await page.waitForURL('**/reset-password?token=*');
    await page.getByLabel('New Password', { exact: true }).fill('a-whole-new-secret');
    await page.getByLabel('Confirm New Password').fill('a-whole-new-secret');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password Updated', { exact: true }).waitFor();
    await page.waitForURL('**/login');

    await signIn(page, email, 'a-whole-new-secret');

    await elsewhere.page.reload();
    await expectSignedOutHeader(elsewhere.page);

    // The link works once.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Link invalid or expired' }).waitFor();

    expectNoPageErrors(session);
    await session.context.close();
    await elsewhere.context.close();
  });

  it('changes the password from the profile, which ends the sessions signed in elsewhere', async () => {
    const elsewhere = await openSession();
    const email = uniqueEmail('changer');
    await register(elsewhere.page, email);
    await signIn(elsewhere.page, email, PASSWORD, { rememberMe: true });

    const session = await openSession(PHONE);
    const { page } = session;
    await signIn(page, email);
    await page.goto('/profile?tab=settings');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your password' });
    await dialog.getByLabel('Current Password').fill(PASSWORD);
    await dialog.getByLabel('New Password', { exact: true }).fill('another-new-secret');
    await dialog.getByLabel('Confirm New Password').fill('another-new-secret');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password Changed', { exact: true }).waitFor();

    // This browser stays signed in; the other is signed out and needs the new password.
    await page.reload();
    await expectSignedInHeader(page);
    await elsewhere.page.reload();
    await expectSignedOutHeader(elsewhere.page);
    await signIn(elsewhere.page, email, 'another-new-secret');
    expect(await mailedLink(email, 'Your Bazaar password was changed')).toMatch(/\/forgot-password$/);

    expectNoPageErrors(session);
    await session.context.close();
    await elsewhere.context.close();
  });

  it('keeps the session past the browser session only with "Remember me"', async () => {
    const session = await openSession();
    const { page, context } = session;
    const email = uniqueEmail('remember');
    await register(page, email);

    await signIn(page, email);
    const browserSession = (await context.cookies()).find((cookie) => cookie.name === 'bazaar.session_token');
    expect(browserSession?.expires).toBe(-1);
    expect(browserSession?.httpOnly).toBe(true);
    expect(browserSession?.sameSite).toBe('Lax');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectSignedOutHeader(page);

    await signIn(page, email, PASSWORD, { rememberMe: true });
    const lasting = (await context.cookies()).find((cookie) => cookie.name === 'bazaar.session_token');
    const days = ((lasting?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    await session.context.close();
  });

  it('stays on /login with "Sign in Failed" for a wrong password, and answers the social buttons', async () => {
    const session = await openSession();
    const { page } = session;
    const dialogs = collectDialogs(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill('maria@demo.bazaar.local');
    await page.getByLabel('Password', { exact: true }).fill('not-her-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Sign in Failed', { exact: true }).waitFor();
    // The reason, in the toast and beside the form, where it stays.
    await page.getByRole('main').getByText('Invalid e-mail or password.', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Google' }).click();
    await expect.poll(() => dialogs).toEqual(["Social login isn't implemented yet"]);
    await main.getByRole('button', { name: 'Twitter' }).click();
    await expect.poll(() => dialogs.length).toBe(2);
    await session.context.close();
  });

  it('shows a phone the field it left empty below the sticky header, label and all', async () => {
    const session = await openSession(PHONE);
    const { page } = session;
    await page.goto('/register');
    await page.getByLabel('Email').fill(uniqueEmail('forgetful'));
    const create = page.getByRole('button', { name: 'Create Account' });
    await create.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await create.click();
    // The browser scrolls up to the first empty required field, Full Name.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('register-name');
    const header = await page.locator('header').boundingBox();
    const label = await page.getByText('Full Name', { exact: true }).boundingBox();
    expect(label!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await session.context.close();
  });

  it('refuses mismatched passwords on /register before anything is sent', async () => {
    const session = await openSession(PHONE);
    const { page } = session;
    const email = uniqueEmail('mismatch');
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Mis Match');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone Number').fill('555 0100');
    await page.getByLabel('Location').fill('Austin, TX');
    await page.getByLabel('Password', { exact: true }).fill('first-secret');
    await page.getByLabel('Confirm Password').fill('second-secret');
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Passwords do not match', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    expect((await readOutbox()).some((message) => message.to === email)).toBe(false);
    await session.context.close();
  });

  it('signs out from the phone’s menu and goes home', async () => {
    const session = await openSession(PHONE);
    const { page } = session;
    await signUpAndSignIn(session, { name: 'Pocket Seller' });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Pocket Seller!' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await signedInEmail(page)).toBeNull();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Login' }).waitFor();
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('shows the signed-out gates of /dashboard, /profile and /post-ad after signing out, and comes back after signing in', async () => {
    const session = await openSession();
    const { page } = session;
    const { email } = await signUpAndSignIn(session, { name: 'Gate Keeper' });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Gate Keeper!' }).waitFor();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectSignedOutHeader(page);

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText('Please login to access your dashboard.', { exact: true }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login',
    );

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Loading Profile...' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login',
    );

    await page.goto('/post-ad');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText('Please login to post an advertisement.', { exact: true }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    // The gate's Login comes back to the page (e-mails link to such pages), not the dashboard.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(SELLER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/post-ad');
    await page.getByRole('heading', { name: 'Post Your Ad' }).waitFor();
    expectNoPageErrors(session);
    await session.context.close();
  });
});

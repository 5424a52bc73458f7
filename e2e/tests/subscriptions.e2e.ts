import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { DESKTOP, expectNoPageErrors, hasChromium, PHONE, useBrowser } from '../support/browser';
import { payInPopup, planCard } from '../support/payments';

interface Me {
  user: { user_metadata: { subscription_status: string; subscription_plan: string | null } };
  quota: { active_ads: number; max_ads: number; post_gate: string };
}

describe.skipIf(!hasChromium)('subscriptions', () => {
  const { baseUrl, openSession } = useBrowser();

  async function me(page: Page): Promise<Me> {
    const response = await page.request.get('/api/me');
    return (await response.json()) as Me;
  }

  it('lets a trial seller buy the Starter Pack in the popup, raising the quota from 1 to 5', async () => {
    const session = await openSession();
    const { page } = session;
    await signUpAndSignIn(session, { name: 'Trial Seller', emailPrefix: 'subscriber' });
    const before = await me(page);
    expect(before.quota).toMatchObject({ max_ads: 1, post_gate: 'allowed' });
    // Posting up to the limit, paying, and posting again is the seller journey (seller.e2e.ts).

    await page.goto('/subscription');
    await page.getByText('14-Day Free Trial Active').waitFor();
    const starter = planCard(page, 'Starter Pack');
    const popupOpened = page.waitForEvent('popup');
    await starter.getByRole('button', { name: 'Subscribe' }).click();
    const popup = await popupOpened;
    await popup.getByRole('heading', { name: 'Starter Pack' }).waitFor();
    expect(await popup.getByText('Due today').isVisible()).toBe(true);
    expect(await starter.getByRole('button', { name: 'Processing...' }).isDisabled()).toBe(true);
    await popup.getByRole('button', { name: 'Pay $5.00' }).click();

    await page.getByText('Payment Successful! 🎉', { exact: true }).waitFor({ timeout: 15_000 });
    await page
      .getByText('Welcome to the Starter Pack! Your subscription is now active.', { exact: true })
      .waitFor();
    await expect.poll(() => popup.isClosed()).toBe(true);
    await starter.getByRole('button', { name: 'Current Plan' }).waitFor();
    expect(await starter.getByRole('button', { name: 'Current Plan' }).isDisabled()).toBe(true);
    await page
      .getByRole('region', { name: 'Your subscription' })
      .getByText(/^Renews on /)
      .waitFor();
    expect(await page.getByText('14-Day Free Trial Active').count()).toBe(0);

    const after = await me(page);
    expect(after.user.user_metadata).toMatchObject({
      subscription_status: 'active',
      subscription_plan: 'starter',
    });
    expect(after.quota).toMatchObject({ max_ads: 5, post_gate: 'allowed' });

    await page.getByRole('heading', { name: 'Payment History' }).waitFor();
    expect(await page.getByRole('cell', { name: '$5.00' }).count()).toBe(1);
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('buys a pack on a page opened at 127.0.0.1 while PUBLIC_URL says localhost', async () => {
    const origin = baseUrl.replace('://localhost:', '://127.0.0.1:');
    expect(origin).not.toBe(baseUrl);
    const session = await openSession(DESKTOP, { origin });
    const { page } = session;
    await signUpAndSignIn(session, { name: 'Local Seller', emailPrefix: 'subscriber' });
    await page.goto('/subscription');
    await page.getByText('14-Day Free Trial Active').waitFor();
    const popupOpened = page.waitForEvent('popup');
    await payInPopup(
      page,
      () => planCard(page, 'Starter Pack').getByRole('button', { name: 'Subscribe' }).click(),
      'Pay $5.00',
    );
    // The payment page was opened at the page's own address, where the session cookie is.
    expect(new URL((await popupOpened).url()).origin).toBe(origin);
    await page.getByText('Payment Successful! 🎉', { exact: true }).waitFor({ timeout: 15_000 });
    expect((await me(page)).quota.max_ads).toBe(5);
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('says the window was closed when the seller closes the popup, and changes nothing', async () => {
    const session = await openSession(PHONE);
    const { page } = session;
    await signUpAndSignIn(session, { name: 'Trial Seller', emailPrefix: 'subscriber' });
    await page.goto('/subscription');
    await page.getByText('14-Day Free Trial Active').waitFor();
    const premium = planCard(page, 'Premium Pack');
    const popupOpened = page.waitForEvent('popup');
    await premium.getByRole('button', { name: 'Subscribe' }).click();
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Pay $15.00' }).waitFor();
    await popup.close();

    await page.getByText('Payment Window Closed', { exact: true }).waitFor({ timeout: 15_000 });
    await page
      .getByText(
        'The payment window was closed before the payment was confirmed. If you paid before closing it, you will be notified once the payment is confirmed.',
        { exact: true },
      )
      .waitFor();
    await premium.getByRole('button', { name: 'Subscribe' }).waitFor();
    expect((await me(page)).quota.max_ads).toBe(1);
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('switches plans with credit shown before paying, then cancels and resumes', async () => {
    const session = await openSession();
    const { page } = session;
    await signUpAndSignIn(session, { name: 'Trial Seller', emailPrefix: 'subscriber' });
    await page.goto('/subscription');
    await page.getByText('14-Day Free Trial Active').waitFor();
    await payInPopup(
      page,
      () => planCard(page, 'Starter Pack').getByRole('button', { name: 'Subscribe' }).click(),
      'Pay $5.00',
    );
    await page.getByText('Payment Successful! 🎉', { exact: true }).waitFor();

    await planCard(page, 'Premium Pack').getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to the Premium Pack' });
    await dialog.getByText('Due today').waitFor();
    // A just-bought Starter month is worth almost all of its $5 against Premium's $15.
    const due = await dialog.locator('dd').nth(2).innerText();
    expect(due).toMatch(/^\$10\.0\d$/);
    await payInPopup(
      page,
      () => dialog.getByRole('button', { name: 'Continue to Payment' }).click(),
      `Pay ${due}`,
    );
    await page
      .getByText('Welcome to the Premium Pack! Your subscription is now active.', { exact: true })
      .waitFor();
    expect((await me(page)).quota.max_ads).toBe(18);

    const summary = page.getByRole('region', { name: 'Your subscription' });
    await summary.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel Subscription' }).click();
    await summary.getByText(/^Ends on .* It won't renew\.$/).waitFor();
    expect((await me(page)).user.user_metadata.subscription_plan).toBe('premium');

    await summary.getByRole('button', { name: 'Resume Subscription' }).click();
    await summary.getByText(/^Renews on /).waitFor();
    expectNoPageErrors(session);
    await session.context.close();
  });
});

/**
 * Issue 13's moderation journey in Chromium: a person reports an ad, an admin (made one by
 * ADMIN_EMAILS) hides it from /admin with a reason, the public gets 'Ad Not Found' and the
 * owner reads the reason on the dashboard; a non-admin cannot open the console; suspending
 * the seller ends their session and refuses their sign-in. A buyer reports an abusive
 * conversation from the thread; the admin reads its messages in the queue and dismisses it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SELLER_PASSWORD, signInAsAdmin, signUpAndSignIn } from '../support/accounts';
import { fillAdForm, postAdThroughApi, submitNewAd } from '../support/ads';
import { expectNoPageErrors, hasChromium, useBrowser } from '../support/browser';

/** Opens the console the way staff do: the user menu's Admin link. */
async function openConsoleFromMenu(page: Page) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Moderation' }).click();
  await page.waitForURL('**/admin');
  await page.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor();
}

describe.skipIf(!hasChromium)('moderation', () => {
  const { openSession } = useBrowser();

  it('takes a reported ad from report to hidden, tells its owner why, and suspends the seller', async () => {
    const word = `Quokka${Date.now().toString(36)}`;
    const title = `${word} sealed phone, too cheap`;

    // A seller posts an ad.
    const seller = await openSession();
    const { email: sellerEmail } = await signUpAndSignIn(seller, { name: 'Sid Seller', emailPrefix: 'sid' });
    await seller.page.goto('/post-ad');
    await fillAdForm(seller.page, {
      title,
      description: 'Brand new, still in its box. Payment by gift card only.',
      price: '99',
      category: 'Electronics',
      location: 'Austin, TX',
      photos: ['phone.png'],
    });
    const adId = await submitNewAd(seller.page);

    // Signed out, Report asks to log in first.
    const visitor = await openSession();
    await visitor.page.goto(`/ad/${adId}`);
    await visitor.page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await visitor.page.getByRole('button', { name: 'Report' }).click();
    await visitor.page.getByText('Please login to report an advertisement.', { exact: true }).waitFor();
    await visitor.page.waitForURL('**/login');

    // A signed-in buyer reports it.
    const reporter = await openSession();
    await signUpAndSignIn(reporter, { name: 'Rita Reporter', emailPrefix: 'rita' });
    await reporter.page.goto(`/ad/${adId}`);
    await reporter.page.getByRole('button', { name: 'Report' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: 'Report this ad' });
    await dialog.getByRole('radio', { name: 'Scam or fraud' }).check();
    await dialog.getByLabel('Details (optional)').fill('Wants a gift card before meeting.');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await reporter.page.getByText('Thank You for Your Report', { exact: true }).waitFor();

    // Reporting it again, the person is told their report waits, without a form to fill in.
    await reporter.page.getByRole('button', { name: 'Report' }).click();
    const already = reporter.page.getByRole('dialog', { name: 'Already Reported' });
    await already.getByText(/Our moderators will review it/).waitFor();
    expect(await already.getByRole('radio').count()).toBe(0);
    await already.getByRole('button', { name: 'OK' }).click();
    await already.waitFor({ state: 'detached' });

    // The reporter is no staff: the console says Access Denied.
    await reporter.page.goto('/admin');
    await reporter.page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await reporter.page.getByRole('tab', { name: 'Queue' }).count()).toBe(0);

    // The admin sees the report in the queue and hides the ad with a reason.
    const admin = await openSession();
    await signInAsAdmin(admin);
    await openConsoleFromMenu(admin.page);
    const card = admin.page.getByRole('article', { name: title });
    await card.getByText('1 report', { exact: true }).waitFor();
    await card.getByText('Scam or fraud').waitFor();
    await card.getByText('“Wants a gift card before meeting.”').waitFor();
    await card.getByRole('complementary').getByText(sellerEmail).waitFor();
    await card.getByRole('button', { name: `Hide ${title}` }).click();
    const hideDialog = admin.page.getByRole('dialog', { name: 'Hide this ad' });
    const reason = 'Asking for gift cards is a known scam. Take payment in person.';
    await hideDialog.getByLabel('Reason the owner will see').fill(reason);
    await hideDialog.getByRole('button', { name: 'Hide Ad' }).click();
    await admin.page.getByText('Ad Hidden', { exact: true }).waitFor();

    // The public gets Ad Not Found, and the ad leaves search.
    await visitor.page.goto(`/ad/${adId}`);
    await visitor.page.getByRole('heading', { name: 'Ad Not Found' }).waitFor();
    const search = (await (await visitor.page.request.get(`/api/ads?q=${word}`)).json()) as {
      ads: { id: string }[];
    };
    expect(search.ads.map((ad) => ad.id)).not.toContain(adId);

    // The owner reads the reason on the dashboard.
    await seller.page.goto('/dashboard');
    const moderation = seller.page.getByRole('group', { name: `Moderation of ${title}` });
    await moderation.getByText(reason).waitFor();

    // After editing, the owner asks for a review; the ad comes back to the queue, marked so,
    // and the admin restores it: the public sees it again.
    await moderation.getByRole('button', { name: `Request review of ${title}` }).click();
    await seller.page.getByText('Review Requested', { exact: true }).waitFor();
    await moderation.getByText('Review requested: a moderator will look at it again.').waitFor();
    await admin.page.reload();
    await card.getByText('Review requested', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Restore ${title}` }).click();
    await admin.page.getByText('Ad Restored', { exact: true }).waitFor();
    await visitor.page.goto(`/ad/${adId}`);
    await visitor.page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const afterRestore = (await (await visitor.page.request.get(`/api/ads?q=${word}`)).json()) as {
      ads: { id: string }[];
    };
    expect(afterRestore.ads.map((ad) => ad.id)).toContain(adId);

    // The audit log has the decision: who, what and why.
    await admin.page.getByRole('tab', { name: 'Audit log' }).click();
    await admin.page.getByLabel('Search the audit log').fill(word);
    await admin.page.getByRole('button', { name: 'Search' }).click();
    const log = admin.page.getByRole('region', { name: 'Audit log' });
    await log.getByText(`Reason: ${reason}`).waitFor();
    await log.getByText('Ada Admin').first().waitFor();

    // Suspending the seller ends their session and refuses their sign-in.
    await admin.page.getByRole('tab', { name: 'Users' }).click();
    await admin.page.getByLabel('Search users').fill(sellerEmail);
    await admin.page.getByRole('button', { name: 'Search' }).click();
    const row = admin.page.getByRole('article', { name: 'Sid Seller' });
    await row.getByRole('button', { name: 'Details of Sid Seller' }).click();
    await row.getByRole('button', { name: 'Suspend' }).click();
    const suspendDialog = admin.page.getByRole('dialog', { name: 'Suspend this account' });
    await suspendDialog.getByLabel('Reason for suspending').fill('Repeated scam ads.');
    await suspendDialog.getByRole('button', { name: 'Suspend Account' }).click();
    await admin.page.getByText('Account Suspended', { exact: true }).waitFor();
    await row.getByText('Suspended', { exact: true }).first().waitFor();

    // A suspended seller's ads leave the public lists.
    const afterSuspension = (await (await visitor.page.request.get(`/api/ads?q=${word}`)).json()) as {
      ads: { id: string }[];
    };
    expect(afterSuspension.ads.map((ad) => ad.id)).not.toContain(adId);

    await seller.page.reload();
    await seller.page.getByText('Please login to access your dashboard.').waitFor();
    expect(await (await seller.page.request.get('/api/me')).json()).toBeNull();
    await seller.page.goto('/login');
    await seller.page.getByLabel('Email').fill(sellerEmail);
    await seller.page.getByLabel('Password', { exact: true }).fill(SELLER_PASSWORD);
    await seller.page.getByRole('button', { name: 'Sign In' }).click();
    await seller.page.getByText('Sign in Failed', { exact: true }).waitFor();
    await seller.page
      .getByText(/suspended/)
      .first()
      .waitFor();
    expect(new URL(seller.page.url()).pathname).toBe('/login');

    for (const session of [seller, visitor, reporter, admin]) {
      expectNoPageErrors(session);
      await session.context.close();
    }
  });

  it('takes a reported conversation from the thread to the queue, where its messages are read and the report dismissed', async () => {
    const title = `Oak desk ${Date.now().toString(36)}`;
    const seller = await openSession();
    await signUpAndSignIn(seller, { name: 'Rude Rudy', emailPrefix: 'rudy' });
    const adId = await postAdThroughApi(seller, {
      title,
      description: 'Solid oak, two drawers. Pick-up only.',
      price: '180',
      category: 'home-garden',
    });

    // A buyer asks about the ad from its page; the seller answers rudely.
    const buyer = await openSession();
    await signUpAndSignIn(buyer, { name: 'Polly Polite', emailPrefix: 'polly' });
    await buyer.page.goto(`/ad/${adId}`);
    await buyer.page.getByRole('button', { name: 'Send Message' }).click();
    const composer = buyer.page.getByRole('dialog').getByRole('textbox');
    await composer.fill('Would you take 150?');
    await composer.press('Enter');
    await buyer.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationId = new URL(buyer.page.url()).pathname.split('/').at(-1)!;
    const insult = 'No. Only an idiot would offer that. Get lost.';
    const answered = await seller.page.request.post(`/api/conversations/${conversationId}/messages`, {
      data: { body: insult },
      headers: { origin: seller.origin },
    });
    expect(answered.status()).toBe(201);
    const thread = buyer.page.getByRole('list', { name: 'Messages' });
    await thread.getByText(insult).waitFor({ timeout: 5_000 });

    // The buyer reports the conversation from the thread.
    await buyer.page.getByRole('button', { name: 'Report' }).click();
    const reportDialog = buyer.page.getByRole('dialog', { name: 'Report this conversation' });
    await reportDialog.getByLabel('Reason').selectOption({ label: 'Abusive or offensive' });
    await reportDialog.getByLabel('Details (optional)').fill('He insulted me for asking the price.');
    await reportDialog.getByRole('button', { name: 'Send Report' }).click();
    await buyer.page.getByText('Report sent', { exact: true }).waitFor();
    await buyer.page.getByRole('button', { name: 'Reported' }).waitFor();

    // The admin finds it in the queue: who reported whom, why, and the messages.
    const admin = await openSession();
    await signInAsAdmin(admin);
    await openConsoleFromMenu(admin.page);
    const card = admin.page.getByRole('article', { name: `Conversation about ${title}` });
    await card.getByText('1 report', { exact: true }).waitFor();
    await card.getByText('Abusive or offensive').waitFor();
    await card.getByText('“He insulted me for asking the price.”').waitFor();
    await card.getByText(/reported by Polly Polite \(buyer\)/).waitFor();
    await card.getByRole('group', { name: 'Reported seller Rude Rudy' }).waitFor();
    const messages = card.getByRole('list', { name: 'Messages' });
    await messages.getByText('Would you take 150?').waitFor();
    await messages.getByText(insult).waitFor();

    // Dismissed, the report leaves the queue and the audit log has the decision.
    await card.getByRole('button', { name: `Dismiss reports of conversation about ${title}` }).click();
    await admin.page.getByText('Reports Dismissed', { exact: true }).waitFor();
    await card.waitFor({ state: 'detached' });
    expect(
      (await admin.page.request.get(`/api/admin/conversations/${conversationId}/messages`)).status(),
    ).toBe(404);
    await admin.page.getByRole('tab', { name: 'Audit log' }).click();
    const log = admin.page.getByRole('region', { name: 'Audit log' });
    await log.getByText(`Conversation about “${title}”`).waitFor();
    await log.getByText('Dismissed reports of conversation', { exact: false }).first().waitFor();

    // Closed, the buyer may report the conversation again.
    await buyer.page.reload();
    await buyer.page.getByRole('button', { name: 'Report' }).waitFor();

    for (const session of [seller, buyer, admin]) {
      expectNoPageErrors(session);
      await session.context.close();
    }
  });
});

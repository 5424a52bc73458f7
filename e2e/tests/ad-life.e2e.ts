import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { postAdThroughApi } from '../support/ads';
import { expectNoPageErrors, hasChromium, PHONE, useBrowser, type Session } from '../support/browser';
import { query, runJobNow } from '../support/database';

/** Posts an ad with a photo through the API of the signed-in session; returns its id. */
const postAd = (session: Session, title: string) =>
  postAdThroughApi(session, {
    title,
    description: 'Works well, collection only.',
    price: '120',
    category: 'electronics',
  });

/** Searches for the word on /search: true when the ad is among the results. */
async function isFound(page: Page, word: string, title: string): Promise<boolean> {
  await page.goto(`/search?q=${word}`);
  await page
    .getByText(/ads found$/)
    .or(page.getByRole('heading', { name: 'No ads found' }))
    .first()
    .waitFor();
  return (await page.getByRole('heading', { name: title, exact: true }).count()) > 0;
}

/** Screenshots for looking at, only when AD_LIFE_SCREENSHOTS names a folder. */
async function snap(page: Page, name: string) {
  const folder = process.env.AD_LIFE_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

describe.skipIf(!hasChromium)("the ad's life", () => {
  const { openSession } = useBrowser();

  it('a sold ad says "Sold" to a visitor and leaves search', async () => {
    const seller = await openSession();
    await signUpAndSignIn(seller, { name: 'Sam Sold' });
    const word = `gramophone${Date.now().toString(36)}`;
    const title = `${word} with horn`;
    const adId = await postAd(seller, title);
    expect(await isFound(seller.page, word, title)).toBe(true);

    // Mark as sold from the dashboard, confirmed in the dialog.
    const { page } = seller;
    await page.goto('/dashboard');
    const myAds = page.getByRole('list', { name: 'My Advertisements' });
    await myAds.getByRole('button', { name: `Mark as sold ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as sold?' });
    await dialog.getByRole('button', { name: 'Mark as sold', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await myAds.getByText('Sold', { exact: true }).waitFor();
    await snap(page, 'dashboard-sold-1280');

    expect(await isFound(page, word, title)).toBe(false);

    // A visitor (signed out) sees the page, saying Sold.
    for (const viewport of [undefined, PHONE]) {
      const visitor = await openSession(viewport);
      await visitor.page.goto(`/ad/${adId}`);
      await visitor.page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await visitor.page.getByRole('status').filter({ hasText: 'Sold' }).waitFor();
      await snap(visitor.page, `ad-sold-${viewport ? 390 : 1280}`);
      await visitor.context.close();
    }
    expectNoPageErrors(seller);
    await seller.context.close();
  });

  it('an expired ad leaves search and renews from the dashboard', async () => {
    const seller = await openSession();
    await signUpAndSignIn(seller, { name: 'Eve Expired' });
    const word = `sextant${Date.now().toString(36)}`;
    const title = `${word} in a box`;
    const adId = await postAd(seller, title);
    const { page } = seller;
    expect(await isFound(page, word, title)).toBe(true);

    // Its lifetime runs out (in the database) and the expiry job runs.
    await query(`update advertisements set expires_at = now() - interval '1 minute' where id = $1`, [adId]);
    await runJobNow('ads-expired');
    await expect
      .poll(async () => (await query(`select status from advertisements where id = $1`, [adId]))[0], {
        timeout: 20_000,
        interval: 500,
      })
      .toEqual({ status: 'expired' });
    expect(await isFound(page, word, title)).toBe(false);

    await page.goto('/dashboard');
    const expiry = page.getByRole('group', { name: `Expiry of ${title}` });
    await expiry.getByText('Expired', { exact: true }).waitFor();
    await snap(page, 'dashboard-expired-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, 'dashboard-expired-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    await expiry.getByRole('button', { name: `Renew ${title}` }).click();
    await page.getByText('Ad Renewed', { exact: true }).waitFor();
    await page
      .getByRole('list', { name: 'My Advertisements' })
      .getByRole('button', { name: `Mark as sold ${title}` })
      .waitFor();
    await snap(page, 'dashboard-active-1280');
    expect(await isFound(page, word, title)).toBe(true);
    expectNoPageErrors(seller);
    await seller.context.close();
  });

  it("the expiry reminder leads to the ad's page, which renews it in its last days", async () => {
    const seller = await openSession();
    await signUpAndSignIn(seller, { name: 'Rita Reminded' });
    const title = `Barometer ${Date.now().toString(36)}`;
    const adId = await postAd(seller, title);
    await query(`update advertisements set expires_at = now() + interval '2 days' where id = $1`, [adId]);
    await runJobNow('ad-expiry-reminders');

    const { page } = seller;
    await page.goto('/');
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click({ timeout: 20_000 });
    await page
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: new RegExp(`Your ad “${title}” expires on`) })
      .click();
    await page.waitForURL(`**/ad/${adId}`);
    const expiry = page.getByRole('group', { name: `Expiry of ${title}` });
    await expiry.getByText('Expires soon', { exact: true }).waitFor();
    await snap(page, 'ad-expires-soon-1280');
    await expiry.getByRole('button', { name: `Renew ${title}` }).click();
    await page.getByText('Ad Renewed', { exact: true }).waitFor();
    // Another lifetime: no longer in its last days (the notice of the last days says "Listed
    // until …. Renew it to keep it listed.").
    await page.getByText(/^Listed until [^.]+$/).waitFor();
    expect(await expiry.count()).toBe(0);
    expectNoPageErrors(seller);
    await seller.context.close();
  });
});

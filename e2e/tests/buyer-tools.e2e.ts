import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { PNG } from '../support/ads';
import { expectNoPageErrors, hasChromium, useBrowser, type Session } from '../support/browser';

/** Posts an ad with two photos through the API of the signed-in session; returns its id. */
async function postAdWithTwoPhotos(session: Session, title: string): Promise<string> {
  const form = new FormData();
  form.append('title', title);
  form.append('description', 'Two photos: the front and the back.');
  form.append('price', '120');
  form.append('category', 'music-instruments');
  form.append('location', 'Memphis, TN');
  form.append('images', new File([PNG], 'front.png', { type: 'image/png' }));
  form.append('images', new File([PNG], 'back.png', { type: 'image/png' }));
  const posted = await session.page.request.post('/api/ads', {
    headers: { origin: session.origin },
    multipart: form,
  });
  expect(posted.status(), await posted.text()).toBe(201);
  return ((await posted.json()) as { id: string }).id;
}

describe.skipIf(!hasChromium)('buyer tools (issue 14)', () => {
  const { openSession } = useBrowser();

  it('a liked ad shows on /favorites, its seller card leads to the seller page, and the photo viewer works by keyboard', async () => {
    const [sellerSession, buyerSession] = [await openSession(), await openSession()];
    await signUpAndSignIn(sellerSession, { name: 'Lena Park', location: 'Memphis, TN' });
    await signUpAndSignIn(buyerSession, { name: 'Bob Buyer' });
    const title = `Acoustic guitar ${Date.now().toString(36)}`;
    const adId = await postAdWithTwoPhotos(sellerSession, title);
    const buyer = buyerSession.page;

    // Like the ad; the toast's link leads to the list.
    await buyer.goto(`/ad/${adId}`);
    await buyer.getByRole('button', { name: /^Add to favorites/ }).click();
    const notifications = buyer.getByRole('region', { name: /^Notifications/ });
    await notifications.getByRole('link', { name: 'favorites' }).first().click();
    await buyer.waitForURL('**/favorites');
    await buyer.getByRole('heading', { name: 'Favorites', level: 1 }).waitFor();
    await buyer.getByRole('link', { name: new RegExp(title) }).waitFor();

    // The user menu has Favorites too.
    await buyer
      .getByRole('navigation', { name: 'Account' })
      .getByRole('button', { name: /^User menu/ })
      .click();
    expect(await buyer.getByRole('menuitem', { name: 'Favorites' }).count()).toBe(1);
    await buyer.keyboard.press('Escape');

    // The photo viewer: opened from the main photo, moved and closed by keyboard.
    await buyer.goto(`/ad/${adId}`);
    const opener = buyer.getByRole('button', { name: `View ${title}, photo 1 of 2 full screen` });
    await opener.focus();
    await buyer.keyboard.press('Enter');
    const viewer = buyer.getByRole('dialog', { name: title });
    await viewer.getByText('Photo 1 of 2').waitFor();
    await buyer.keyboard.press('ArrowRight');
    await viewer.getByText('Photo 2 of 2').waitFor();
    await buyer.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await buyer.getByRole('button', { name: `View ${title}, photo 2 of 2 full screen` }).waitFor();
    expect(await buyer.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `View ${title}, photo 2 of 2 full screen`,
    );

    // The seller card's name leads to the seller's page, which lists the ad.
    await buyer.getByRole('link', { name: 'Lena Park' }).click();
    await buyer.waitForURL('**/seller/**');
    await buyer.getByRole('heading', { name: /Lena Park/, level: 1 }).waitFor();
    await buyer.getByText('Memphis, TN').first().waitFor();
    await buyer
      .getByRole('main')
      .getByRole('link', { name: new RegExp(title) })
      .waitFor();
    expectNoPageErrors(buyerSession);
  });

  it('asks a signed-out visitor to log in on /favorites', async () => {
    const { page } = await openSession();
    await page.goto('/favorites');
    await page.getByText('Please login to see your favorites.').waitFor();
  });
});

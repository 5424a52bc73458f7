import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { postAdThroughApi } from '../support/ads';
import {
  collectDialogs,
  expectNoPageErrors,
  hasChromium,
  PHONE,
  useBrowser,
  type Session,
} from '../support/browser';

/** Posts an ad with a photo through the API of the signed-in session; returns its id. */
const postAd = (session: Session, title: string) =>
  postAdThroughApi(session, {
    title,
    description: 'Solid oak, seats six.',
    price: '300',
    category: 'home-garden',
  });

describe.skipIf(!hasChromium)('the notifications bell', () => {
  const { openSession } = useBrowser();

  it('rings live when a buyer favourites the seller’s ad and writes to them; Mark all as read clears it', async () => {
    const [sellerSession, buyerSession] = [await openSession(), await openSession()];
    await signUpAndSignIn(sellerSession, { name: 'Sally Seller' });
    await signUpAndSignIn(buyerSession, { name: 'Bob Buyer' });
    const title = `Oak table ${Date.now().toString(36)}`;
    const adId = await postAd(sellerSession, title);
    const seller = sellerSession.page;
    const buyer = buyerSession.page;
    const dialogs = collectDialogs(seller);

    // The seller waits on the home page with nothing unread.
    await seller.goto('/');
    await seller.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // The buyer favourites the ad from its page: the seller's bell counts it without a reload.
    await buyer.goto(`/ad/${adId}`);
    await buyer.getByRole('button', { name: /^Add to favorites/ }).click();
    await buyer.getByRole('button', { name: /^Remove from favorites/ }).waitFor();
    await seller.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 5_000 });

    // Then asks about it: a second notification, live too.
    await buyer.getByRole('button', { name: 'Send Message' }).click();
    await buyer.getByRole('dialog').getByRole('textbox').press('Enter');
    await buyer.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    await seller.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor({ timeout: 5_000 });

    // The bell lists both, newest first, unread, with their links.
    await seller.getByRole('button', { name: 'Notifications, 2 unread' }).click();
    const panel = seller.getByRole('dialog', { name: 'Notifications' });
    const message = panel.getByRole('link', {
      name: new RegExp(`Bob Buyer sent you a new message about “${title}”`),
    });
    const favourite = panel.getByRole('link', {
      name: new RegExp(`Someone added your ad “${title}” to their favorites`),
    });
    await message.waitFor();
    expect(await message.textContent()).toMatch(/^Unread: /);
    expect(await favourite.getAttribute('href')).toBe(`/ad/${adId}`);
    expect(await panel.getByRole('link').count()).toBe(2);

    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await seller.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await panel.getByText('Unread:', { exact: false }).count()).toBe(0);

    // Reloading keeps it read: the server holds the state.
    await seller.reload();
    await seller.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // Opening a notification follows its link.
    await seller.getByRole('button', { name: 'Notifications', exact: true }).click();
    await panel.getByRole('link', { name: /Bob Buyer sent you/ }).click();
    await seller.waitForURL(/\/messages\/[0-9a-f-]{36}$/);

    expect(dialogs).toEqual([]);
    expectNoPageErrors(sellerSession);
    expectNoPageErrors(buyerSession);
  });

  it('sits in the bar on a phone and opens its list within the screen', async () => {
    const sellerSession = await openSession(PHONE);
    const buyerSession = await openSession();
    await signUpAndSignIn(sellerSession, { name: 'Sally Seller' });
    await signUpAndSignIn(buyerSession, { name: 'Bob Buyer' });
    const adId = await postAd(sellerSession, 'Garden bench');
    const seller = sellerSession.page;
    await seller.goto('/');
    await seller.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    const favorited = await buyerSession.page.request.put(`/api/ads/${adId}/favorite`, {
      headers: { origin: buyerSession.origin },
    });
    expect(favorited.status()).toBe(200);
    await seller.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const panel = seller.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('link', { name: /Garden bench/ }).waitFor();
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expectNoPageErrors(sellerSession);
  });
});

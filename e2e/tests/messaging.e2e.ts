import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { createUnsubscribeToken, deriveUnsubscribeKey } from '../../server/src/mail/unsubscribe';
import { SELLER_PASSWORD, signUpAndSignIn } from '../support/accounts';
import { postAdThroughApi } from '../support/ads';
import {
  collectDialogs,
  expectNoPageErrors,
  hasChromium,
  useBrowser,
  type Session,
} from '../support/browser';

/** Posts an ad with a photo through the API of the signed-in session; returns its id. */
const postAd = (session: Session, title: string) =>
  postAdThroughApi(session, {
    title,
    description: 'Serviced this spring, new tyres.',
    price: '450',
    category: 'sports-outdoors',
  });

describe.skipIf(!hasChromium)('messaging between buyer and seller', () => {
  const { openSession } = useBrowser();

  it('the buyer asks from the ad page, the seller sees it live and answers, the buyer sees the answer live', async () => {
    const [sellerSession, buyerSession, strangerSession] = [
      await openSession(),
      await openSession(),
      await openSession(),
    ];
    await signUpAndSignIn(sellerSession, { name: 'Sally Seller' });
    await signUpAndSignIn(buyerSession, { name: 'Bob Buyer' });
    await signUpAndSignIn(strangerSession, { name: 'Nosy Stranger' });
    const adId = await postAd(sellerSession, `Road bike ${Date.now().toString(36)}`);
    const seller = sellerSession.page;
    const buyer = buyerSession.page;
    const dialogs = collectDialogs(seller);

    // The seller waits on the home page; the Messages icon has no count yet.
    await seller.goto('/');
    await seller.getByRole('link', { name: 'Messages', exact: true }).waitFor();

    // The owner has no Send Message on their own ad.
    await seller.goto(`/ad/${adId}`);
    await seller.getByRole('heading', { name: 'Seller Information' }).waitFor();
    // Once the page knows who is there (the server renders a visitor's page).
    await seller.getByText('This is your ad.').waitFor();
    expect(await seller.getByRole('button', { name: 'Send Message' }).count()).toBe(0);
    await seller.goto('/');
    await seller.getByRole('link', { name: 'Messages', exact: true }).waitFor();

    await buyer.goto(`/ad/${adId}`);
    await buyer.getByRole('button', { name: 'Send Message' }).click();
    const composer = buyer.getByRole('dialog').getByRole('textbox');
    expect(await composer.inputValue()).toBe('Hi, is this still available?');
    const markup = '<b>bold</b><img src=x onerror="window.__ran=1">';
    await composer.fill(`Hi, is this still available? ${markup}`);
    await composer.press('Enter');
    await buyer.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
    const threadUrl = new URL(buyer.url()).pathname;
    // The thread's messages (the inbox beside it shows the last one's start too).
    const buyerThread = buyer.getByRole('list', { name: 'Messages' });
    const sellerThread = seller.getByRole('list', { name: 'Messages' });
    await buyerThread.getByText(markup, { exact: false }).waitFor();

    // Without a reload, the seller's icon shows the unread message.
    await seller.getByRole('link', { name: 'Messages, 1 unread' }).waitFor({ timeout: 5_000 });
    await seller.getByRole('link', { name: 'Messages, 1 unread' }).click();
    await seller.waitForURL('**/messages');
    await seller.getByRole('link', { name: /Bob Buyer/ }).click();
    await sellerThread.getByText(markup, { exact: false }).waitFor();
    expect(await seller.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined();
    // Reading it clears the count and tells the buyer.
    await seller.getByRole('link', { name: 'Messages', exact: true }).waitFor();
    await buyerThread.getByText('Read', { exact: true }).waitFor({ timeout: 5_000 });

    // The seller answers with Enter; the buyer sees it without a reload, and hears it.
    const arrival = buyer.getByRole('status').filter({ hasText: 'New message' });
    expect(await arrival.count()).toBe(0);
    const answer = seller.getByRole('textbox', { name: 'Message to Bob Buyer' });
    await answer.fill('Yes, it is!');
    await answer.press('Shift+Enter');
    await answer.pressSequentially('Come by on Saturday.');
    await answer.press('Enter');
    await buyerThread.getByText('Come by on Saturday.', { exact: false }).waitFor({ timeout: 5_000 });
    expect(await buyerThread.getByText('Yes, it is!', { exact: false }).count()).toBe(1);
    await expect.poll(() => arrival.textContent()).toBe('New message: Yes, it is!\nCome by on Saturday.');

    // Asking again from the ad opens the same conversation, without offering the greeting twice.
    await buyer.goto(`/ad/${adId}`);
    await buyer.getByRole('button', { name: 'Send Message' }).click();
    await buyer.waitForURL(`**${threadUrl}`);
    await buyerThread.getByText('Come by on Saturday.', { exact: false }).waitFor();
    expect(await buyer.getByRole('dialog').count()).toBe(0);

    // Someone else cannot read the thread: the page says so and the API answers 404.
    const stranger = strangerSession.page;
    await stranger.goto(threadUrl);
    await stranger.getByRole('heading', { name: 'Conversation Not Found' }).waitFor();
    const conversationId = threadUrl.split('/').at(-1)!;
    expect((await stranger.request.get(`/api/conversations/${conversationId}/messages`)).status()).toBe(404);

    expect(dialogs).toEqual([]);
    expectNoPageErrors(sellerSession);
    expectNoPageErrors(buyerSession);
  });

  it("turns new-message e-mails off from the e-mail's unsubscribe link, only after the confirm button", async () => {
    const session = await openSession();
    const { email } = await signUpAndSignIn(session, { name: 'Ursula Unsubscriber' });
    const { page } = session;
    const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
    // The link the e-mail carries, signed with the app's key (AUTH_SECRET, else the secret the
    // app keeps in its DATA_DIR).
    const secrets = JSON.parse(await readFile(path.join(inject('dataDir'), 'secrets.json'), 'utf8')) as {
      authSecret: string;
    };
    const authSecret = process.env.AUTH_SECRET || secrets.authSecret;
    const token = createUnsubscribeToken(deriveUnsubscribeKey(authSecret), me.user.id, 'new-messages');
    const emailSetting = page.getByRole('checkbox', { name: 'Email notifications for new messages' });

    // Opened from the mail (signed out, as in another browser): it only asks.
    await session.context.clearCookies();
    await page.goto(`/unsubscribe/${token}`);
    await page.getByRole('heading', { name: 'Unsubscribe from e-mails about new messages?' }).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();

    // A link changed by one character is refused, and says so.
    const tampered = await page.goto(`/unsubscribe/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    expect(tampered?.status()).toBe(400);
    await page.getByRole('heading', { name: 'This unsubscribe link is not valid' }).waitFor();

    // Signed in again, the setting reads off.
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email, password: SELLER_PASSWORD },
      headers: { origin: session.origin },
    });
    expect(signIn.status()).toBe(200);
    await page.goto('/dashboard?tab=settings');
    await expect.poll(() => emailSetting.isEnabled()).toBe(true);
    expect(await emailSetting.isChecked()).toBe(false);
    expectNoPageErrors(session);
  });

  it('sends a signed-out visitor to sign in, and back to the ad afterwards', async () => {
    const sellerSession = await openSession();
    await signUpAndSignIn(sellerSession, { name: 'Sally Seller' });
    const adId = await postAd(sellerSession, 'Desk lamp');
    // An account that signs in from the login page the ad sends them to.
    const visitorSession = await openSession();
    const { email } = await signUpAndSignIn(visitorSession, { name: 'Vera Visitor' });
    await visitorSession.context.clearCookies();
    const visitor = visitorSession.page;
    await visitor.goto(`/ad/${adId}`);
    await visitor.getByRole('button', { name: 'Send Message' }).click();
    await visitor.getByText('Please login to contact the seller.').first().waitFor();
    await visitor.waitForURL('**/login');
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Password', { exact: true }).fill(SELLER_PASSWORD);
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    await visitor.waitForURL(`**/ad/${adId}`);
  });
});

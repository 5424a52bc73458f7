import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { postAdThroughApi } from '../support/ads';
import {
  collectDialogs,
  expectNoPageErrors,
  hasChromium,
  mailedMessage,
  useBrowser,
} from '../support/browser';

describe.skipIf(!hasChromium)('saved searches and alerts (issue 14)', () => {
  const { openSession } = useBrowser();

  it("saves a search, then rings the bell and e-mails when another person posts a matching ad; Run resets 'N new'", async () => {
    const [searcherSession, sellerSession, otherSellerSession] = [
      await openSession(),
      await openSession(),
      await openSession(),
    ];
    const { email } = await signUpAndSignIn(searcherSession, { name: 'Sia Searcher' });
    await signUpAndSignIn(sellerSession, { name: 'Sam Seller' });
    await signUpAndSignIn(otherSellerSession, { name: 'Olga Seller' });
    const word = `theremin${Date.now().toString(36)}`;
    const searcher = searcherSession.page;
    const dialogs = collectDialogs(searcher);

    // Search, then Save search under a name of one's own.
    await searcher.goto(`/search?q=${word}&maxPrice=500`);
    await searcher.getByText('No ads found').waitFor();
    await searcher.getByRole('button', { name: 'Save search' }).click();
    const dialog = searcher.getByRole('dialog', { name: 'Save this search' });
    const name = dialog.getByLabel('Name');
    expect(await name.inputValue()).toBe(word);
    await name.fill('Cheap theremins');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await searcher.getByText('Search saved', { exact: true }).waitFor();

    // Another person posts a matching ad (and a third one over the price): the bell rings live.
    await searcher.goto('/saved-searches');
    await searcher.getByRole('heading', { name: 'Cheap theremins' }).waitFor();
    await searcher.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    const adId = await postAdThroughApi(sellerSession, {
      title: `Etherwave ${word}`,
      description: 'Plays beautifully, with case.',
      price: '350',
      category: 'electronics',
    });
    await postAdThroughApi(otherSellerSession, {
      title: `Concert ${word}`,
      description: 'Professional model.',
      price: '2500',
      category: 'electronics',
    });
    await searcher.getByRole('button', { name: 'Notifications, 1 unread' }).click({ timeout: 20_000 });
    const alert = searcher
      .getByRole('dialog', { name: 'Notifications' })
      .getByRole('link', { name: /New ad for your saved search “Cheap theremins”/ });
    expect(await alert.getAttribute('href')).toBe(`/ad/${adId}`);
    await searcher.keyboard.press('Escape');

    // And an e-mail, with the ad and a one-click unsubscribe link for this search.
    const mail = await mailedMessage(email, '“Cheap theremins”', { timeoutMs: 20_000 });
    expect(mail.subject).toBe('1 new ad for your saved search “Cheap theremins”');
    expect(mail.links.some((link) => link.endsWith(`/ad/${adId}`))).toBe(true);
    expect(mail.links.some((link) => link.includes('/unsubscribe/saved-search-alerts.'))).toBe(true);

    // The list says how many are new; Run opens the search and starts the count again.
    await searcher.reload();
    const card = searcher.getByRole('article').filter({ hasText: 'Cheap theremins' });
    await card.getByText('1 new').waitFor();
    await card.getByRole('button', { name: 'Run Cheap theremins' }).click();
    await searcher.waitForURL(new RegExp(`/search\\?q=${word}&maxPrice=500$`));
    await searcher.getByRole('link', { name: new RegExp(`Etherwave ${word}`) }).waitFor();
    expect(await searcher.getByRole('link', { name: new RegExp(`Concert ${word}`) }).count()).toBe(0);
    await searcher.goto('/saved-searches');
    await card.getByRole('combobox', { name: 'Alerts for Cheap theremins' }).waitFor();
    expect(await card.getByText(/new$/).count()).toBe(0);

    expect(dialogs).toEqual([]);
    expectNoPageErrors(searcherSession);
  });
});

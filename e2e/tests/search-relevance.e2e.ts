import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { postAdThroughApi } from '../support/ads';
import { expectNoPageErrors, hasChromium, useBrowser } from '../support/browser';

describe.skipIf(!hasChromium)('search that finds what people mean (issue 15)', () => {
  const { openSession } = useBrowser();

  it('suggests while typing in the header, picks with the keyboard, ranks by best match and corrects a misspelling', async () => {
    // A word no other journey uses, in the title of one ad and only the description of a newer one;
    // letters only, as did you mean leaves a word with a digit as typed.
    const word = `zorbik${Date.now()
      .toString(36)
      .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;
    const titleAdSeller = await openSession();
    await signUpAndSignIn(titleAdSeller);
    await postAdThroughApi(titleAdSeller, {
      title: `${word} rowing machine`,
      description: 'Folds flat, quiet magnetic resistance.',
      price: '320',
      category: 'sports-outdoors',
    });
    await titleAdSeller.context.close();
    const descriptionAdSeller = await openSession();
    await signUpAndSignIn(descriptionAdSeller);
    await postAdThroughApi(descriptionAdSeller, {
      title: 'Gym mat',
      description: `Fits under a ${word} or any rowing machine.`,
      price: '25',
      category: 'sports-outdoors',
    });
    await descriptionAdSeller.context.close();

    const session = await openSession();
    const { page } = session;
    await page.goto('/');
    const box = page.locator('input[role="combobox"]:visible').first();
    await box.pressSequentially(word.slice(0, 8), { delay: 30 });
    const suggestion = page.getByRole('option', { name: word, exact: true });
    await suggestion.waitFor();
    // Down to the suggestion, then Enter.
    const options = await page.getByRole('option').allTextContents();
    for (let index = 0; index <= options.indexOf(word); index += 1) await box.press('ArrowDown');
    expect(await suggestion.getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await page.waitForURL(`**/search?q=${word}`);

    // Best match: the title match first, though the other ad is newer.
    const results = page.getByRole('main').getByRole('article');
    await page.getByText('2 ads found').waitFor();
    expect(await results.first().textContent()).toContain(`${word} rowing machine`);
    expect(await results.nth(1).textContent()).toContain('Gym mat');
    expect(await page.getByRole('combobox', { name: 'Sort By' }).first().inputValue()).toBe('relevance');

    // A misspelling finds nothing and offers the word; the link runs the corrected search.
    const misspelt = word.slice(0, 3) + word.slice(4);
    await page.goto(`/search?q=${misspelt}`);
    await page.getByRole('heading', { name: 'No ads found' }).waitFor();
    await page.getByText('Did you mean').waitFor();
    await page.getByRole('link', { name: word, exact: true }).click();
    await page.waitForURL(`**/search?q=${word}`);
    await page.getByText('2 ads found').waitFor();
    expect(await results.first().textContent()).toContain(`${word} rowing machine`);

    expectNoPageErrors(session);
    await session.context.close();
  });
});

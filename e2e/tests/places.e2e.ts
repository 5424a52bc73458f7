import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { chooseOption, fillAdForm, PNG, submitNewAd } from '../support/ads';
import { expectNoPageErrors, hasChromium, PHONE, useBrowser, type Session } from '../support/browser';

/** The first start loads the gazetteer in the background: wait until place search has it. */
async function placeIdOf(page: Page, name: string, label: string): Promise<number> {
  let id: number | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/places?q=${encodeURIComponent(name)}`);
        const { places } = (await response.json()) as { places: { id: number; label: string }[] };
        id = places.find((place) => place.label === label)?.id;
        return id;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBeDefined();
  return id!;
}

/** Types the start of a name into a place picker and chooses the suggestion by its label. */
async function choosePlace(
  scope: Page | ReturnType<Page['getByRole']>,
  field: string,
  typed: string,
  label: string,
) {
  const combobox = scope.getByRole('combobox', { name: field });
  await combobox.fill(typed);
  await scope.getByRole('option', { name: label, exact: true }).click();
  await expect.poll(() => combobox.inputValue()).toBe(label);
}

async function postAdNear(session: Session, title: string, placeId: number, location: string) {
  const posted = await session.page.request.post('/api/ads', {
    headers: { origin: session.origin },
    multipart: {
      title,
      description: 'Bought last year, barely used.',
      price: '120',
      category: 'sports-outdoors',
      location,
      place_id: String(placeId),
      images: { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
}

describe.skipIf(!hasChromium)('places and distance', () => {
  const { openSession } = useBrowser();

  it('finds an ad 8 km away within 10 km of a place and not one 80 km away, nearest first', async () => {
    const word = `Wombat${Date.now().toString(36)}`;
    const seller = await openSession();
    await signUpAndSignIn(seller, { name: 'Rosa Park', location: 'Denver, CO' });
    const greeley = await placeIdOf(seller.page, 'Greeley', 'Greeley, CO, United States');

    // The post-ad form's location picker: Wheat Ridge is 8.5 km west of Denver.
    const { page } = seller;
    await page.goto('/post-ad');
    await fillAdForm(page, {
      title: `${word} kayak`,
      description: 'Sit-on-top kayak with a paddle.',
      price: '300',
      category: 'Sports & Outdoors',
      location: '',
      photos: ['kayak.png'],
    });
    await page.getByRole('combobox', { name: 'Location' }).press('ArrowDown');
    await choosePlace(page, 'Location', 'Wheat Ri', 'Wheat Ridge, CO, United States');
    await submitNewAd(page);
    await page.getByText('Wheat Ridge, CO, United States').first().waitFor();

    // Another seller's ad in Greeley, 80 km north-north-east of Denver.
    const other = await openSession();
    await signUpAndSignIn(other, { name: 'Otto Lind' });
    await postAdNear(other, `${word} canoe`, greeley, 'Greeley, CO');

    const visitor = await openSession();
    const search = visitor.page;
    await search.goto(`/search?q=${word}`);
    await search.getByText('2 ads found').waitFor();
    const filters = search.getByRole('form', { name: 'Filters' });
    expect(await filters.getByRole('combobox', { name: 'Distance' }).isDisabled()).toBe(true);
    await choosePlace(filters, 'Near', 'denv', 'Denver, CO, United States');
    await chooseOption(search, 'Distance', 'Within 10 km');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await search.waitForURL(/place=\d+&radius=10/);
    await search.getByText('1 ads found').waitFor();
    await search.getByRole('link', { name: new RegExp(`${word} kayak`) }).waitFor();
    await search.getByText('8.5 km away').waitFor();
    expect(await search.getByRole('link', { name: new RegExp(`${word} canoe`) }).count()).toBe(0);

    // Within 100 km both, and nearest first once a place is chosen.
    await chooseOption(search, 'Distance', 'Within 100 km');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await search.getByText('2 ads found').waitFor();
    await chooseOption(search, 'Sort By', 'Distance: Nearest First');
    await search.waitForURL(/sort=distance/);
    const titles = search.getByRole('main').getByRole('heading', { level: 3 });
    await expect.poll(() => titles.allTextContents()).toEqual([`${word} kayak`, `${word} canoe`]);
    await search.getByText('80 km away').waitFor();

    // A reload keeps the place by its id and shows its name.
    await search.reload();
    await expect
      .poll(() => filters.getByRole('combobox', { name: 'Near' }).inputValue())
      .toBe('Denver, CO, United States');
    for (const session of [seller, other, visitor]) {
      expectNoPageErrors(session);
      await session.context.close();
    }
  });

  it('searches around a place from the phone filters sheet', async () => {
    const session = await openSession(PHONE);
    const { page } = session;
    await placeIdOf(page, 'Denver', 'Denver, CO, United States');
    await page.goto('/search');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    // Escape closes the suggestions, not the sheet around them.
    const near = sheet.getByRole('combobox', { name: 'Near' });
    await near.fill('Denver');
    await sheet.getByRole('option', { name: 'Denver, CO, United States', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => near.getAttribute('aria-expanded')).toBe('false');
    expect(await sheet.isVisible()).toBe(true);
    await near.fill('');
    await choosePlace(sheet, 'Near', 'Denver', 'Denver, CO, United States');
    await chooseOption(page, 'Distance', 'Within 50 km');
    await sheet.getByRole('button', { name: 'Apply Filters' }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.waitForURL(/place=\d+&radius=50/);
    await page.getByRole('button', { name: 'Filters 1 active' }).waitFor();
    expectNoPageErrors(session);
    await session.context.close();
  });
});

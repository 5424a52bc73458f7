import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectNoPageErrors, hasChromium, PHONE, useBrowser } from '../support/browser';

interface CardBox {
  top: number;
  height: number;
}

/** The category with the most ads, so its page has more than a row of them. */
async function busiestCategory(page: Page): Promise<string> {
  const response = await page.request.get('/api/categories');
  const { categories } = (await response.json()) as { categories: { id: string; count: number }[] };
  return categories.reduce((busiest, category) => (category.count > busiest.count ? category : busiest)).id;
}

/** Where the result cards are on the screen, in whole pixels. */
async function cardBoxes(page: Page): Promise<CardBox[]> {
  const cards = page.getByRole('list', { name: 'Ads' }).getByRole('article');
  await cards.first().waitFor();
  return Promise.all(
    (await cards.all()).map(async (card) => {
      const box = (await card.boundingBox())!;
      return { top: Math.round(box.y), height: Math.round(box.height) };
    }),
  );
}

/** The heights of the cards of each grid row (cards that start at the same height). */
function rowHeights(boxes: CardBox[]): number[][] {
  const rows = new Map<number, number[]>();
  for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box.height]);
  return [...rows.values()];
}

function expectEqualHeightsInEachRow(boxes: CardBox[]) {
  const rows = rowHeights(boxes);
  expect(
    rows.some((row) => row.length > 1),
    'a row with more than one card',
  ).toBe(true);
  for (const row of rows)
    expect(Math.max(...row) - Math.min(...row), JSON.stringify(rows)).toBeLessThanOrEqual(1);
}

describe.skipIf(!hasChromium)('browsing results on a phone and a wide screen', () => {
  const { openSession } = useBrowser();

  it('shows the first results on a phone’s first screen, one search box, and the filters in a sheet', async () => {
    const session = await openSession(PHONE);
    const { page } = session;
    const category = await busiestCategory(page);
    for (const path of ['/search', `/category/${category}`]) {
      await page.goto(path);
      const boxes = await cardBoxes(page);
      expect(boxes[0]!.top, path).toBeLessThan(PHONE.height);
      const wholeOnFirstScreen = boxes.filter((box) => box.top + box.height <= PHONE.height);
      expect(wholeOnFirstScreen.length, path).toBeGreaterThanOrEqual(2);
      expectEqualHeightsInEachRow(boxes);
      expect(await page.locator('input[type="search"]:visible').count(), path).toBe(1);
      expect(await page.getByLabel('Min Price').isVisible(), path).toBe(false);

      await page.getByRole('button', { name: 'Filters', exact: true }).click();
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await sheet.getByLabel('Min Price').fill('1');
      if (path === '/search') {
        await sheet.getByRole('button', { name: 'Apply Filters' }).click();
      } else {
        await page.waitForURL(/minPrice=1/);
        await sheet.getByRole('button', { name: 'Show Results' }).click();
      }
      await sheet.waitFor({ state: 'detached' });
      await page.waitForURL(/minPrice=1/);
      // The button says how many filters are on.
      const filters = page.getByRole('button', { name: 'Filters 1 active' });
      await filters.waitFor();
      // Escape closes the sheet and gives the focus back to the button.
      await filters.click();
      await sheet.getByLabel('Min Price').waitFor();
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });
      await expect.poll(() => filters.evaluate((element) => element === document.activeElement)).toBe(true);
    }
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('gives the cards of one row equal heights on a wide screen, with the filters beside them', async () => {
    const session = await openSession(DESKTOP);
    const { page } = session;
    const category = await busiestCategory(page);
    for (const path of ['/search', `/category/${category}`]) {
      await page.goto(path);
      expectEqualHeightsInEachRow(await cardBoxes(page));
      expect(await page.getByLabel('Min Price').isVisible(), path).toBe(true);
      expect(await page.getByRole('button', { name: 'Filters', exact: true }).isVisible(), path).toBe(false);
      expect(await page.locator('input[type="search"]:visible').count(), path).toBe(1);
    }
    expectNoPageErrors(session);
    await session.context.close();
  });
});

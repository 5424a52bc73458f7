import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { postAdThroughApi } from '../support/ads';
import { expectNoPageErrors, hasChromium, useBrowser, type Session } from '../support/browser';
import { query, runJobNow } from '../support/database';
import { payInPopup } from '../support/payments';

const CATEGORY = 'home-garden';

/** Posts an ad with a photo through the API of the signed-in session; returns its id. */
const postAd = (session: Session, title: string) =>
  postAdThroughApi(session, {
    title,
    description: 'Solid oak, seats six.',
    price: '300',
    category: CATEGORY,
  });

/** The titles of the category page's first page of results, in order. */
async function categoryTitles(page: Page, mustInclude: string[]): Promise<string[]> {
  await page.goto(`/category/${CATEGORY}`);
  const ads = page.getByRole('list', { name: 'Ads' });
  for (const title of mustInclude) await ads.getByRole('heading', { name: title, exact: true }).waitFor();
  return ads.getByRole('heading', { level: 3 }).allTextContents();
}

const badgeOf = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Ads' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
    .getByText('Featured', { exact: true });

describe.skipIf(!hasChromium)('featuring an ad', () => {
  const { openSession } = useBrowser();

  it('pays for a featured week: badge, first in its category, on the home page; all gone when the week ends', async () => {
    // Only this journey's ad is featured while it runs, so that the home page's six (which
    // rotate among all featured ads) must show it; the demo ads get their weeks back after.
    const others = await query<{ id: string; featured_until: Date }>(
      `update advertisements a set featured_until = null from (
         select id, featured_until from advertisements where featured_until > now() for update
       ) o where a.id = o.id returning a.id, o.featured_until`,
    );
    try {
      const session = await openSession();
      const { page } = session;
      await signUpAndSignIn(session, { name: 'Fay Feature' });
      const suffix = Date.now().toString(36);
      const featured = `Oak dining table ${suffix}`;
      const plain = `Pine bookshelf ${suffix}`;
      const adId = await postAd(session, featured);
      // A trial seller has one ad: the newer, plain one is another seller's.
      const other = await openSession();
      await signUpAndSignIn(other, { name: 'Pat Plain' });
      await postAd(other, plain);
      await other.context.close();

      // Before: the newer, plain ad comes first (newest first) and neither is featured.
      let titles = await categoryTitles(page, [featured, plain]);
      expect(titles.indexOf(plain)).toBeLessThan(titles.indexOf(featured));
      expect(await badgeOf(page, featured).count()).toBe(0);

      // The owner features it from its page and pays $3.00 on the demo provider's page.
      await page.goto(`/ad/${adId}`);
      await page.getByRole('button', { name: `Feature this ad: ${featured}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Feature this ad' });
      await dialog.getByText('7 days', { exact: true }).waitFor();
      await payInPopup(page, () => dialog.getByRole('button', { name: 'Pay $3.00' }).click(), 'Pay $3.00');
      await page.getByText('Your ad is featured', { exact: true }).waitFor({ timeout: 15_000 });
      await dialog.waitFor({ state: 'hidden' });
      const main = page.getByRole('main');
      await main.getByText(/^Featured until /).waitFor();
      await main.getByText('Featured', { exact: true }).first().waitFor();

      // It leads its category page, with the badge, ahead of the newer plain ad.
      titles = await categoryTitles(page, [featured, plain]);
      expect(titles[0]).toBe(featured);
      await badgeOf(page, featured).waitFor();
      expect(await badgeOf(page, plain).count()).toBe(0);

      // And the home page's Featured Ads show it.
      await page.goto('/');
      const featuredAds = page.getByRole('region', { name: 'Featured Ads' });
      await featuredAds.getByRole('heading', { name: featured, exact: true }).waitFor();

      // Its week ends: the time passes (in the database) and the job that ends weeks runs.
      await query(`update advertisements set featured_until = now() - interval '1 minute' where id = $1`, [
        adId,
      ]);
      await runJobNow('featured-ads-ended');
      await expect
        .poll(
          async () => (await query(`select featured_until from advertisements where id = $1`, [adId]))[0],
          { timeout: 20_000, interval: 500 },
        )
        .toEqual({ featured_until: null });
      const [ended] = await query<{ count: number }>(
        `select count(*)::int as count from notifications where kind = 'feature_ended' and title like $1`,
        [`%${featured}%`],
      );
      expect(ended?.count).toBe(1);

      // The badge, the lead and the home page's section are gone.
      await page.goto(`/ad/${adId}`);
      await main.getByRole('heading', { name: featured, level: 1 }).waitFor();
      await page.getByRole('button', { name: `Feature this ad: ${featured}` }).waitFor();
      expect(await main.getByText(/^Featured until /).count()).toBe(0);
      expect(await main.getByText('Featured', { exact: true }).count()).toBe(0);
      titles = await categoryTitles(page, [featured, plain]);
      expect(titles.indexOf(plain)).toBeLessThan(titles.indexOf(featured));
      expect(await badgeOf(page, featured).count()).toBe(0);
      // The home page arrives rendered with its featured list (decision 0025), read as this is.
      expect(await (await page.request.get('/api/ads/featured')).json()).toMatchObject({ ads: [] });
      await page.goto('/');
      await page.getByRole('heading', { name: 'Browse by Category' }).waitFor();
      expect(await page.getByRole('region', { name: 'Featured Ads' }).count()).toBe(0);

      expectNoPageErrors(session);
      await session.context.close();
    } finally {
      if (others.length > 0) {
        await query(
          `update advertisements a set featured_until = o.until
           from unnest($1::uuid[], $2::timestamptz[]) as o(id, until) where a.id = o.id`,
          [others.map((ad) => ad.id), others.map((ad) => ad.featured_until)],
        );
      }
    }
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirmAddress, signUpAndSignIn } from '../support/accounts';
import { postAdThroughApi } from '../support/ads';
import {
  DESKTOP,
  expectNoPageErrors,
  hasChromium,
  PHONE,
  useBrowser,
  type Session,
} from '../support/browser';

/** The id of no ad and no seller. */
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The public pages are rendered on the server (decision 0025): their content is in the HTML
 * before any script runs, and the scripts then hydrate it without an error.
 */
describe.skipIf(!hasChromium)('server-rendered public pages', () => {
  const { openSession } = useBrowser();
  const word = `Pangolin${Date.now().toString(36)}`;
  const ad = {
    title: `${word} reading lamp`,
    description: 'Brass reading lamp with a linen shade, works perfectly.',
    price: '38',
    category: 'home-garden',
  };
  const sellerName = `Lamp Seller ${word}`;
  let adId = '';
  let sellerId = '';

  beforeAll(async () => {
    const seller = await openSession();
    await signUpAndSignIn(seller, { name: sellerName });
    adId = await postAdThroughApi(seller, ad);
    const detail = (await (await seller.page.request.get(`/api/ads/${adId}`)).json()) as { user_id: string };
    sellerId = detail.user_id;
    await seller.context.close();
  });

  /** Each public page and what it shows. */
  const pages = () => [
    {
      url: '/',
      renderedFrom: ['/api/categories', '/api/ads/featured'],
      expectContent: async (page: Page) => {
        await page.getByRole('heading', { name: 'Browse by Category' }).waitFor();
        await page
          .getByRole('link', { name: /Home & Garden/ })
          .first()
          .waitFor();
      },
    },
    {
      url: `/search?q=${word}`,
      renderedFrom: [`/api/ads?q=${word}`],
      expectContent: (page: Page) =>
        page
          .getByRole('link', { name: new RegExp(ad.title) })
          .first()
          .waitFor(),
    },
    {
      url: '/category/home-garden',
      renderedFrom: ['/api/ads?category=home-garden'],
      expectContent: (page: Page) =>
        page
          .getByRole('link', { name: new RegExp(ad.title) })
          .first()
          .waitFor(),
    },
    {
      url: `/ad/${adId}`,
      renderedFrom: [`/api/ads/${adId}`, `/api/ads/${adId}/related`],
      expectContent: async (page: Page) => {
        await page.getByRole('heading', { name: ad.title, level: 1 }).waitFor();
        await page.getByText('$38').first().waitFor();
        await page.getByText(ad.description).waitFor();
        await page
          .getByRole('img', { name: new RegExp(ad.title) })
          .first()
          .waitFor();
      },
    },
    {
      url: `/seller/${sellerId}`,
      renderedFrom: [`/api/sellers/${sellerId}`, `/api/sellers/${sellerId}/ads`],
      expectContent: async (page: Page) => {
        await page.getByRole('heading', { name: sellerName, level: 1 }).waitFor();
        await page
          .getByRole('link', { name: new RegExp(ad.title) })
          .first()
          .waitFor();
      },
    },
    {
      url: '/safety',
      renderedFrom: [],
      expectContent: (page: Page) => page.getByRole('heading', { name: 'Safety Tips', level: 1 }).waitFor(),
    },
    {
      url: '/no/such/page',
      status: 404,
      renderedFrom: [],
      expectContent: (page: Page) =>
        page.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor(),
    },
    {
      url: '/category/no-such-category',
      status: 404,
      renderedFrom: ['/api/categories'],
      expectContent: (page: Page) =>
        page.getByRole('heading', { name: 'Category Not Found', level: 1 }).waitFor(),
    },
    {
      url: `/ad/${UNKNOWN_ID}`,
      status: 404,
      renderedFrom: [`/api/ads/${UNKNOWN_ID}`, `/api/ads/${UNKNOWN_ID}/related`],
      expectContent: (page: Page) => page.getByRole('heading', { name: 'Ad Not Found', level: 1 }).waitFor(),
    },
    {
      url: `/seller/${UNKNOWN_ID}`,
      status: 404,
      renderedFrom: [`/api/sellers/${UNKNOWN_ID}`, `/api/sellers/${UNKNOWN_ID}/ads`],
      expectContent: (page: Page) =>
        page.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor(),
    },
  ];

  it('shows each page’s content without JavaScript', async () => {
    for (const viewport of [undefined, PHONE]) {
      const session = await openSession(viewport, { javaScriptEnabled: false });
      for (const { url, status = 200, expectContent } of pages()) {
        const response = await session.page.goto(url);
        expect(response?.status(), url).toBe(status);
        await expectContent(session.page);
      }
      await session.context.close();
    }
  });

  it('searches without JavaScript: from the home page, the header and the search page’s forms', async () => {
    const session = await openSession(undefined, { javaScriptEnabled: false });
    const { page } = session;
    const result = page.getByRole('link', { name: new RegExp(ad.title) }).first();

    await page.goto('/');
    const hero = page.getByRole('search', { name: 'Marketplace' });
    await hero.getByRole('combobox', { name: 'What are you looking for?' }).fill(word);
    await hero.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`**/search?q=${word}`);
    await result.waitFor();

    await page.goto(`/ad/${adId}`);
    await page.getByRole('banner').getByRole('combobox', { name: 'Search ads' }).fill(word);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/search?q=${word}`);
    await result.waitFor();

    // The search page's words keep its filters, and its filters keep its words.
    await page.goto('/search?maxPrice=100');
    await page.getByRole('searchbox', { name: 'Search keywords' }).fill(word);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/search?maxPrice=100&q=${word}`);
    await result.waitFor();
    const filters = page.getByRole('form', { name: 'Filters' });
    await filters.getByLabel('Max Price').fill('20');
    await filters.getByRole('button', { name: 'Apply Filters' }).click();
    await page.getByRole('heading', { name: 'No ads found' }).waitFor();
    const { searchParams } = new URL(page.url());
    expect([searchParams.get('q'), searchParams.get('maxPrice')]).toEqual([word, '20']);
    await session.context.close();
  });

  it('reaches the results after the first page without JavaScript, through Load More Results', async () => {
    const session = await openSession(undefined, { javaScriptEnabled: false });
    const { page } = session;
    const cards = page.getByRole('list', { name: 'Ads' }).getByRole('link');
    await page.goto('/search?sort=oldest');
    const first = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(first.length).toBe(12);
    await page.getByRole('button', { name: 'Load More Results' }).click();
    await page.waitForURL(/\/search\?sort=oldest&after=/);
    const next = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(next.length).toBeGreaterThan(0);
    expect(next.filter((href) => first.includes(href))).toEqual([]);
    await session.context.close();
  });

  it('with JavaScript, searches from the header in the page, without loading a document', async () => {
    const session = await openSession();
    const { page } = session;
    await page.goto('/');
    await waitForHydration(session, false);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByRole('banner').getByRole('combobox', { name: 'Search ads' }).fill(word);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/search?q=${word}`);
    await page
      .getByRole('link', { name: new RegExp(ad.title) })
      .first()
      .waitFor();
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    expectNoPageErrors(session);
    await session.context.close();
  });

  /** Hydration is over once the header knows who is there (it asks only from the browser). */
  async function waitForHydration(session: Session, signedIn: boolean) {
    await session.page
      .getByRole('navigation', { name: 'Account' })
      .getByRole(signedIn ? 'button' : 'link', { name: signedIn ? /User menu/ : 'Login' })
      .waitFor();
    await session.page.waitForLoadState('networkidle');
  }

  it('hydrates each page without a console error or a second read of its data, then navigates in the page', async () => {
    const session = await openSession();
    const { page } = session;
    const apiReads: string[] = [];
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (request.method() === 'GET' && pathname.startsWith('/api/')) apiReads.push(`${pathname}${search}`);
    });
    for (const { url, expectContent, renderedFrom } of pages()) {
      apiReads.length = 0;
      await page.goto(url);
      await expectContent(page);
      await waitForHydration(session, false);
      expect(session.errors, url).toEqual([]);
      // The answers the server rendered the page from came with it.
      expect(
        apiReads.filter((read) => renderedFrom.includes(read)),
        url,
      ).toEqual([]);
    }

    // The hydrated page navigates without loading a document: a mark on window survives.
    await page.goto(`/ad/${adId}`);
    await waitForHydration(session, false);
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Home & Garden' })
      .click();
    await page.waitForURL('**/category/home-garden');
    await page.getByRole('heading', { name: 'Home & Garden', level: 1 }).waitFor();
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    expectNoPageErrors(session);
  });

  /**
   * The page's cumulative layout shift (issue 15: CLS): the sum of every shift the browser has
   * recorded since the page began, read once the caller has seen its last part come in.
   */
  function layoutShiftOf(page: Page): Promise<number> {
    return page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
              total += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 100);
        }),
    );
  }

  it('holds a search still on a phone while a signed-in person’s parts fill in (issue 15: CLS)', async () => {
    const session = await openSession(PHONE);
    const { page } = session;
    const { email } = await signUpAndSignIn(session, { name: 'Steady Buyer' });
    // The reminder to confirm one's address has a journey of its own, below.
    await confirmAddress(session, email);
    await page.goto(`/search?q=${word}`);
    const save = page.getByRole('button', { name: 'Save search' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await layoutShiftOf(page)).toBeLessThan(0.01);
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('holds a search still on a phone while the reminder to confirm one’s address comes in, and hides nothing', async () => {
    const session = await openSession(PHONE);
    const { page } = session;
    await signUpAndSignIn(session, { name: 'Unconfirmed Buyer' });
    await page.goto(`/search?q=${word}`);
    const reminder = page.getByRole('status').filter({ hasText: 'Please confirm your e-mail address' });
    await reminder.getByRole('button', { name: 'Send a new link' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await layoutShiftOf(page)).toBeLessThan(0.01);

    // It is in view where the page opens, and at the page's end the footer is not under it.
    const bottomOf = (box: { y: number; height: number } | null) => (box ? box.y + box.height : Infinity);
    expect(bottomOf(await reminder.boundingBox())).toBeLessThanOrEqual(PHONE.height);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerEnd = bottomOf(await page.getByRole('contentinfo').boundingBox());
    const reminderTop = (await reminder.boundingBox())?.y ?? -Infinity;
    // Within a pixel: the sticky bar's edge is drawn on a whole pixel, the footer's may not be.
    expect(footerEnd).toBeLessThan(reminderTop + 1);
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('holds the home page still at both widths while a signed-in person’s parts fill in', async () => {
    const session = await openSession();
    const { page } = session;
    const { email } = await signUpAndSignIn(session, { name: 'Homely Buyer' });
    await confirmAddress(session, email);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      // The closing call to action is the signed-in one once the browser knows who is there.
      await page.getByRole('button', { name: 'Post Your First Ad' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await layoutShiftOf(page), `${viewport.width} px`).toBeLessThan(0.01);
      // Nothing on it invites them to an account they already have.
      expect(await page.getByRole('link', { name: /Start Free Trial/ }).count()).toBe(0);
    }
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('fills in the signed-in parts after hydration', async () => {
    const session = await openSession();
    const { page } = session;
    await signUpAndSignIn(session, { name: 'Hydra Buyer' });
    for (const url of ['/', `/ad/${adId}`]) {
      await page.goto(url);
      await waitForHydration(session, true);
      const account = page.getByRole('navigation', { name: 'Account' });
      await expect(account.getByRole('link', { name: 'Login' }).count()).resolves.toBe(0);
    }
    // The favourite state is the buyer's own: liking shows at once.
    await page
      .getByRole('button', { name: /Add to favorites/ })
      .first()
      .click();
    await page.getByText('Added to favorites! ❤️').first().waitFor();
    expectNoPageErrors(session);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectCleanConsole,
  expectNoPageErrors,
  hasChromium,
  PHONE,
  useBrowser,
} from '../support/browser';

describe.skipIf(!hasChromium)('the app shell', () => {
  const { openSession } = useBrowser();

  it('shows the home page with categories and their counts from the demo data', async () => {
    const session = await openSession();
    const { page } = session;
    await page.goto('/');
    await expect.poll(() => page.title()).toContain('Bazaar');
    await page.getByRole('heading', { name: 'Browse by Category' }).waitFor();
    const electronics = page.getByRole('link', { name: /Electronics \d+ ads/ });
    await electronics.waitFor();
    expect(await page.getByRole('link', { name: /ads$/ }).count()).toBeGreaterThanOrEqual(12);
    // The header's account part fills in once the page has hydrated and read the session (the
    // page's own "Login" further down is in the server's HTML already).
    const account = page.getByRole('navigation', { name: 'Account' });
    await account.getByRole('link', { name: 'Login' }).waitFor();
    await account.getByRole('link', { name: 'Sign Up' }).waitFor();
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('loads every page a signed-out visitor sees without an error or a failed request', async () => {
    const session = await openSession();
    const { page } = session;
    const { ads } = (await (await page.request.get('/api/ads?limit=1')).json()) as { ads: { id: string }[] };
    for (const path of [
      '/',
      '/search?q=bike',
      '/category/electronics',
      `/ad/${ads[0]!.id}`,
      '/login',
      '/register',
      '/forgot-password',
    ]) {
      await page.goto(path);
      // The header has asked who is signed in once it offers to sign in.
      await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    expectCleanConsole(session);
    await session.context.close();
  });

  it('searches from the header: a trimmed query goes to /search, an empty one does nothing', async () => {
    const session = await openSession();
    const { page } = session;
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search ads' }).first();
    await search.fill('   ');
    await search.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');
    await search.fill('  mountain bike ');
    await search.press('Enter');
    await page.waitForURL('**/search?q=mountain%20bike');
    await session.context.close();
  });

  it('reloads any client route into the app, and shows a not-found page for unknown paths', async () => {
    const session = await openSession();
    const { page } = session;
    // Status 404 for crawlers and caches, and the app's own page for people.
    expect((await page.goto('/no/such/page'))?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.getByRole('heading', { name: 'Browse by Category' }).waitFor();
    await session.context.close();
  });

  it("shows a signed-in person's unread messages in the phone's bar and menu", async () => {
    const session = await openSession(PHONE);
    const { page, origin } = session;
    // A demo seller whose last message from a buyer is waiting (the demo data's conversations).
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email: 'james@demo.bazaar.local', password: 'bazaar-demo' },
      headers: { origin },
    });
    expect(signIn.status()).toBe(200);
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Messages, 1 unread' })
      .waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.getByRole('link', { name: 'Messages 1 unread' }).click();
    await page.waitForURL('**/messages');
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('opens the mobile menu on a phone and closes it when a link is chosen or Escape pressed', async () => {
    const session = await openSession(PHONE);
    const { page } = session;
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['Home', 'Login', 'Sign Up']);
    // Escape from inside the menu closes it and leaves the focus on its button.
    await menu.getByRole('link', { name: 'Home' }).focus();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    const button = page.getByRole('button', { name: 'Open menu' });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await button.click();
    await menu.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/login');
    expect(await menu.isVisible()).toBe(false);
    expectNoPageErrors(session);
    await session.context.close();
  });

  /** Holds back the app's chunk (main.tsx imports it after the first paint) until released. */
  async function holdAppCode(page: Page): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/start-*.js', async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  it('answers a press made before the scripts have run, once they have', async () => {
    const session = await openSession(PHONE);
    const { page } = session;
    const releaseScripts = await holdAppCode(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    expect(await menu.isVisible()).toBe(false);
    releaseScripts();
    await menu.waitFor();
    expect(await menu.getByRole('link').allInnerTexts()).toEqual(['Home', 'Login', 'Sign Up']);
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('keeps what was typed before the scripts have run', async () => {
    const session = await openSession(DESKTOP);
    const { page } = session;
    const releaseScripts = await holdAppCode(page);
    await page.goto('/search?q=bike');
    await page.getByRole('searchbox', { name: 'Search keywords' }).fill('lamp');
    releaseScripts();
    // Hydrated: the header's account part has filled in.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }).waitFor();
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/search\?q=lamp$/);
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('sends a search entered before the scripts have run, once they have', async () => {
    const session = await openSession(DESKTOP);
    const { page } = session;
    const releaseScripts = await holdAppCode(page);
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search ads' }).first();
    await search.fill('  mountain bike ');
    await search.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');
    releaseScripts();
    await page.waitForURL('**/search?q=mountain%20bike');
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('keeps a choice made in a select before the scripts have run', async () => {
    const session = await openSession(DESKTOP);
    const { page } = session;
    const releaseScripts = await holdAppCode(page);
    await page.goto('/search?q=bike');
    await page.getByRole('combobox', { name: 'Sort By' }).selectOption({ label: 'Price: Low to High' });
    releaseScripts();
    await page.waitForURL(/sort=price-low/);
    await expect.poll(() => page.getByRole('combobox', { name: 'Sort By' }).inputValue()).toBe('price-low');
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('draws the border of a filled button in forced-colors mode, where its background is not drawn', async () => {
    const session = await openSession(DESKTOP);
    const { page } = session;
    const borderOfSearch = () =>
      page
        .getByRole('main')
        .getByRole('button', { name: 'Search', exact: true })
        .evaluate((element) => getComputedStyle(element).borderTopWidth);
    await page.goto('/search');
    expect(await borderOfSearch()).toBe('0px');
    await page.emulateMedia({ forcedColors: 'active' });
    expect(await borderOfSearch()).toBe('1px');
    await session.context.close();
  });

  it('links the footer to the three category pages', async () => {
    const session = await openSession(DESKTOP);
    const { page } = session;
    await page.goto('/');
    const links = page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: 'Popular categories' })
      .getByRole('link');
    await links.first().waitFor();
    const hrefs = await links.evaluateAll((elements) => elements.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(['/category/electronics', '/category/vehicles', '/category/real-estate']);
    await session.context.close();
  });

  it('opens a followed link at its top, and Back, Forward or a reload where the page was left', async () => {
    const session = await openSession(DESKTOP);
    const { page } = session;
    const scrollY = () => page.evaluate(() => window.scrollY);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Browse by Category' }).waitFor();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }).waitFor();
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Vehicles' });
    await link.scrollIntoViewIfNeeded();
    const left = await scrollY();
    expect(left).toBeGreaterThan(400);

    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Vehicles' }).waitFor();
    expect(await scrollY()).toBe(0);
    // Back pressed before the scroll's event arrives (it waits for the next frame, and a Back
    // within that frame often comes first): the event is held back, and the position is kept.
    const scrolledTo = await page.evaluate(() => {
      const holdBack = (event: Event) => event.stopImmediatePropagation();
      window.addEventListener('scroll', holdBack, { capture: true, once: true });
      window.scrollTo(0, 200);
      const position = window.scrollY;
      history.back();
      return position;
    });
    expect(scrolledTo).toBe(200);
    await page.getByRole('heading', { name: 'Browse by Category' }).waitFor();
    await expect.poll(scrollY).toBe(left);
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Vehicles' }).waitFor();
    await expect.poll(scrollY).toBe(200);

    await page.reload();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }).waitFor();
    await expect.poll(scrollY).toBe(200);
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('opens a page whose address was typed at its top, not where another page was left', async () => {
    const session = await openSession(DESKTOP);
    const { page } = session;
    await page.goto('/');
    await page.getByRole('heading', { name: 'Browse by Category' }).waitFor();
    // Hydrated: the header's account part fills in then.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Vehicles' }).click();
    await page.waitForURL('**/category/vehicles');
    await page.goto('/help');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expectNoPageErrors(session);
    await session.context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { PNG } from '../support/ads';
import { collectDialogs, expectNoPageErrors, hasChromium, useBrowser } from '../support/browser';

/**
 * Markup in every text a user controls (ad title, description and location; the seller's
 * name, phone and location) shows as text on every page that shows it, and never runs.
 * Each payload would set a flag on window or open a dialog if it ran.
 */
const payload = (field: string) => `<img src=x onerror="window.__ran='${field}';alert(1)">`;
const scriptPayload = (field: string) => `<script>window.__ran='${field}'</script>`;

describe.skipIf(!hasChromium)('user-controlled text', () => {
  const { baseUrl, openSession } = useBrowser();

  it('shows markup as text on every page and runs none of it', async () => {
    const session = await openSession();
    const { page } = session;
    const dialogs = collectDialogs(page);
    const word = `Quokka${Date.now().toString(36)}`;
    await signUpAndSignIn(session, { name: 'Markup Seller' });

    const profile = {
      name: `${word} ${payload('name')}`.slice(0, 100),
      phone: '<img src=x onerror=alert(4)>',
      location: `${scriptPayload('profile location')}`,
    };
    const changed = await page.request.patch('/api/profile', { data: profile, headers: { origin: baseUrl } });
    expect(changed.status(), await changed.text()).toBe(200);

    const ad = {
      title: `${word} ${scriptPayload('title')}`.slice(0, 100),
      description: `${payload('description')} and "quotes" & <b>bold</b> ${scriptPayload('description')}`,
      location: `${payload('ad location')}`,
    };
    const posted = await page.request.post('/api/ads', {
      headers: { origin: baseUrl },
      multipart: {
        ...ad,
        price: '12',
        category: 'electronics',
        images: { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const adId = ((await posted.json()) as { id: string }).id;

    // The page the server renders for an ad carries the title in its <head>: escaped.
    const html = await (await page.request.get(`/ad/${adId}`)).text();
    expect(html).not.toContain("<script>window.__ran='title'</script>");

    const pages: { url: string; texts: string[] }[] = [
      { url: `/ad/${adId}`, texts: [ad.title, ad.description, ad.location, profile.name] },
      { url: `/search?q=${word}`, texts: [ad.title] },
      { url: '/category/electronics', texts: [ad.title] },
      { url: '/dashboard', texts: [ad.title] },
      { url: '/profile', texts: [profile.name] },
      { url: `/ad/${adId}/edit`, texts: [] },
    ];
    for (const { url, texts } of pages) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      for (const text of texts) {
        await page.getByText(text, { exact: false }).first().waitFor({ timeout: 10_000 });
      }
      expect(await page.evaluate(() => (window as { __ran?: string }).__ran), url).toBeUndefined();
      // No script element without a source (data blocks a browser never runs aside).
      const inline = page.locator(
        'script:not([src]):not([type="application/ld+json"]):not([type="application/json"])',
      );
      expect(await inline.count(), url).toBe(0);
    }
    expect(dialogs).toEqual([]);
    expectNoPageErrors(session);
  });
});

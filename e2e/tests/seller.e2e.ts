import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { fillAdForm, PNG, postAdThroughApi, submitNewAd } from '../support/ads';
import { expectNoPageErrors, hasChromium, PHONE, useBrowser } from '../support/browser';
import { payInPopup, planCard } from '../support/payments';

interface Stats {
  total_ads: number;
  active_ads: number;
  total_views: number;
  total_likes: number;
}

async function statsOf(page: Page): Promise<Stats> {
  return (await (await page.request.get('/api/me/stats')).json()) as Stats;
}

/** Waits for the settings a checkbox change sends to be saved. */
function settingsSaved(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith('/api/profile/settings') && response.request().method() === 'PUT',
  );
}

describe.skipIf(!hasChromium)('the seller', () => {
  const { baseUrl, openSession } = useBrowser();

  it('posts up to the trial limit, buys Starter in the popup, posts again and sees both ads on the dashboard', async () => {
    const session = await openSession();
    const { page } = session;
    await signUpAndSignIn(session, { name: 'Nora Quinn', phone: '+1 555 0150', location: 'Denver, CO' });
    const word = `Wombat${Date.now().toString(36)}`;

    await page.goto('/post-ad');
    await page.getByText('Ads remaining: 1 / 1').waitFor();
    await fillAdForm(page, {
      title: `${word} camping stove`,
      description: 'Two burners, runs on propane. Used on three trips.',
      price: '45',
      category: 'Sports & Outdoors',
      location: 'Denver, CO',
      photos: ['stove.png'],
    });
    const firstAd = await submitNewAd(page);

    await page.goto('/post-ad');
    await page.getByRole('heading', { name: 'Ad Limit Reached' }).waitFor();
    await page.getByText("You've reached your ad limit. Upgrade to post more ads.").waitFor();
    await page.getByRole('link', { name: 'Upgrade Plan' }).click();
    await page.waitForURL('**/subscription');
    await page.getByText('14-Day Free Trial Active').waitFor();
    await payInPopup(
      page,
      () => planCard(page, 'Starter Pack').getByRole('button', { name: 'Subscribe' }).click(),
      'Pay $5.00',
    );
    // The plan's button, unlike the toast, stays: a slow machine cannot miss it.
    await planCard(page, 'Starter Pack').getByRole('button', { name: 'Current Plan' }).waitFor();

    await page.goto('/post-ad');
    await page.getByText('Ads remaining: 4 / 5').waitFor();
    await fillAdForm(page, {
      title: `${word} tent for two`,
      description: 'Light three-season tent with its footprint.',
      price: '120.50',
      category: 'Sports & Outdoors',
      location: 'Denver, CO',
      photos: ['tent.png'],
    });
    const secondAd = await submitNewAd(page);

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Nora Quinn!' }).waitFor();
    const header = page.getByRole('main').locator('header');
    await header.getByText('Starter Pack').waitFor();
    expect(await page.getByRole('region', { name: 'Trial status' }).count()).toBe(0);
    const subscription = page.getByRole('region', { name: 'Subscription Status' });
    await subscription.getByText('Starter Pack').waitFor();
    await subscription.getByText('2 / 5').waitFor();
    const quickStats = page.getByRole('region', { name: 'Quick Stats' });
    await quickStats.getByText('Active Ads').waitFor();

    const myAds = page.getByRole('list', { name: 'My Advertisements' });
    for (const [title, adId] of [
      [`${word} tent for two`, secondAd],
      [`${word} camping stove`, firstAd],
    ] as const) {
      expect(await myAds.getByRole('link', { name: `View ${title}` }).getAttribute('href')).toBe(
        `/ad/${adId}`,
      );
    }
    expect(await statsOf(page)).toMatchObject({
      total_ads: 2,
      active_ads: 2,
      total_views: 0,
      total_likes: 0,
    });
    // Quick Stats shows the server's numbers: two active ads, nothing seen or liked yet.
    expect(await quickStats.locator('dd').allInnerTexts()).toEqual(['0', '0', '2']);

    await myAds.getByRole('link', { name: `Edit ${word} camping stove` }).click();
    await page.waitForURL(`**/ad/${firstAd}/edit`);
    await page.getByRole('heading', { name: 'Edit Ad' }).waitFor();

    expectNoPageErrors(session);
    await session.context.close();
  });

  it('edits the profile and still sees the new details after a reload', async () => {
    const session = await openSession(PHONE);
    const { page } = session;
    await signUpAndSignIn(session, { name: 'Omar Haddad', phone: '+1 555 0111', location: 'Tulsa, OK' });

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Omar Haddad' }).waitFor();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Full Name').fill('Omar K. Haddad');
    await page.getByLabel('Phone Number').fill('+1 918 555 0199');
    await page.getByLabel('Location').fill('Norman, OK');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile Updated! ✨', { exact: true }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Omar K. Haddad' }).waitFor();
    const details = page.getByRole('tabpanel', { name: 'Overview' });
    await details.getByText('+1 918 555 0199').waitFor();
    await details.getByText('Norman, OK').waitFor();
    expect(await page.getByRole('button', { name: 'Edit Profile' }).isVisible()).toBe(true);

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Omar K. Haddad!' }).waitFor();
    expectNoPageErrors(session);
    await session.context.close();
  });

  it("keeps a long name and a place of one long word within a phone's width wherever they show", async () => {
    const session = await openSession(PHONE);
    const { page } = session;
    const name = 'Riverside Vintage Furniture and Antiques Emporium of the Greater Metropolitan Area';
    const location = 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch, Wales';
    await signUpAndSignIn(session, { name, location });
    const adId = await postAdThroughApi(session, {
      title: 'Oak writing desk',
      description: 'Solid oak, three drawers.',
      price: '180',
      category: 'home-garden',
    });
    const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };

    for (const path of [`/ad/${adId}`, '/profile', `/seller/${me.user.id}`]) {
      await page.goto(path);
      await page.getByText(name).first().waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBe(PHONE.width);
    }
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('keeps settings across a reload, and hides the phone number on the ad page when asked', async () => {
    const session = await openSession();
    const { page } = session;
    await signUpAndSignIn(session, { name: 'Priya Nair', phone: '+1 555 0177', location: 'Austin, TX' });
    const posted = await page.request.post('/api/ads', {
      multipart: {
        title: 'Bookshelf, solid pine',
        description: 'Five shelves, easy to take apart.',
        price: '60',
        category: 'home-garden',
        location: 'Austin, TX',
        images: { name: 'shelf.png', mimeType: 'image/png', buffer: PNG },
      },
      headers: { origin: baseUrl },
    });
    expect(posted.status()).toBe(201);
    const adId = ((await posted.json()) as { id: string }).id;

    await page.goto(`/ad/${adId}`);
    await page.getByText('+1 555 0177').waitFor();

    await page.goto('/dashboard?tab=settings');
    const weekly = page.getByRole('checkbox', { name: 'Weekly performance reports' });
    await expect.poll(() => weekly.isEnabled()).toBe(true);
    expect(await weekly.isChecked()).toBe(false);
    const savedWeekly = settingsSaved(page);
    await weekly.click();
    expect((await savedWeekly).status()).toBe(200);

    await page.goto('/profile?tab=settings');
    const showPhone = page.getByRole('checkbox', { name: 'Show phone number in ads' });
    await expect.poll(() => showPhone.isEnabled()).toBe(true);
    expect(await showPhone.isChecked()).toBe(true);
    // The profile's "Weekly reports" is the same setting as the dashboard's.
    expect(await page.getByRole('checkbox', { name: 'Weekly reports' }).isChecked()).toBe(true);
    const savedPhone = settingsSaved(page);
    await showPhone.click();
    expect((await savedPhone).status()).toBe(200);

    await page.reload();
    await expect.poll(() => showPhone.isEnabled()).toBe(true);
    expect(await showPhone.isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Weekly reports' }).isChecked()).toBe(true);
    await page.goto('/dashboard?tab=settings');
    await expect.poll(() => weekly.isEnabled()).toBe(true);
    expect(await weekly.isChecked()).toBe(true);

    await page.goto(`/ad/${adId}`);
    await page.getByText('Phone number hidden by the seller').waitFor();
    expect(await page.getByText('+1 555 0177').count()).toBe(0);
    expectNoPageErrors(session);
    await session.context.close();
  });

  it('shows the demo seller numbers that agree with the API, and a 30-day chart', async () => {
    const session = await openSession(PHONE);
    const { page } = session;
    const signIn = await page.request.post('/api/auth/sign-in/email', {
      data: { email: 'maria@demo.bazaar.local', password: 'bazaar-demo' },
      headers: { origin: baseUrl },
    });
    expect(signIn.status()).toBe(200);
    const stats = await statsOf(page);
    expect(stats.total_views).toBeGreaterThan(0);

    await page.goto('/dashboard');
    const quickStats = page.getByRole('region', { name: 'Quick Stats' });
    await quickStats.locator('dd').first().waitFor();
    expect(await quickStats.locator('dd').allInnerTexts()).toEqual(
      [stats.total_views, stats.total_likes, stats.active_ads].map((count) => count.toLocaleString('en-US')),
    );

    await page.getByRole('tab', { name: 'Analytics' }).click();
    const chart = page.getByRole('group', { name: /^Views and likes per day/ });
    await chart.waitFor();
    expect(await chart.locator('g[data-date]').count()).toBe(30);
    const box = await chart.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    await chart.focus();
    await page.keyboard.press('ArrowLeft');
    await page.getByText(/^\w{3}, \w{3} \d{1,2}, \d{4}: [\d,]+ views?, \d+ likes?$/).waitFor();
    await page.getByText('Show daily numbers').click();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(31);
    expectNoPageErrors(session);
    await session.context.close();
  });
});

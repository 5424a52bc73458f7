import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/accounts';
import { fillAdForm, PNG, submitNewAd } from '../support/ads';
import { expectNoPageErrors, hasChromium, PHONE, useBrowser } from '../support/browser';

describe.skipIf(!hasChromium)('ads', () => {
  const { baseUrl, openSession } = useBrowser();

  it('posts an ad with a photo and a video, finds it everywhere, edits it and deletes it', async () => {
    const session = await openSession();
    const { page } = session;
    await signUpAndSignIn(session, { name: 'Iris Novak', phone: '+1 555 0123', location: 'Tucson, AZ' });
    const word = `Quokka${Date.now().toString(36)}`;

    await page.goto('/post-ad');
    await page.getByRole('heading', { name: 'Post Your Ad' }).waitFor();
    await page.getByText('Ads remaining: 1 / 1').waitFor();
    await fillAdForm(page, {
      title: `${word} touring bike`,
      description: 'Steel frame, dynamo lights, two panniers. Ridden across Arizona once.',
      price: '1234.5',
      category: 'Sports & Outdoors',
      location: 'Tucson, AZ',
      photos: ['bike.png'],
      videos: ['ride.mp4'],
    });
    const adId = await submitNewAd(page);
    await page.getByRole('heading', { level: 1, name: `${word} touring bike` }).waitFor();
    await page.getByText('$1,234.50').waitFor();
    expect(await page.locator('video').getAttribute('src')).toMatch(/^\/media\/ads\/.+\.mp4$/);
    const photo = page.getByRole('img', { name: `${word} touring bike` });
    expect(await photo.getAttribute('src')).toMatch(/^\/media\/ads\/.+-full\.webp$/);

    await page.goto('/category/sports-outdoors');
    await page.getByRole('link', { name: new RegExp(word) }).waitFor();

    await page.goto(`/search?q=${word}`);
    await page.getByText('1 ads found').waitFor();
    await page.getByRole('link', { name: new RegExp(word) }).waitFor();

    await page.goto('/dashboard');
    const myAds = page.getByRole('list', { name: 'My Advertisements' });
    expect(await myAds.getByRole('link', { name: `View ${word} touring bike` }).getAttribute('href')).toBe(
      `/ad/${adId}`,
    );

    await page.goto(`/ad/${adId}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/ad/${adId}/edit`);
    const title = page.getByLabel('Title');
    await expect.poll(() => title.inputValue()).toBe(`${word} touring bike`);
    await title.fill(`${word} touring bike, price drop`);
    await page.getByLabel('Price (USD)').fill('999');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Ad Updated Successfully', { exact: true }).waitFor();
    await page.waitForURL(`**/ad/${adId}`);
    await page.getByRole('heading', { level: 1, name: `${word} touring bike, price drop` }).waitFor();
    await page.getByText('$999').first().waitFor();

    // Deleting from its page: the page leaves without asking for the deleted ad again (404s).
    // Requests sent from the confirmation on: the edit's own reads may still be answering.
    await page.getByRole('button', { name: 'Delete' }).click();
    const askedAgain: string[] = [];
    const onRequest = (request: Request) => {
      if (request.url().includes(`/api/ads/${adId}`) && request.method() === 'GET')
        askedAgain.push(request.url());
    };
    page.on('request', onRequest);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Ad' }).click();
    await page.getByText('Ad Deleted Successfully', { exact: true }).waitFor();
    await page.waitForURL('**/dashboard');
    // The dashboard's list is read again, without it.
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: new RegExp(word) }).count()).toBe(0);
    page.off('request', onRequest);
    expect(askedAgain).toEqual([]);
    expect((await page.request.get(`/api/ads/${adId}`)).status()).toBe(404);
    await page.goto(`/ad/${adId}`);
    await page.getByRole('heading', { name: 'Ad Not Found' }).waitFor();

    expectNoPageErrors(session);
    await session.context.close();
  });

  it('refuses a second ad during the trial on the page itself', async () => {
    const session = await openSession();
    const { page } = session;
    await signUpAndSignIn(session, { name: 'Iris Novak', phone: '+1 555 0123', location: 'Tucson, AZ' });
    const form = { title: 'First', description: 'One', price: '5', category: 'pets', location: 'Tucson, AZ' };
    const multipart = { ...form, images: { name: 'a.png', mimeType: 'image/png', buffer: PNG } };
    const posted = await page.request.post('/api/ads', { multipart, headers: { origin: baseUrl } });
    expect(posted.status()).toBe(201);
    await page.goto('/post-ad');
    await page.getByRole('heading', { name: 'Ad Limit Reached' }).waitFor();
    await page.getByText("You've reached your ad limit. Upgrade to post more ads.").waitFor();
    await session.context.close();
  });

  it('lets a visitor browse: filters in the URL survive a reload, and Load More loads the next page', async () => {
    const session = await openSession(PHONE);
    const { page } = session;
    await page.goto('/search?minPrice=100&sort=price-high');
    await page.getByText(/\d+ ads found/).waitFor();
    const prices = async () =>
      (
        await page
          .getByRole('list', { name: 'Ads' })
          .getByText(/^\$[\d,]+(\.\d\d)?$/)
          .allInnerTexts()
      ).map((text) => Number(text.replace(/[$,]/g, '')));
    const firstPage = await prices();
    expect(firstPage).toHaveLength(12);
    expect(firstPage).toEqual([...firstPage].sort((a, b) => b - a));
    expect(Math.min(...firstPage)).toBeGreaterThanOrEqual(100);

    await page.reload();
    await page.getByText(/\d+ ads found/).waitFor();
    // On a phone the filters are in a sheet behind the Filters button.
    await page.getByRole('button', { name: 'Filters 1 active' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    expect(await sheet.getByLabel('Min Price').inputValue()).toBe('100');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Load More Results' }).click();
    await expect.poll(async () => (await prices()).length).toBeGreaterThan(12);
    const both = await prices();
    expect(both).toEqual([...both].sort((a, b) => b - a));

    await page.goto('/');
    const featured = page
      .getByRole('region', { name: 'Featured Ads' })
      .getByRole('link', { name: /Featured/ });
    await featured.first().waitFor();
    expect(await featured.count()).toBeLessThanOrEqual(6);
    await featured.first().click();
    await page.waitForURL(/\/ad\//);
    await page.getByRole('button', { name: /Add to favorites/ }).click();
    await page.getByText('Please login to like advertisements.', { exact: true }).waitFor();
    expectNoPageErrors(session);
    await session.context.close();
  });
});

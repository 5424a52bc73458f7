/**
 * Issue 13's automatic flags in Chromium: an ad showing another seller's photo (re-encoded and
 * resized) reaches the moderation queue flagged, linking to the original ad, while a seller
 * reposting their own photo is not flagged; an ad whose title holds a blocked term is held for
 * review ("Under review" to its owner, Ad Not Found to the public) until an admin approves it.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signInAsAdmin, signUpAndSignIn } from '../support/accounts';
import { fillAdForm, submitNewAd } from '../support/ads';
import { expectNoPageErrors, hasChromium, useBrowser } from '../support/browser';
import { query } from '../support/database';

/**
 * A photo-like JPEG: a gradient under coloured shapes, random per seed. The photo hash ignores
 * plain pictures (one colour, a smooth gradient), so a reused-photo check needs texture.
 */
function texturedPhoto(seed: number, width = 800, height = 600): Promise<Buffer> {
  let state = seed % 2147483648;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const colour = () =>
    `rgb(${Math.floor(next() * 256)},${Math.floor(next() * 256)},${Math.floor(next() * 256)})`;
  const shapes = Array.from({ length: 14 }, () => {
    const x = Math.floor(next() * width);
    const y = Math.floor(next() * height);
    const size = Math.floor(40 + next() * 220);
    return next() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${colour()}"/>`
      : `<rect x="${x - size / 2}" y="${y - size / 3}" width="${size}" height="${(size * 2) / 3}" fill="${colour()}"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

interface Photo {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Posts an ad with one photo from /post-ad, as a person would; returns its id. */
async function postAdWithPhoto(page: Page, title: string, photo: Photo): Promise<string> {
  await page.goto('/post-ad');
  await fillAdForm(page, {
    title,
    description: 'Barely used, collection only.',
    price: '120',
    category: 'Electronics',
    location: 'Austin, TX',
  });
  await page.getByLabel('Add photos').setInputFiles([photo]);
  await page.getByRole('img', { name: photo.name }).waitFor();
  return submitNewAd(page);
}

const openFlagsOf = (adId: string) =>
  query<{ kind: string; detail: string }>(
    'select kind, detail from ad_flags where ad_id = $1 and resolved_at is null',
    [adId],
  );

describe.skipIf(!hasChromium)('automatic moderation', () => {
  const { openSession } = useBrowser();

  it("flags an ad showing another seller's photo, linking to the original, but not a seller's own repost", async () => {
    const word = `Ocelot${Date.now().toString(36)}`;
    const original = await texturedPhoto(Date.now());
    // The copy is not byte-identical: resized and re-encoded as PNG, as a copier's download would be.
    const copy = await sharp(original).resize(480).png().toBuffer();
    expect(copy.equals(original)).toBe(false);

    const sellerA = await openSession();
    const { email: emailA } = await signUpAndSignIn(sellerA, { name: 'Alma Original', emailPrefix: 'alma' });
    const titleA = `${word} mirrorless camera`;
    const adA = await postAdWithPhoto(sellerA.page, titleA, {
      name: 'camera.jpg',
      mimeType: 'image/jpeg',
      buffer: original,
    });

    const sellerB = await openSession();
    const { email: emailB } = await signUpAndSignIn(sellerB, { name: 'Bert Copier', emailPrefix: 'bert' });
    const titleB = `${word} camera, bargain`;
    const adB = await postAdWithPhoto(sellerB.page, titleB, {
      name: 'copy.png',
      mimeType: 'image/png',
      buffer: copy,
    });

    // Seller A posts the same photo again (a trial allows one ad: give them a plan).
    await query(
      `update profiles set subscription_status = 'active', subscription_plan = 'master', max_ads = 10,
         current_period_end = now() + interval '30 days' where id = (select id from users where email = $1)`,
      [emailA],
    );
    const titleRepost = `${word} camera, second listing`;
    const adRepost = await postAdWithPhoto(sellerA.page, titleRepost, {
      name: 'camera-again.jpg',
      mimeType: 'image/jpeg',
      buffer: original,
    });

    // The admin's queue shows B's ad with the reused-photo flag, linking to A's ad.
    const admin = await openSession();
    await signInAsAdmin(admin);
    await admin.page.goto('/admin');
    await admin.page.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor();
    const card = admin.page.getByRole('article', { name: titleB });
    await card.getByText('Automatic flags', { exact: true }).waitFor();
    await card.getByText('Photo used in another seller’s ad').waitFor();
    await card.getByRole('complementary').getByText(emailB).waitFor();
    const link = card.getByRole('link', { name: 'See the matching ad' });
    expect(await link.getAttribute('href')).toBe(`/ad/${adA}`);
    // The flag does not hold the ad: it stays public, so the admin can Hide it.
    await card.getByRole('button', { name: `Hide ${titleB}` }).waitFor();

    // Neither of seller A's ads is flagged or queued.
    expect(await admin.page.getByRole('article', { name: titleA }).count()).toBe(0);
    expect(await admin.page.getByRole('article', { name: titleRepost }).count()).toBe(0);
    expect(await openFlagsOf(adA)).toEqual([]);
    expect(await openFlagsOf(adRepost)).toEqual([]);
    expect(await openFlagsOf(adB)).toEqual([{ kind: 'reused_photo', detail: adA }]);

    // The link leads to the original ad.
    await link.click();
    await admin.page.waitForURL(`**/ad/${adA}`);
    await admin.page.getByRole('heading', { name: titleA, level: 1 }).waitFor();

    for (const session of [sellerA, sellerB, admin]) {
      expectNoPageErrors(session);
      await session.context.close();
    }
  });

  it('holds an ad whose title holds a blocked term for review until an admin approves it', async () => {
    const word = `Pangolin${Date.now().toString(36)}`;
    const title = `${word} counterfeit sneakers`;

    const seller = await openSession();
    await signUpAndSignIn(seller, { name: 'Hal Held', emailPrefix: 'hal' });
    await seller.page.goto('/post-ad');
    await fillAdForm(seller.page, {
      title,
      description: 'Look just like the real thing.',
      price: '40',
      category: 'Electronics',
      location: 'Austin, TX',
      photos: ['sneakers.png'],
    });
    await seller.page.getByRole('main').getByRole('button', { name: 'Post Ad' }).click();
    await seller.page.getByText('Ad Submitted for Review', { exact: true }).waitFor();
    await seller.page
      .getByText('Your ad is under review. It goes live once a moderator approves it.', { exact: true })
      .waitFor();
    await seller.page.waitForURL(/\/ad\/[0-9a-f-]{36}$/);
    const adId = new URL(seller.page.url()).pathname.split('/').pop()!;

    // The owner's dashboard says Under review.
    await seller.page.goto('/dashboard');
    await seller.page.getByText(title).first().waitFor();
    await seller.page.getByText('Under review', { exact: true }).waitFor();
    await seller.page.getByText('A moderator checks this ad before buyers can see it.').waitFor();

    // The public gets Ad Not Found, and search does not list it.
    const visitor = await openSession();
    await visitor.page.goto(`/ad/${adId}`);
    await visitor.page.getByRole('heading', { name: 'Ad Not Found' }).waitFor();
    const search = (await (await visitor.page.request.get(`/api/ads?q=${word}`)).json()) as {
      ads: { id: string }[];
    };
    expect(search.ads.map((ad) => ad.id)).not.toContain(adId);

    // The admin sees it pending with the term, and approves it.
    const admin = await openSession();
    await signInAsAdmin(admin);
    await admin.page.goto('/admin');
    const card = admin.page.getByRole('article', { name: title });
    await card.getByText('Pending', { exact: true }).waitFor();
    await card.getByText('Blocked term').waitFor();
    await card.getByText('“counterfeit”', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Approve ${title}` }).click();
    await admin.page.getByText('Ad Approved', { exact: true }).waitFor();
    expect(await openFlagsOf(adId)).toEqual([]);

    // Now the public sees it, and search finds it.
    await visitor.page.goto(`/ad/${adId}`);
    await visitor.page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const afterApproval = (await (await visitor.page.request.get(`/api/ads?q=${word}`)).json()) as {
      ads: { id: string }[];
    };
    expect(afterApproval.ads.map((ad) => ad.id)).toContain(adId);

    for (const session of [seller, visitor, admin]) {
      expectNoPageErrors(session);
      await session.context.close();
    }
  });
});

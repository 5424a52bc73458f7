import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { SELLER_PASSWORD, signUpAndSignIn } from '../support/accounts';
import { PNG } from '../support/ads';
import { expectNoPageErrors, hasChromium, mailedMessage, useBrowser } from '../support/browser';
import { query } from '../support/database';

const countOf = async (text: string, values: unknown[]) =>
  (await query<{ count: number }>(`select count(*)::int as count from ${text}`, values))[0]?.count;

describe.skipIf(!hasChromium)('deleting an account', () => {
  const { openSession } = useBrowser();

  it('confirmed with the password, removes the rows and files, signs out and refuses sign-in', async () => {
    const session = await openSession();
    const { page } = session;
    const { email } = await signUpAndSignIn(session, { name: 'Dee Parting' });

    // The person has an ad with a photo, and a favourite.
    const title = `Walnut desk ${Date.now().toString(36)}`;
    const posted = await page.request.post('/api/ads', {
      headers: { origin: session.origin },
      multipart: {
        title,
        description: 'Four drawers, a few scratches.',
        price: '120',
        category: 'home-garden',
        location: 'Austin, TX',
        images: { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const adId = ((await posted.json()) as { id: string }).id;
    const [user] = await query<{ id: string }>('select id from users where email = $1', [email]);
    const userId = user!.id;
    const [liked] = await query<{ id: string }>(
      `select id from advertisements where status = 'active' and user_id <> $1 order by created_at desc limit 1`,
      [userId],
    );
    await page.goto(`/ad/${liked!.id}`);
    await page.getByRole('button', { name: /^Add to favorites/ }).click();
    await page.getByRole('button', { name: /^Remove from favorites/ }).waitFor();

    const media = await query<{ storage_key: string; card_key: string | null }>(
      'select storage_key, card_key from ad_media where ad_id = $1',
      [adId],
    );
    expect(media.length).toBe(1);
    const uploads = path.join(inject('dataDir'), 'uploads');
    const files = media
      .flatMap((row) => [row.storage_key, row.card_key ?? []].flat())
      .map((key) => path.join(uploads, key));
    for (const file of files) expect(existsSync(file), file).toBe(true);
    expect(await countOf('favorites where user_id = $1', [userId])).toBe(1);
    expect(await countOf('sessions where user_id = $1', [userId])).toBeGreaterThan(0);

    // Profile → Settings → Danger Zone → Delete Account, confirmed with the password.
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByText('Danger Zone', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete Account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    expect(await dialog.getByRole('button', { name: 'Delete My Account' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Your password').fill(SELLER_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await page.getByText('Account deleted', { exact: true }).waitFor({ timeout: 15_000 });
    await page.waitForURL((url) => url.pathname === '/');

    // Signed out: the header offers Login again, and the server knows no one.
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).first().waitFor();
    const me = await page.evaluate(async () => (await fetch('/api/me')).json());
    expect(me).toBeNull();

    // In the database: the user, their ad, its media rows, the favourite and sessions are gone.
    expect(await countOf('users where id = $1', [userId])).toBe(0);
    expect(await countOf('users where email = $1', [email])).toBe(0);
    expect(await countOf('advertisements where user_id = $1 or id = $2', [userId, adId])).toBe(0);
    expect(await countOf('ad_media where ad_id = $1', [adId])).toBe(0);
    expect(await countOf('favorites where user_id = $1', [userId])).toBe(0);
    expect(await countOf('sessions where user_id = $1', [userId])).toBe(0);
    // On disk: the photo's files are gone.
    for (const file of files) expect(existsSync(file), file).toBe(false);

    // A goodbye in the outbox, sent by the deletion itself: within a second.
    const goodbye = await mailedMessage(email, 'Your Bazaar account has been deleted', { timeoutMs: 1_000 });
    expect(goodbye.subject).toBe('Your Bazaar account has been deleted');

    // The ad is gone for everyone, and signing in again fails with the spec's message.
    await page.goto(`/ad/${adId}`);
    await page.getByRole('heading', { name: 'Ad Not Found' }).waitFor();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(SELLER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Sign in Failed', { exact: true }).waitFor();
    // The reason, in the toast and beside the form, where it stays.
    await page.getByRole('main').getByText('Invalid e-mail or password.', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    expectNoPageErrors(session);
    await session.context.close();
  });
});

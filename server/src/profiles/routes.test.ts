import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProfileSettings } from '@bazaar/common/settings';
import { createSeller, type TestSeller } from '../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('GET /api/me', () => {
  it('answers a visitor who is not signed in with null, not an error', async () => {
    const response = await testApp.app.inject('/api/me');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('gives a new seller a 14-day trial with one ad slot, from the profile made at sign-up', async () => {
    const seller = await createSeller(testApp.app, {
      name: 'Ann Lee',
      phone: '+1 555 0199',
      location: 'Reno, NV',
    });
    const response = await testApp.app.inject({ url: '/api/me', headers: { cookie: seller.cookie } });
    expect(response.statusCode).toBe(200);
    const me = response.json();
    expect(me.user.id).toBe(seller.id);
    expect(me.user.email).toBe(seller.email);
    expect(me.user.user_metadata).toMatchObject({
      name: 'Ann Lee',
      subscription_status: 'trial',
      subscription_plan: null,
      engagement_score: 0,
      max_ads: 1,
    });
    const trialEnd = new Date(me.user.user_metadata.trial_end_date).getTime();
    const createdAt = new Date(me.user.created_at).getTime();
    expect(trialEnd - createdAt).toBe(14 * 24 * 60 * 60 * 1000);
    expect(me.quota).toEqual({ active_ads: 0, max_ads: 1, trial_days_left: 14, post_gate: 'allowed' });

    const { rows } = await testApp.database.pool.query('select phone, location from profiles where id = $1', [
      seller.id,
    ]);
    expect(rows[0]).toEqual({ phone: '+1 555 0199', location: 'Reno, NV' });
  });
});

function write(seller: TestSeller, method: 'PATCH' | 'PUT', url: string, payload: unknown) {
  return testApp.app.inject({
    method,
    url,
    headers: { cookie: seller.cookie, origin: TEST_PUBLIC_URL },
    payload: payload as Record<string, unknown>,
  });
}

describe('GET /api/profile', () => {
  it('refuses an anonymous visitor with 401', async () => {
    const response = await testApp.app.inject('/api/profile');
    expect(response.statusCode).toBe(401);
  });

  it('gives the seller their own profile, with the e-mail and the verified tick', async () => {
    const seller = await createSeller(testApp.app, { name: 'Bo Diaz', phone: '555 0111', location: 'Tulsa' });
    const response = await testApp.app.inject({ url: '/api/profile', headers: { cookie: seller.cookie } });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      id: seller.id,
      email: seller.email,
      name: 'Bo Diaz',
      phone: '555 0111',
      location: 'Tulsa',
      verified: false,
      engagement_score: 0,
      subscription_status: 'trial',
      subscription_plan: null,
      max_ads: 1,
    });
    const trialDays =
      (new Date(profile.trial_end_date).getTime() - new Date(profile.created_at).getTime()) / 86_400_000;
    expect(trialDays).toBe(14);
  });
});

describe('PATCH /api/profile', () => {
  it('changes name, phone and location, trimmed, and /api/me shows the new name', async () => {
    const seller = await createSeller(testApp.app);
    const response = await write(seller, 'PATCH', '/api/profile', {
      name: '  Rita Moreno ',
      phone: '+1 555 0177',
      location: 'Boise, ID',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Rita Moreno',
      phone: '+1 555 0177',
      location: 'Boise, ID',
    });
    const me = await testApp.app.inject({ url: '/api/me', headers: { cookie: seller.cookie } });
    expect(me.json().user.user_metadata.name).toBe('Rita Moreno');
    const { rows } = await testApp.database.pool.query('select name from users where id = $1', [seller.id]);
    expect(rows[0]?.name).toBe('Rita Moreno');
  });

  it('changes only what is sent, and allows clearing a field', async () => {
    const seller = await createSeller(testApp.app, {
      name: 'Keep Me',
      phone: '555 0100',
      location: 'Austin',
    });
    const response = await write(seller, 'PATCH', '/api/profile', { phone: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Keep Me', phone: '', location: 'Austin' });
  });

  it('refuses fields the server owns, changing nothing', async () => {
    const seller = await createSeller(testApp.app);
    for (const field of [
      { subscription_status: 'active' },
      { subscription_plan: 'master' },
      { max_ads: 30 },
      { trial_end_date: '2099-01-01T00:00:00.000Z' },
      { verified: true },
      { engagement_score: 1000 },
      { email: 'new@example.com' },
      { id: '00000000-0000-0000-0000-000000000000' },
    ]) {
      const response = await write(seller, 'PATCH', '/api/profile', { name: 'Sneaky', ...field });
      expect(response.statusCode, JSON.stringify(field)).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    const profile = (
      await testApp.app.inject({ url: '/api/profile', headers: { cookie: seller.cookie } })
    ).json();
    expect(profile).toMatchObject({
      name: 'Test Seller',
      subscription_status: 'trial',
      max_ads: 1,
      verified: false,
    });
  });

  it('refuses an empty change and overlong values', async () => {
    const seller = await createSeller(testApp.app);
    expect((await write(seller, 'PATCH', '/api/profile', {})).statusCode).toBe(400);
    expect((await write(seller, 'PATCH', '/api/profile', { name: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await write(seller, 'PATCH', '/api/profile', { phone: '5'.repeat(41) })).statusCode).toBe(400);
    expect((await write(seller, 'PATCH', '/api/profile', { location: 7 })).statusCode).toBe(400);
  });

  it('refuses anonymous and cross-site changes', async () => {
    const seller = await createSeller(testApp.app);
    const anonymous = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { origin: TEST_PUBLIC_URL },
      payload: { name: 'Nobody' },
    });
    expect(anonymous.statusCode).toBe(401);
    const crossSite = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie: seller.cookie, origin: 'https://evil.example' },
      payload: { name: 'Hijacked' },
    });
    expect(crossSite.statusCode).toBe(403);
    const profile = (
      await testApp.app.inject({ url: '/api/profile', headers: { cookie: seller.cookie } })
    ).json();
    expect(profile.name).toBe('Test Seller');
  });
});

describe('/api/profile/settings', () => {
  it('gives the spec’s defaults before anything is chosen', async () => {
    const seller = await createSeller(testApp.app);
    const response = await testApp.app.inject({
      url: '/api/profile/settings',
      headers: { cookie: seller.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(defaultProfileSettings);
  });

  it('keeps what the seller saves', async () => {
    const seller = await createSeller(testApp.app);
    const chosen = { ...defaultProfileSettings, weeklyReports: true, showPhoneNumber: false };
    const saved = await write(seller, 'PUT', '/api/profile/settings', chosen);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(chosen);
    const read = await testApp.app.inject({
      url: '/api/profile/settings',
      headers: { cookie: seller.cookie },
    });
    expect(read.json()).toEqual(chosen);
    const other = await createSeller(testApp.app);
    const othersRead = await testApp.app.inject({
      url: '/api/profile/settings',
      headers: { cookie: other.cookie },
    });
    expect(othersRead.json()).toEqual(defaultProfileSettings);
  });

  it('refuses unknown keys, missing settings and non-booleans', async () => {
    const seller = await createSeller(testApp.app);
    for (const body of [
      { ...defaultProfileSettings, darkMode: true },
      { weeklyReports: true },
      { ...defaultProfileSettings, weeklyReports: 'yes' },
    ]) {
      const response = await write(seller, 'PUT', '/api/profile/settings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const read = await testApp.app.inject({
      url: '/api/profile/settings',
      headers: { cookie: seller.cookie },
    });
    expect(read.json()).toEqual(defaultProfileSettings);
  });

  it('refuses an anonymous visitor', async () => {
    expect((await testApp.app.inject('/api/profile/settings')).statusCode).toBe(401);
  });
});

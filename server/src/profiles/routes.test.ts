import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeller } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe('GET /api/me', () => {
  it('refuses an anonymous visitor with 401', async () => {
    const response = await testApp.app.inject('/api/me');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
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

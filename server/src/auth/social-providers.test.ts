import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextRemoteAddress } from '../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';

function startSocialSignIn(app: TestApp, payload: Record<string, unknown>) {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    remoteAddress: nextRemoteAddress(),
    headers: { origin: TEST_PUBLIC_URL },
    payload,
  });
}

describe('social sign-in without credentials configured', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('lists no providers, so the buttons say social login is not available', async () => {
    const response = await testApp.app.inject('/api/social-providers');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ providers: [] });
  });

  it('refuses to start a social sign-in with social_login_unavailable', async () => {
    const response = await startSocialSignIn(testApp, { provider: 'google', callbackURL: '/dashboard' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('social_login_unavailable');
  });
});

describe('social sign-in with Google configured', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      environment: { GOOGLE_CLIENT_ID: 'test-google-client', GOOGLE_CLIENT_SECRET: 'test-google-secret' },
    });
  });
  afterAll(() => testApp.close());

  it('lists Google only (Twitter needs both of its settings too)', async () => {
    const response = await testApp.app.inject('/api/social-providers');
    expect(response.json()).toEqual({ providers: ['google'] });
  });

  it('sends the browser to Google with our callback address', async () => {
    const response = await startSocialSignIn(testApp, {
      provider: 'google',
      callbackURL: '/dashboard',
      errorCallbackURL: '/login',
    });
    expect(response.statusCode).toBe(200);
    const { url, redirect } = response.json<{ url: string; redirect: boolean }>();
    expect(redirect).toBe(true);
    const target = new URL(url);
    expect(target.hostname).toBe('accounts.google.com');
    expect(target.searchParams.get('client_id')).toBe('test-google-client');
    expect(target.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/api/auth/callback/google`);
    expect((await startSocialSignIn(testApp, { provider: 'twitter' })).json().error.code).toBe(
      'social_login_unavailable',
    );
  });

  it('sends a callback it cannot finish (state expired, or another browser) back to /login', async () => {
    const response = await testApp.app.inject('/api/auth/callback/google?code=a&state=b');
    expect(response.statusCode).toBe(302);
    const target = new URL(String(response.headers.location), TEST_PUBLIC_URL);
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('error')).toBeTruthy();
  });

  it('refuses a callback address on another site', async () => {
    for (const callbackURL of ['https://evil.example/', '//evil.example/', '/\\evil.example/']) {
      const response = await startSocialSignIn(testApp, { provider: 'google', callbackURL });
      expect(response.statusCode, callbackURL).toBe(400);
    }
  });
});

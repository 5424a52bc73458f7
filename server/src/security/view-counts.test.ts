import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSellerPlan, postAd } from '../../test/ad-factories';
import { cookieFrom, createSeller, type TestSeller } from '../../test/factories';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { VISITOR_COOKIE, VISITORS_PER_ADDRESS_MAX } from '../ads/views';

/**
 * An ad's view count cannot be inflated by what a client may change for free: its
 * User-Agent, its visitor cookie, or which of its IPv6 addresses it uses; the owner's own
 * visits never count.
 */

let testApp: TestApp;
let owner: TestSeller;

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await createSeller(testApp.app);
  await giveSellerPlan(testApp, owner.id, 10);
});
afterAll(() => testApp.close());

async function newAd(): Promise<string> {
  const posted = await postAd(testApp, owner);
  expect(posted.statusCode).toBe(201);
  return posted.json().id;
}

function view(adId: string, headers: Record<string, string>, remoteAddress = '203.0.113.50') {
  return testApp.app.inject({
    method: 'POST',
    url: `/api/ads/${adId}/views`,
    remoteAddress,
    headers: { origin: TEST_PUBLIC_URL, ...headers },
  });
}

const viewsOf = async (adId: string) => (await testApp.app.inject(`/api/ads/${adId}`)).json().views;

describe('view counts', () => {
  it('count a browser once a day, whatever User-Agent it sends', async () => {
    const adId = await newAd();
    const first = await view(adId, { 'user-agent': 'agent-0' });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toContain(`${VISITOR_COOKIE}=`);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=31536000/);
    const cookie = cookieFrom(first.headers['set-cookie']);
    for (let index = 1; index <= 20; index += 1) {
      await view(adId, { cookie, 'user-agent': `agent-${index}` });
    }
    expect(await viewsOf(adId)).toBe(1);
  });

  it('count a client that keeps no cookie, or forges one, a few times a day per address at most', async () => {
    const adId = await newAd();
    for (let index = 0; index < 20; index += 1) {
      await view(adId, { 'user-agent': `agent-${index}` });
      await view(adId, { cookie: `${VISITOR_COOKIE}=made-up-${index}.signature` });
      // Addresses of one IPv6 /64 are one subscriber's.
      await view(adId, {}, `2001:db8:1:2:${index.toString(16)}::1`);
    }
    expect(await viewsOf(adId)).toBe(2 * VISITORS_PER_ADDRESS_MAX);
  });

  it("never count the owner's visits", async () => {
    const adId = await newAd();
    for (let index = 0; index < 5; index += 1) {
      const response = await view(adId, { cookie: owner.cookie, 'user-agent': `agent-${index}` });
      expect(response.json()).toEqual({ views: 0, counted: false });
    }
    expect(await viewsOf(adId)).toBe(0);
  });
});

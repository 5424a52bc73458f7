import type { SentMessageResponse } from '@bazaar/common/messaging';
import type { TestSeller } from './factories';
import { TEST_PUBLIC_URL, type TestApp } from './test-app';

/** A signed-in user's request through the real app (session cookie, same origin). */
export function sendAs(
  testApp: TestApp,
  user: Pick<TestSeller, 'cookie'> | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return testApp.app.inject({
    method,
    url,
    headers: { origin: TEST_PUBLIC_URL, ...(user ? { cookie: user.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
}

/** The buyer asks about the ad; returns the conversation's id (fails the test otherwise). */
export async function askAboutAd(
  testApp: TestApp,
  buyer: Pick<TestSeller, 'cookie'>,
  adId: string,
  body = 'Hi, is this still available?',
): Promise<SentMessageResponse> {
  const response = await sendAs(testApp, buyer, 'POST', '/api/conversations', { ad_id: adId, body });
  if (response.statusCode !== 201)
    throw new Error(`Asking failed (${response.statusCode}): ${response.body}`);
  return response.json<SentMessageResponse>();
}

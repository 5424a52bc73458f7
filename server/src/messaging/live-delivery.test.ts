import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { listenLocally, openLiveStream, type LiveStream } from '../../test/live-stream';
import { askAboutAd, sendAs } from '../../test/messaging-factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// Two app processes on one database, as behind a load balancer: the seller's tab is
// connected to A, the buyer writes through B.
let appA: TestApp;
let appB: TestApp;
let addressA: string;
let addressB: string;
let seller: TestSeller;
let buyer: TestSeller;
const streams: LiveStream[] = [];

beforeAll(async () => {
  appA = await createTestApp();
  appB = await createTestApp({ sharingDatabaseOf: appA });
  [addressA, addressB] = [await listenLocally(appA.app), await listenLocally(appB.app)];
  [seller, buyer] = [await createSeller(appA.app), await createSeller(appA.app)];
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await appB.close();
  await appA.close();
});

async function open(address: string, user: TestSeller) {
  const stream = await openLiveStream(address, user.cookie);
  streams.push(stream);
  return stream;
}

describe('live delivery of messages between processes', () => {
  it("tells both people's tabs of a message sent through another process, and the sender of the read", async () => {
    const [sellerTab, buyerTab] = [await open(addressA, seller), await open(addressB, buyer)];
    const [adId] = (await insertAds(appA, seller.id, [{ title: 'Kayak' }])) as [string];

    const sent = await askAboutAd(appB, buyer, adId, 'Is the paddle included?');
    const expected = {
      type: 'message',
      data: { conversation_id: sent.conversation_id, message_id: sent.message.id },
    };
    expect(await sellerTab.next('message')).toEqual(expected);
    expect(await buyerTab.next('message')).toEqual(expected);

    // The seller reads on A; the buyer's tab on B hears of it.
    await sendAs(appA, seller, 'POST', `/api/conversations/${sent.conversation_id}/read`);
    expect(await buyerTab.next('conversation_read')).toEqual({
      type: 'conversation_read',
      data: { conversation_id: sent.conversation_id },
    });
  });

  it("tells the other person's tab when they are blocked or unblocked, so its composer follows", async () => {
    const [adId] = (await insertAds(appA, seller.id, [{ title: 'Canoe' }])) as [string];
    const sent = await askAboutAd(appB, buyer, adId, 'Does it float?');
    const buyerTab = await open(addressB, buyer);
    const changed = { type: 'conversation_changed', data: { conversation_id: sent.conversation_id } };

    expect(
      (await sendAs(appA, seller, 'PUT', `/api/conversations/${sent.conversation_id}/block`)).statusCode,
    ).toBe(200);
    expect(await buyerTab.next('conversation_changed')).toEqual(changed);
    expect(
      (await sendAs(appA, seller, 'DELETE', `/api/conversations/${sent.conversation_id}/block`)).statusCode,
    ).toBe(200);
    expect(await buyerTab.next('conversation_changed')).toEqual(changed);
  });

  it('announces nothing for a refused message', async () => {
    const sellerTab = await open(addressA, seller);
    const [adId] = (await insertAds(appA, seller.id, [{}])) as [string];
    const refused = await sendAs(appB, buyer, 'POST', '/api/conversations', { ad_id: adId, body: ' ' });
    expect(refused.statusCode).toBe(400);
    const own = await sendAs(appB, seller, 'POST', '/api/conversations', { ad_id: adId, body: 'Me' });
    expect(own.statusCode).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sellerTab.received().filter((event) => event.type === 'message')).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAds } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { payOnDemoPage, subscribeWithDemo, writeHeaders } from '../../test/subscription-helpers';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app';
import { payments } from '../db/schema';
import type { MailMessage } from '../mail/mailer';
import { PAYMENT_RECEIPTS_JOB, sendPaymentReceipts } from './receipts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

/** Runs the receipts job as its schedule would. */
async function runReceiptsJob() {
  await testApp.app.jobs.send(PAYMENT_RECEIPTS_JOB, {});
  await testApp.app.jobs.runQueuedJobs(PAYMENT_RECEIPTS_JOB);
}

async function receiptsTo(seller: TestSeller) {
  return (await testApp.outbox()).filter(
    (message) => message.to === seller.email && message.subject.startsWith('Your Bazaar receipt'),
  );
}

async function paymentsOf(seller: TestSeller) {
  return testApp.database.db.select().from(payments).where(eq(payments.user_id, seller.id));
}

const silentLog = { warn: () => {} };

describe('payment receipts', () => {
  it('e-mails one receipt per payment, with what was bought, the amount and the period', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'premium');
    expect(await receiptsTo(seller)).toEqual([]);

    await runReceiptsJob();
    const [payment] = await paymentsOf(seller);
    const receipts = await receiptsTo(seller);
    expect(receipts.map((message) => message.subject)).toEqual(['Your Bazaar receipt: Premium Pack, $15.00']);
    const [receipt] = receipts;
    expect(receipt!.text).toContain('Item: Premium Pack (New plan)');
    expect(receipt!.text).toContain('Amount paid: $15.00');
    expect(receipt!.text).toContain(`Reference: ${payment!.id}`);
    expect(receipt!.text).toMatch(/Period: \w{3} \d{1,2}, \d{4} – \w{3} \d{1,2}, \d{4}\n/);
    expect(receipt!.text).not.toContain('Credit');
    expect(receipt!.links).toContain(`${TEST_PUBLIC_URL}/subscription`);
    expect(receipt!.html).toContain('<th align="left">Amount paid</th><td>$15.00</td>');
    expect(payment!.receipt_sent_at).toBeInstanceOf(Date);

    // The next runs, overlapping or not, send it no second time.
    await Promise.all([runReceiptsJob(), runReceiptsJob()]);
    expect(await receiptsTo(seller)).toHaveLength(1);
  });

  it('names the credit of a plan change and the ad of a featured week', async () => {
    const seller = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, seller, 'starter');
    await subscribeWithDemo(testApp.app, seller, 'master');
    const [adId] = await insertAds(testApp, seller.id, [{ title: 'Oak <dining> table' }]);
    const started = await testApp.app.inject({
      method: 'POST',
      url: `/api/ads/${adId}/feature/checkouts`,
      headers: writeHeaders(seller),
    });
    const { checkout } = started.json<{ checkout: { id: string } }>();
    expect((await payOnDemoPage(testApp.app, seller, checkout.id)).statusCode).toBe(303);

    await runReceiptsJob();
    const receipts = await receiptsTo(seller);
    expect(receipts).toHaveLength(3);
    const change = receipts.find((message) => message.text.includes('Master Pack (Plan change)'));
    expect(change!.text).toMatch(/Credit from your previous plan: -\$4\.\d\d\n/);
    const feature = receipts.find(
      (message) => message.subject === 'Your Bazaar receipt: 7 days featured, $3.00',
    );
    expect(feature!.text).toContain('Item: 7 days featured: “Oak <dining> table”');
    expect(feature!.html).toContain('“Oak &#60;dining&#62; table”');
  });

  it('tries a receipt that could not be sent again at the next run, without holding up the others', async () => {
    const unlucky = await createSeller(testApp.app);
    const lucky = await createSeller(testApp.app);
    await subscribeWithDemo(testApp.app, unlucky, 'starter');
    await subscribeWithDemo(testApp.app, lucky, 'starter');
    const delivered: MailMessage[] = [];
    const flakyMailer = {
      send: async (message: MailMessage) => {
        if (message.to === unlucky.email) throw new Error('mailbox unavailable');
        delivered.push(message);
      },
    };
    const deliver = { db: testApp.database.db, mailer: flakyMailer, publicUrl: TEST_PUBLIC_URL };

    await sendPaymentReceipts(deliver, silentLog);
    expect(delivered.map((message) => message.to)).toContain(lucky.email);
    expect(delivered.map((message) => message.to)).not.toContain(unlucky.email);
    expect((await paymentsOf(unlucky))[0]!.receipt_sent_at).toBeNull();

    await runReceiptsJob();
    expect(await receiptsTo(unlucky)).toHaveLength(1);
    expect(await receiptsTo(lucky)).toHaveLength(0);
  });
});

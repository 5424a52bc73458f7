import { FEATURE_DAYS } from '@bazaar/common/featuring';
import { formatCents, formatDay } from '@bazaar/common/format';
import { findPlan } from '@bazaar/common/plans';
import { paths } from '@bazaar/common/site-paths';
import { paymentKindLabels } from '@bazaar/common/subscriptions';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { advertisements, payments, profiles, users } from '../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import { escapeHtml } from '../mail/escape-html';
import type { Mailer, MailMessage } from '../mail/mailer';

/** The job that e-mails a receipt for every payment recorded since its last run: every minute. */
export const PAYMENT_RECEIPTS_JOB = 'payment-receipts';
/** Receipts one run sends at most; the rest wait for the next minute. */
const RECEIPTS_PER_RUN = 100;

/** What sending receipts needs: the payments, a mailer and the site's address for links. */
interface ReceiptDelivery {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

interface ReceiptDetails {
  id: string;
  kind: keyof typeof paymentKindLabels;
  planId: string | null;
  adTitle: string | null;
  amountCents: number;
  creditCents: number;
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date;
  email: string;
  name: string;
}

/** The receipt of one payment, in the words of the payment history. */
export function receiptOf(payment: ReceiptDetails, publicUrl: string): MailMessage {
  const planName = payment.planId ? findPlan(payment.planId)?.name : undefined;
  const item = planName
    ? `${planName} (${paymentKindLabels[payment.kind]})`
    : `${FEATURE_DAYS} days featured: “${payment.adTitle ?? 'an ad since deleted'}”`;
  const lines: [string, string][] = [
    ['Item', item],
    ['Period', `${formatDay(payment.periodStart, 'UTC')} – ${formatDay(payment.periodEnd, 'UTC')}`],
    ...(payment.creditCents > 0
      ? [['Credit from your previous plan', formatCents(-payment.creditCents)] as [string, string]]
      : []),
    ['Amount paid', formatCents(payment.amountCents)],
    ['Paid on', formatDay(payment.paidAt, 'UTC')],
    ['Reference', payment.id],
  ];
  const greeting = `Hello ${payment.name || 'there'},`;
  const thanks = 'Thank you for your payment. This is your receipt.';
  const historyUrl = `${publicUrl}${paths.subscription}`;
  return {
    to: payment.email,
    subject: `Your Bazaar receipt: ${planName ?? `${FEATURE_DAYS} days featured`}, ${formatCents(payment.amountCents)}`,
    text:
      `${greeting}\n\n${thanks}\n\n` +
      lines.map(([label, value]) => `${label}: ${value}`).join('\n') +
      `\n\nYour payments: ${historyUrl}\n\n— Bazaar`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(thanks)}</p><table>` +
      lines
        .map(
          ([label, value]) =>
            `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
        )
        .join('') +
      `</table><p><a href="${escapeHtml(historyUrl)}">Your payments</a></p><p>— Bazaar</p>`,
  };
}

/**
 * E-mails the receipt of each payment that has none yet, oldest first. Each is sent in its own
 * transaction with the payment's row locked (`skip locked`, so overlapping runs share the work)
 * and marked sent in it: a send that fails rolls back and is tried again at the next run, and
 * does not hold up the others. Answers how many receipts went out.
 */
export async function sendPaymentReceipts(
  { db, mailer, publicUrl }: ReceiptDelivery,
  log: Pick<Log, 'warn'>,
): Promise<number> {
  const due = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(isNull(payments.receipt_sent_at), isNotNull(payments.user_id)))
    .orderBy(asc(payments.created_at))
    .limit(RECEIPTS_PER_RUN);

  let sent = 0;
  for (const { id } of due) {
    try {
      const wasSent = await db.transaction(async (tx) => {
        const [payment] = await tx
          .select({
            id: payments.id,
            kind: payments.kind,
            planId: payments.plan_id,
            adTitle: advertisements.title,
            amountCents: payments.amount_cents,
            creditCents: payments.credit_cents,
            periodStart: payments.period_start,
            periodEnd: payments.period_end,
            paidAt: payments.created_at,
            email: users.email,
            name: sql<string>`coalesce(nullif(${profiles.name}, ''), ${users.name})`,
          })
          .from(payments)
          .innerJoin(users, eq(users.id, payments.user_id))
          .leftJoin(profiles, eq(profiles.id, payments.user_id))
          .leftJoin(advertisements, eq(advertisements.id, payments.ad_id))
          .where(and(eq(payments.id, id), isNull(payments.receipt_sent_at)))
          .for('update', { of: payments, skipLocked: true });
        // Sent by an overlapping run meanwhile, or its account deleted.
        if (!payment) return false;
        await mailer.send(receiptOf(payment, publicUrl));
        await tx
          .update(payments)
          .set({ receipt_sent_at: sql`now()` })
          .where(eq(payments.id, id));
        return true;
      });
      if (wasSent) sent += 1;
    } catch (error) {
      log.warn({ err: error, paymentId: id }, 'payment receipt not sent; tried again at the next run');
    }
  }
  return sent;
}

/** The receipts job, every minute. */
export function registerPaymentReceipts(jobs: JobQueue, delivery: ReceiptDelivery, log: Log): void {
  jobs.work(PAYMENT_RECEIPTS_JOB, async () => {
    const sent = await sendPaymentReceipts(delivery, log);
    if (sent > 0) log.info({ receipts: sent }, 'payment receipts sent');
  });
  jobs.schedule(PAYMENT_RECEIPTS_JOB, '* * * * *');
}

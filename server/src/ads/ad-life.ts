import { AD_EXPIRY_REMINDER_DAYS, DAY_MS } from '@bazaar/common/constants';
import type { AdLifeResponse } from '@bazaar/common/ads';
import { formatDay } from '@bazaar/common/format';
import { paths } from '@bazaar/common/site-paths';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { advertisements } from '../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import { escapeHtml } from '../mail/escape-html';
import type { Mailer } from '../mail/mailer';
import { notify } from '../notifications/notify';
import { authorize, type Actor } from '../policies/authorize';
import { findSellerQuota } from '../profiles/queries';
import { expiresAfter } from './create-ad';
import { assertMayPost } from './post-gate';
import { lockAd } from './queries';

/** The job that makes ads past their `expires_at` expired: every minute. */
export const ADS_EXPIRED_JOB = 'ads-expired';
/** The job that reminds owners of ads expiring within AD_EXPIRY_REMINDER_DAYS: every 10 minutes. */
export const AD_EXPIRY_REMINDERS_JOB = 'ad-expiry-reminders';
/** Ads expired per statement, so one run never holds a million row locks. */
const EXPIRE_BATCH = 1000;

const isoTime = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The ad's state after a renewal or a sale. */
async function readAdLife(db: Pick<Database, 'execute'>, adId: string): Promise<AdLifeResponse> {
  const { rows } = await db.execute<AdLifeResponse>(sql`
    select id, status, ${isoTime('expires_at')} as expires_at, ${isoTime('sold_at')} as sold_at
    from advertisements where id = ${adId}`);
  return rows[0]!;
}

/**
 * The due-time query: every active ad whose `expires_at` has passed becomes `expired` (out of
 * lists, search and category counts at once; its owner can renew it). Idempotent and safe with
 * several processes: rows another run holds are skipped (it expires them), a second run finds
 * none left. Answers how many ads expired.
 */
export async function expireDueAds(db: Database, now: Date = new Date()): Promise<number> {
  let expired = 0;
  for (;;) {
    const { rows } = await db.execute<{ id: string }>(sql`
      update advertisements set status = 'expired'
      where id in (
        select id from advertisements
        where status = 'active' and expires_at <= ${now.toISOString()}::timestamptz
        order by expires_at
        limit ${EXPIRE_BATCH}
        for update skip locked)
      returning id`);
    expired += rows.length;
    if (rows.length < EXPIRE_BATCH) return expired;
  }
}

/**
 * Tells the owner of every active ad expiring within AD_EXPIRY_REMINDER_DAYS, by notification
 * and e-mail, once per ad and lifetime: the notification's once key is the ad and its expiry,
 * so repeated or overlapping runs write none twice, and the e-mail goes out in the same
 * transaction only when the notification was new (a failed send rolls it back for the retry).
 * A renewal gives the ad a new expiry, so a new reminder. Answers how many reminders went out.
 */
export async function sendExpiryReminders(
  { db, mailer, publicUrl }: { db: Database; mailer: Mailer; publicUrl: string },
  now: Date = new Date(),
): Promise<number> {
  const until = new Date(now.getTime() + AD_EXPIRY_REMINDER_DAYS * DAY_MS);
  const { rows } = await db.execute<{
    id: string;
    user_id: string;
    title: string;
    expires_at: string;
    email: string;
    name: string;
  }>(sql`
    select a.id, a.user_id, a.title, ${isoTime('a.expires_at')} as expires_at, u.email,
      coalesce(nullif(p.name, ''), u.name) as name
    from advertisements a
    join users u on u.id = a.user_id
    left join profiles p on p.id = a.user_id
    where a.status = 'active'
      and a.expires_at > ${now.toISOString()}::timestamptz
      and a.expires_at <= ${until.toISOString()}::timestamptz
    order by a.expires_at`);

  let sent = 0;
  for (const ad of rows) {
    const when = formatDay(new Date(ad.expires_at), 'UTC');
    const sentence = `Your ad “${ad.title}” expires on ${when}. Renew it from its page to keep it listed.`;
    const wrote = await db.transaction(async (tx) => {
      const id = await notify(tx, {
        userId: ad.user_id,
        kind: 'ad_expiring',
        title: sentence,
        link: paths.ad(ad.id),
        onceKey: `ad_expiring:${ad.id}:${ad.expires_at}`,
      });
      if (!id) return false;
      const url = `${publicUrl}${paths.ad(ad.id)}`;
      await mailer.send({
        to: ad.email,
        subject: `Your ad “${ad.title}” expires soon`,
        text: `Hello ${ad.name || 'there'},\n\n${sentence}\n\nYour ad: ${url}\n\n— Bazaar`,
        html:
          `<p>Hello ${escapeHtml(ad.name || 'there')},</p><p>${escapeHtml(sentence)}</p>` +
          `<p><a href="${escapeHtml(url)}">Open your ad</a></p><p>— Bazaar</p>`,
      });
      return true;
    });
    if (wrote) sent += 1;
  }
  return sent;
}

/**
 * Gives the owner's expired ad another AD_LIFETIME_DAYS. It becomes active again, so it counts
 * against the plan's quota like a new ad: the post gate is asked with the profile locked, and
 * a full quota (or an ended trial) refuses with the post form's errors.
 */
export async function renewAd(
  db: Database,
  { adId, actor, lifetimeDays }: { adId: string; actor: Actor; lifetimeDays: number },
): Promise<AdLifeResponse> {
  return db.transaction(async (tx) => {
    const ad = authorize(actor, 'renew', { ad: await lockAd(tx, adId) });
    // An active ad in its last days counts against the quota already.
    if (ad.status === 'expired') assertMayPost(await findSellerQuota(tx, ad.user_id, { lock: true }));
    await tx
      .update(advertisements)
      .set({ status: 'active', expires_at: expiresAfter(lifetimeDays) })
      .where(eq(advertisements.id, adId));
    // The reminder that asked for this renewal is answered: it leaves the bell's unread count.
    await tx.execute(sql`
      update notifications set read_at = now()
      where user_id = ${ad.user_id} and kind = 'ad_expiring' and read_at is null
        and once_key like ${`ad_expiring:${adId}:%`}`);
    return readAdLife(tx, adId);
  });
}

/** Marks the owner's active ad sold: out of lists and search at once, its page says "Sold". */
export async function markAdSold(
  db: Database,
  { adId, actor }: { adId: string; actor: Actor },
): Promise<AdLifeResponse> {
  return db.transaction(async (tx) => {
    authorize(actor, 'markSold', { ad: await lockAd(tx, adId) });
    await tx
      .update(advertisements)
      .set({ status: 'sold', sold_at: sql`now()` })
      .where(eq(advertisements.id, adId));
    return readAdLife(tx, adId);
  });
}

/** The expiry job (every minute) and the reminder job (every 10 minutes). */
export function registerAdLifeJobs({
  db,
  jobs,
  mailer,
  publicUrl,
  log,
}: {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  log: { info: (fields: object, message: string) => void };
}): void {
  jobs.work(ADS_EXPIRED_JOB, async () => {
    const expired = await expireDueAds(db);
    if (expired > 0) log.info({ ads: expired }, 'ads expired');
  });
  jobs.schedule(ADS_EXPIRED_JOB, '* * * * *');
  jobs.work(AD_EXPIRY_REMINDERS_JOB, async () => {
    const sent = await sendExpiryReminders({ db, mailer, publicUrl });
    if (sent > 0) log.info({ reminders: sent }, 'ad expiry reminders sent');
  });
  jobs.schedule(AD_EXPIRY_REMINDERS_JOB, '*/10 * * * *');
}

import type { AdModerationState, AuditAction, OwnerModeration } from '@bazaar/common/moderation';
import { paths } from '@bazaar/common/site-paths';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session-guard';
import type { Database, Transaction } from '../db/database';
import { adFlags, adReports, advertisements, users } from '../db/schema';
import { featureAdByStaff, lockAdWithFeature, unfeatureAdByStaff } from '../featuring/feature-ad';
import { notFound, sellerSuspended } from '../http/errors';
import type { JobQueue } from '../jobs/job-queue';
import { notify } from '../notifications/notify';
import { authorize } from '../policies/authorize';
import { CONSOLE } from '../policies/staff';
import { queueSavedSearchMatching } from '../saved-searches/alerts';
import { writeAudit } from './audit';

export type StaffActor = Pick<SessionUser, 'id' | 'role' | 'name' | 'email'>;

/** The ad as a staff action reads it, locked for the change. */
async function lockAdForStaff(tx: Transaction, adId: string) {
  const [ad] = await tx
    .select({
      id: advertisements.id,
      user_id: advertisements.user_id,
      status: advertisements.status,
      title: advertisements.title,
      featured_until: advertisements.featured_until,
      sellerSuspendedAt: users.suspendedAt,
    })
    .from(advertisements)
    .innerJoin(users, eq(users.id, advertisements.user_id))
    .where(eq(advertisements.id, adId))
    .for('update', { of: advertisements });
  return ad;
}

/** Closes the ad's open reports and flags: staff have decided about them. */
async function resolveReportsAndFlags(tx: Transaction, adId: string, now: Date) {
  await tx
    .update(adReports)
    .set({ resolved_at: now })
    .where(and(eq(adReports.ad_id, adId), isNull(adReports.resolved_at)));
  await tx
    .update(adFlags)
    .set({ resolved_at: now })
    .where(and(eq(adFlags.ad_id, adId), isNull(adFlags.resolved_at)));
}

/** The ad's moderation state after an action, as the console shows it. */
export async function readAdModerationState(
  executor: Pick<Database, 'execute'>,
  adId: string,
): Promise<AdModerationState> {
  const { rows } = await executor.execute<AdModerationState>(sql`
    select a.id, a.status, a.hidden_reason, a.review_requested_at is not null as review_requested,
      coalesce(a.featured_until > now(), false) as featured,
      case when a.featured_until > now()
        then to_char(a.featured_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end as featured_until,
      (select count(*)::int from ad_reports r where r.ad_id = a.id and r.resolved_at is null) as open_reports,
      (select count(*)::int from ad_flags f where f.ad_id = a.id and f.resolved_at is null) as open_flags
    from advertisements a where a.id = ${adId}`);
  const state = rows[0];
  if (!state) throw notFound('This ad does not exist.');
  return state;
}

const ownerLink = paths.dashboard;

type AdAction = 'hide' | 'restore' | 'dismiss' | 'feature' | 'unfeature';

/**
 * One staff action on an ad, in one transaction with its audit row and the owner's
 * notification (decision 0017). The console policy refuses non-staff (401/403) before the ad
 * is looked up; the ad policy's `moderate` rule is asked of the locked row.
 */
export async function moderateAd(
  db: Database,
  actor: StaffActor,
  adId: string,
  action: AdAction,
  options: { jobs: JobQueue; reason?: string; now?: Date },
): Promise<AdModerationState> {
  authorize(actor, 'use', { console: CONSOLE });
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const ad = authorize(actor, 'moderate', { ad: await lockAdForStaff(tx, adId) });
    const audit = (auditAction: AuditAction, reason: string | null = null) =>
      writeAudit(tx, {
        actor,
        action: auditAction,
        targetType: 'ad',
        targetId: ad.id,
        targetLabel: ad.title,
        reason,
      });
    switch (action) {
      case 'hide': {
        const reason = options.reason ?? '';
        await tx
          .update(advertisements)
          .set({
            status: 'hidden',
            hidden_reason: reason,
            hidden_with_account: false,
            review_requested_at: null,
          })
          .where(eq(advertisements.id, ad.id));
        await resolveReportsAndFlags(tx, ad.id, now);
        await audit('ad_hidden', reason);
        await notify(tx, {
          userId: ad.user_id,
          kind: 'ad_hidden',
          title: `Your ad “${ad.title}” was hidden by our moderators: ${reason}`,
          link: ownerLink,
        });
        break;
      }
      case 'restore': {
        // A suspended seller's ads come back with the account, not one by one.
        if (ad.sellerSuspendedAt) throw sellerSuspended();
        await tx
          .update(advertisements)
          .set({
            status: 'active',
            hidden_reason: null,
            hidden_with_account: false,
            review_requested_at: null,
          })
          .where(eq(advertisements.id, ad.id));
        await resolveReportsAndFlags(tx, ad.id, now);
        await audit('ad_restored');
        // Public now: saved searches hear of it (a pair already alerted is not alerted again).
        await queueSavedSearchMatching(options.jobs, tx, ad.id);
        if (ad.status === 'pending') {
          await notify(tx, {
            userId: ad.user_id,
            kind: 'ad_approved',
            title: `Your ad “${ad.title}” was approved and is public now.`,
            link: paths.ad(ad.id),
          });
        } else if (ad.status === 'hidden') {
          await notify(tx, {
            userId: ad.user_id,
            kind: 'ad_restored',
            title: `Your ad “${ad.title}” was restored and is public again.`,
            link: paths.ad(ad.id),
          });
        }
        break;
      }
      case 'dismiss': {
        await tx
          .update(advertisements)
          .set({ review_requested_at: null })
          .where(eq(advertisements.id, ad.id));
        await resolveReportsAndFlags(tx, ad.id, now);
        await audit('ad_dismissed');
        break;
      }
      case 'feature': {
        const locked = await lockAdWithFeature(tx, ad.id);
        if (!locked) throw notFound('This ad does not exist.');
        await featureAdByStaff(tx, locked, now);
        await audit('ad_featured');
        break;
      }
      case 'unfeature': {
        await unfeatureAdByStaff(tx, ad.id, now);
        await audit('ad_unfeatured');
        break;
      }
    }
    return readAdModerationState(tx, ad.id);
  });
}

/**
 * The owner asks staff to look again at an ad they hid or that waits for review (after
 * editing it): it joins the queue until a moderator decides.
 */
export async function requestReview(
  db: Database,
  actor: Pick<SessionUser, 'id' | 'role'>,
  adId: string,
): Promise<OwnerModeration> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: advertisements.id,
        user_id: advertisements.user_id,
        status: advertisements.status,
        hidden_reason: advertisements.hidden_reason,
      })
      .from(advertisements)
      .where(eq(advertisements.id, adId))
      .for('update');
    const ad = authorize(actor, 'requestReview', { ad: row });
    await tx
      .update(advertisements)
      .set({ review_requested_at: sql`coalesce(${advertisements.review_requested_at}, now())` })
      .where(eq(advertisements.id, ad.id));
    return { hidden_reason: ad.hidden_reason, review_requested: true };
  });
}

import { HOUR_MS } from '@bazaar/common/constants';
import type { ReportAdBody } from '@bazaar/common/moderation';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session-guard';
import { findAdAccess } from '../ads/queries';
import type { Database } from '../db/database';
import { adReports } from '../db/schema';
import { reportAlreadyOpen, reportRateLimited } from '../http/errors';
import { waitForRoomInWindow } from '../http/window-limit';
import { authorize } from '../policies/authorize';

/** How many ads one person may report in an hour: enough for anyone honest, too few for a flood. */
export const AD_REPORTS_PER_HOUR = 10;

/**
 * A signed-in person reports an ad they can see (not their own). One open report per person
 * per ad (409 `report_already_open`, kept by a partial unique index); at most
 * AD_REPORTS_PER_HOUR reports an hour (429). Returns the report's id.
 */
export async function reportAd(
  db: Database,
  actor: Pick<SessionUser, 'id' | 'role'> | null,
  adId: string,
  body: ReportAdBody,
): Promise<string> {
  authorize(actor, 'report', { ad: await findAdAccess(db, adId) });
  const reporter = actor!;
  return db.transaction(async (tx) => {
    // One person's reports are counted one at a time, so a burst cannot slip past the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ad-reports:${reporter.id}`}, 0))`);
    const reports = { table: adReports, owner: adReports.reporter_id, createdAt: adReports.created_at };
    const wait = await waitForRoomInWindow(tx, reports, reporter.id, {
      windowSeconds: HOUR_MS / 1000,
      limit: AD_REPORTS_PER_HOUR,
    });
    if (wait !== undefined) throw reportRateLimited().retryingAfter(wait);
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into ad_reports (ad_id, reporter_id, reason, details)
      values (${adId}, ${reporter.id}, ${body.reason}, ${body.details || null})
      on conflict (ad_id, reporter_id) where resolved_at is null do nothing
      returning id`);
    const id = rows[0]?.id;
    if (!id) throw reportAlreadyOpen();
    return id;
  });
}

/** Whether the person has a report of the ad that staff have not closed yet (asked as they would report it). */
export async function hasOpenAdReport(
  db: Database,
  actor: Pick<SessionUser, 'id' | 'role'> | null,
  adId: string,
): Promise<boolean> {
  authorize(actor, 'report', { ad: await findAdAccess(db, adId) });
  const { rows } = await db.execute<{ open: boolean }>(sql`
    select exists (
      select 1 from ad_reports where ad_id = ${adId} and reporter_id = ${actor!.id} and resolved_at is null
    ) as open`);
  return rows[0]?.open ?? false;
}

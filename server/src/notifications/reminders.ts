import { DAY_MS } from '@bazaar/common/constants';
import { PLAN_ENDING_REMINDER_DAYS } from '@bazaar/common/notifications';
import { findPlan } from '@bazaar/common/plans';
import { paths } from '@bazaar/common/site-paths';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { formatDay } from '@bazaar/common/format';
import { notify } from './notify';

/** The daily job that reminds sellers of a trial or a cancelled plan ending soon. */
export const ENDING_REMINDERS_JOB = 'ending-reminders';
/** Every day at 08:00 UTC. */
const ENDING_REMINDERS_CRON = '0 8 * * *';

const isoTime = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

function inDays(end: Date, now: Date): string {
  const days = Math.max(1, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
  return days === 1 ? 'tomorrow' : `in ${days} days`;
}

/**
 * Reminds every seller whose trial, or paid plan that will not renew (cancelled), ends within
 * PLAN_ENDING_REMINDER_DAYS: one notification per trial or period, keyed by its end, so a run
 * that repeats (two processes, a retry, the next day) writes none twice. Answers how many
 * reminders were written.
 */
export async function sendEndingReminders(db: Database, now: Date = new Date()): Promise<number> {
  const until = new Date(now.getTime() + PLAN_ENDING_REMINDER_DAYS * DAY_MS);
  const { rows } = await db.execute<{
    user_id: string;
    kind: 'trial_ending' | 'plan_ending';
    ends_at: string;
    plan_id: string | null;
  }>(sql`
    select id as user_id, 'trial_ending' as kind, ${isoTime('trial_end_date')} as ends_at, null as plan_id
    from profiles
    where subscription_status = 'trial'
      and trial_end_date > ${now.toISOString()}::timestamptz
      and trial_end_date <= ${until.toISOString()}::timestamptz
    union all
    select id, 'plan_ending', ${isoTime('current_period_end')}, subscription_plan
    from profiles
    where subscription_status = 'active' and cancel_at_period_end
      and current_period_end > ${now.toISOString()}::timestamptz
      and current_period_end <= ${until.toISOString()}::timestamptz`);

  let written = 0;
  for (const row of rows) {
    const endsAt = new Date(row.ends_at);
    const when = `${inDays(endsAt, now)} (${formatDay(endsAt, 'UTC')})`;
    const title =
      row.kind === 'trial_ending'
        ? `Your free trial ends ${when}. Choose a plan to keep posting ads.`
        : `Your ${(row.plan_id && findPlan(row.plan_id)?.name) || 'plan'} ends ${when}. Resume it to keep your ad quota.`;
    const id = await db.transaction((tx) =>
      notify(tx, {
        userId: row.user_id,
        kind: row.kind,
        title,
        link: paths.subscription,
        onceKey: `${row.kind}:${row.ends_at}`,
      }),
    );
    if (id) written += 1;
  }
  return written;
}

export function registerEndingReminders(db: Database, jobs: JobQueue): void {
  jobs.work(ENDING_REMINDERS_JOB, async () => {
    await sendEndingReminders(db);
  });
  jobs.schedule(ENDING_REMINDERS_JOB, ENDING_REMINDERS_CRON);
}

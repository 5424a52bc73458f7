import { formatPrice } from '@bazaar/common/format';
import { paths } from '@bazaar/common/site-paths';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { escapeHtml } from '../mail/escape-html';
import type { Mailer } from '../mail/mailer';
import { listUnsubscribeHeaders, unsubscribeUrl } from '../mail/unsubscribe';
import { notify } from '../notifications/notify';
import { recordMatches } from './matching';

/** Matches a newly public ad against the saved searches (one statement) and rings the bells. */
export const SAVED_SEARCH_MATCH_JOB = 'saved-search-match';
/** An instant alert e-mail: the matches of one saved search not e-mailed yet. */
export const SAVED_SEARCH_EMAIL_JOB = 'saved-search-email';
/** Once a day: a digest of each daily saved search's new matches. */
export const SAVED_SEARCH_DIGESTS_JOB = 'saved-search-digests';
const DIGESTS_CRON = '0 7 * * *';

/** Instant alerts: at most one e-mail per saved search in this many seconds (issue 14). */
export const ALERT_EMAIL_INTERVAL_SECONDS = 15 * 60;
/** A digest (or an instant e-mail) lists at most this many ads, then says how many more. */
const ALERT_EMAIL_ADS_MAX = 10;
/** A second digest run the same day (a retry, an overlapping tick) finds the last one this recent. */
const DIGEST_MIN_GAP = '20 hours';

/**
 * Queues the matching of an ad that has just become public (posted active, approved or
 * restored by a moderator), in the transaction that made it public: the job exists exactly
 * when the change committed.
 */
export function queueSavedSearchMatching(jobs: JobQueue, tx: Executor, adId: string) {
  return jobs.send(SAVED_SEARCH_MATCH_JOB, { adId }, { executor: tx });
}

const coalesceKeyOf = (savedSearchId: string) => `saved-search:${savedSearchId}`;

function queueAlertEmail(jobs: JobQueue, tx: Executor, savedSearchId: string, startAfterSeconds: number) {
  return jobs.send(
    SAVED_SEARCH_EMAIL_JOB,
    { savedSearchId },
    {
      singletonKey: savedSearchId,
      startAfterSeconds: Math.max(0, Math.ceil(startAfterSeconds)),
      executor: tx,
    },
  );
}

/** Seconds until a saved search last e-mailed at `lastEmailedAt` may be e-mailed again. */
const secondsUntilNextEmail = (lastEmailedAt: string | null, now = Date.now()) =>
  lastEmailedAt ? (Date.parse(lastEmailedAt) + ALERT_EMAIL_INTERVAL_SECONDS * 1000 - now) / 1000 : 0;

interface AlertDependencies {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
  unsubscribeKey: Buffer;
}

/**
 * The alert jobs (decision 0020). Each is idempotent: a match is recorded once (its key), an
 * e-mail marks what it listed in the transaction that sends it and holds the saved search's
 * row lock meanwhile, so a retry or a second process finds nothing left to send.
 */
export function registerSavedSearchAlerts(dependencies: AlertDependencies) {
  const { db, jobs } = dependencies;

  jobs.work<{ adId: string }>(SAVED_SEARCH_MATCH_JOB, async ({ adId }) => {
    await db.transaction(async (tx) => {
      for (const match of await recordMatches(tx, adId)) {
        // Daily searches hear of their matches in the digest, bell included.
        if (match.frequency !== 'instant') continue;
        await notify(tx, {
          userId: match.user_id,
          kind: 'saved_search_match',
          title: `New ad for your saved search “${match.name}”: “${match.ad_title}”`,
          link: paths.ad(match.ad_id),
          coalesceKey: coalesceKeyOf(match.saved_search_id),
        });
        await queueAlertEmail(jobs, tx, match.saved_search_id, secondsUntilNextEmail(match.last_emailed_at));
      }
    });
  });

  jobs.work<{ savedSearchId: string }>(SAVED_SEARCH_EMAIL_JOB, async ({ savedSearchId }) => {
    await sendAlertEmail(dependencies, savedSearchId, 'instant');
  });

  jobs.work(SAVED_SEARCH_DIGESTS_JOB, async () => {
    const { rows } = await db.execute<{ id: string }>(sql`
      select s.id from saved_searches s
      where s.frequency = 'daily'
        and exists (select 1 from saved_search_matches m where m.saved_search_id = s.id and m.emailed_at is null)`);
    for (const { id } of rows) await sendAlertEmail(dependencies, id, 'daily');
  });
  jobs.schedule(SAVED_SEARCH_DIGESTS_JOB, DIGESTS_CRON);
}

type AlertRecipient = {
  user_id: string;
  email: string;
  name: string;
  search_name: string;
  frequency: string;
  last_emailed_at: string | null;
  is_too_soon: boolean;
};

type AlertAd = {
  id: string;
  title: string;
  price: number;
  location: string;
};

/**
 * E-mails the saved search's matches not e-mailed yet (up to ALERT_EMAIL_ADS_MAX listed) and
 * marks them all e-mailed, in one transaction holding the saved search's row lock; a failed
 * send rolls the marks back for the retry. An instant search e-mailed less than
 * ALERT_EMAIL_INTERVAL ago queues itself for then instead; a daily one waits for tomorrow.
 */
async function sendAlertEmail(
  { db, jobs, mailer, publicUrl, unsubscribeKey }: AlertDependencies,
  savedSearchId: string,
  kind: 'instant' | 'daily',
) {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<AlertRecipient>(sql`
      select s.user_id, u.email, coalesce(nullif(p.name, ''), u.name) as name, s.name as search_name,
        s.frequency,
        to_char(s.last_emailed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_emailed_at,
        coalesce(s.last_emailed_at > now() - ${kind === 'instant' ? sql`make_interval(secs => ${ALERT_EMAIL_INTERVAL_SECONDS})` : sql`${DIGEST_MIN_GAP}::interval`}, false) as is_too_soon
      from saved_searches s join users u on u.id = s.user_id left join profiles p on p.id = s.user_id
      where s.id = ${savedSearchId}
      for update of s`);
    const recipient = rows[0];
    // Deleted, or its frequency changed since (the matches wait for the digest, or for nothing).
    if (!recipient || recipient.frequency !== kind) return;
    if (recipient.is_too_soon) {
      if (kind === 'instant') {
        await queueAlertEmail(jobs, tx, savedSearchId, secondsUntilNextEmail(recipient.last_emailed_at));
      }
      return;
    }
    const { rows: marked } = await tx.execute<AlertAd & { is_active: boolean; matched_at: string }>(sql`
      update saved_search_matches m set emailed_at = now()
      from advertisements a
      where m.saved_search_id = ${savedSearchId} and m.emailed_at is null and a.id = m.ad_id
      returning a.id, a.title, a.price::float8 as price, a.location, a.status = 'active' as is_active, m.matched_at::text`);
    const ads = marked
      .filter((ad) => ad.is_active)
      .sort((first, second) => second.matched_at.localeCompare(first.matched_at));
    if (ads.length === 0) return;
    await tx.execute(sql`update saved_searches set last_emailed_at = now() where id = ${savedSearchId}`);
    if (kind === 'daily') {
      await notify(tx, {
        userId: recipient.user_id,
        kind: 'saved_search_match',
        title: `${adsCount(ads.length)} for your saved search “${recipient.search_name}”`,
        link: paths.savedSearches,
        coalesceKey: coalesceKeyOf(savedSearchId),
      });
    }
    const unsubscribe = unsubscribeUrl(publicUrl, unsubscribeKey, savedSearchId, 'saved-search-alerts');
    await mailer.send({
      to: recipient.email,
      headers: listUnsubscribeHeaders(unsubscribe),
      ...alertEmail({ publicUrl, recipient, ads, kind, unsubscribe }),
    });
  });
}

const adsCount = (count: number) => (count === 1 ? '1 new ad' : `${count} new ads`);

function alertEmail({
  publicUrl,
  recipient,
  ads,
  kind,
  unsubscribe,
}: {
  publicUrl: string;
  recipient: AlertRecipient;
  ads: AlertAd[];
  kind: 'instant' | 'daily';
  unsubscribe: string;
}) {
  const listed = ads.slice(0, ALERT_EMAIL_ADS_MAX);
  const more = ads.length - listed.length;
  const subject =
    kind === 'daily'
      ? `Your daily digest: ${adsCount(ads.length)} for “${recipient.search_name}”`
      : `${adsCount(ads.length)} for your saved search “${recipient.search_name}”`;
  const lines = listed.map((ad) => ({
    text: `${ad.title} — ${formatPrice(ad.price)}, ${ad.location}`,
    url: `${publicUrl}${paths.ad(ad.id)}`,
  }));
  const moreLine = more > 0 ? `…and ${more} more.` : '';
  const savedSearchesUrl = `${publicUrl}${paths.savedSearches}`;
  const footer = `You get this e-mail because alerts are ${kind === 'daily' ? 'Daily' : 'Instant'} for your saved search “${recipient.search_name}”.`;
  const greeting = `Hello ${recipient.name || 'there'},`;
  const intro = `New ads match your saved search “${recipient.search_name}”:`;
  return {
    subject,
    text: [
      greeting,
      '',
      intro,
      '',
      ...lines.map((line) => `- ${line.text}\n  ${line.url}`),
      ...(moreLine ? [moreLine] : []),
      '',
      `Your saved searches: ${savedSearchesUrl}`,
      '',
      `${footer} Unsubscribe: ${unsubscribe}`,
      '',
      '— Bazaar',
    ].join('\n'),
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul>` +
      lines
        .map((line) => `<li><a href="${escapeHtml(line.url)}">${escapeHtml(line.text)}</a></li>`)
        .join('') +
      `</ul>${moreLine ? `<p>${escapeHtml(moreLine)}</p>` : ''}` +
      `<p><a href="${escapeHtml(savedSearchesUrl)}">Your saved searches</a></p>` +
      `<p style="color:#666">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a>.</p><p>— Bazaar</p>`,
  };
}

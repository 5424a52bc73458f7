import { createHmac } from 'node:crypto';
import type { RecordViewResponse } from '@bazaar/common/ads';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';

/** A key of its own for viewer hashes, derived from the auth secret. */
export function deriveViewerSecret(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('bazaar/ad-viewer-key/v1').digest();
}

/**
 * Who is viewing, for counting each viewer once a day: a signed-in user by id; anyone else
 * by a keyed hash of their address and browser, so the raw address is never stored.
 */
export function viewerKeyFor(
  secret: Buffer,
  viewer: { userId?: string; address: string; userAgent?: string },
): string {
  if (viewer.userId) return `user:${viewer.userId}`;
  const hash = createHmac('sha256', secret)
    .update(`${viewer.address}\n${viewer.userAgent ?? ''}`)
    .digest('base64url');
  return `anon:${hash}`;
}

/**
 * Counts a view of an active ad by someone other than its owner, once per viewer per (UTC)
 * day: the ad_views row and the counter change together in one statement.
 * Undefined when there is no such active ad.
 */
export async function recordAdView(
  db: Database,
  adId: string,
  viewerKey: string,
  viewerUserId: string | undefined,
): Promise<RecordViewResponse | undefined> {
  const { rows } = await db.execute<{ views: number; counted: boolean }>(sql`
    with ad as (
      select id, views from advertisements
      where id = ${adId} and status = 'active'
        and user_id is distinct from ${viewerUserId ?? null}::uuid
    ),
    seen as (
      insert into ad_views (ad_id, viewer_key, day)
      select id, ${viewerKey}, (now() at time zone 'UTC')::date from ad
      on conflict do nothing
      returning ad_id
    ),
    counted as (
      update advertisements a set views = a.views + 1
      from seen where a.id = seen.ad_id
      returning a.views
    )
    select coalesce((select views from counted), (select views from ad)) as views,
           exists (select 1 from counted) as counted`);
  const row = rows[0];
  if (row && row.views !== null) return { views: row.views, counted: row.counted };
  // The owner's own view, or no such active ad.
  const { rows: owned } = await db.execute<{ views: number }>(
    sql`select views from advertisements where id = ${adId} and status = 'active'`,
  );
  return owned[0] ? { views: owned[0].views, counted: false } : undefined;
}

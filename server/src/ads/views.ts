import { createHmac, randomBytes } from 'node:crypto';
import type { RecordViewResponse } from '@bazaar/common/ads';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { cookieValuesOf } from '../http/cookies';

/** A key of its own for viewer hashes, derived from the auth secret. */
export function deriveViewerSecret(authSecret: string): Buffer {
  return createHmac('sha256', authSecret).update('bazaar/ad-viewer-key/v1').digest();
}

/** The visitor cookie: a random id the server signed, kept by the browser for a year. */
export const VISITOR_COOKIE = 'bazaar.visitor';
const VISITOR_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/**
 * At most this many visitors of one address (or IPv6 /64) count for an ad a day: people
 * sharing a network each count, and a client that mints a new visitor cookie for every view
 * (or keeps none) counts no more than this.
 */
export const VISITORS_PER_ADDRESS_MAX = 3;

const keyedHash = (secret: Buffer, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url');

/** An IPv6 address by its /64 network (one subscriber's); any other address as it is. */
function networkOf(address: string): string {
  if (!address.includes(':') || address.startsWith('::ffff:')) return address.replace(/^::ffff:/, '');
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The signed visitor id of the request's cookie; undefined when absent or not ours. */
function visitorIdOf(secret: Buffer, cookieHeader: string | undefined): string | undefined {
  const [value = ''] = cookieValuesOf(cookieHeader, VISITOR_COOKIE);
  const [id, signature] = value.split('.');
  return id && signature && keyedHash(secret, `visitor:${id}`) === signature ? id : undefined;
}

/**
 * Who is viewing, for counting each viewer once a day: a signed-in user by id; anyone else
 * by the visitor cookie (a new one when the request has none, to be set with `setCookie`)
 * under a keyed hash of their address, which is never stored raw. Changing the User-Agent
 * changes nothing; a new cookie counts only within the address's allowance.
 */
export function viewerOf(
  secret: Buffer,
  request: { userId?: string; address: string; cookie?: string; isHttps: boolean },
): { key: string; addressPrefix?: string; setCookie?: string } {
  if (request.userId) return { key: `user:${request.userId}` };
  const addressPrefix = `anon:${keyedHash(secret, networkOf(request.address))}:`;
  const knownId = visitorIdOf(secret, request.cookie);
  const id = knownId ?? randomBytes(16).toString('base64url');
  const setCookie = knownId
    ? undefined
    : [
        `${VISITOR_COOKIE}=${id}.${keyedHash(secret, `visitor:${id}`)}`,
        'Path=/',
        `Max-Age=${VISITOR_COOKIE_MAX_AGE_SECONDS}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(request.isHttps ? ['Secure'] : []),
      ].join('; ');
  return { key: `${addressPrefix}${keyedHash(secret, id)}`, addressPrefix, setCookie };
}

/**
 * Counts a view of an active ad by someone other than its owner, once per viewer per (UTC)
 * day: the ad_views row and the counter change together in one statement.
 * Undefined when there is no such active ad.
 */
export async function recordAdView(
  db: Database,
  adId: string,
  viewer: { key: string; addressPrefix?: string },
  viewerUserId: string | undefined,
): Promise<RecordViewResponse | undefined> {
  const { rows } = await db.execute<{ views: number; counted: boolean }>(sql`
    with ad as (
      select id, views from advertisements
      where id = ${adId} and status = 'active'
        and user_id is distinct from ${viewerUserId ?? null}::uuid
        and (${viewer.addressPrefix ?? null}::text is null or (
          select count(*) from ad_views v
          where v.ad_id = ${adId} and v.day = (now() at time zone 'UTC')::date
            and starts_with(v.viewer_key, ${viewer.addressPrefix ?? null}::text)
        ) < ${VISITORS_PER_ADDRESS_MAX})
    ),
    seen as (
      insert into ad_views (ad_id, viewer_key, day)
      select id, ${viewer.key}, (now() at time zone 'UTC')::date from ad
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

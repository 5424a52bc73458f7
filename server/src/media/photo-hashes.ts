import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { adPhotoHashes } from '../db/schema';
import { bandProbes, bandsOf, isDistinctiveHash, SAME_PHOTO_MAX_DISTANCE } from './photo-hash';

/** The difference hash of one stored picture (an ad_media row). */
export interface PhotoHash {
  mediaId: string;
  hash: bigint;
}

/** Keeps the hashes of an ad's new pictures, in the transaction that inserts their media rows. */
export async function recordPhotoHashes(
  executor: Executor,
  { adId, userId, photoHashes }: { adId: string; userId: string; photoHashes: PhotoHash[] },
): Promise<void> {
  if (photoHashes.length === 0) return;
  await executor
    .insert(adPhotoHashes)
    .values(
      photoHashes.map(({ mediaId, hash }) => ({ media_id: mediaId, ad_id: adId, user_id: userId, hash })),
    );
}

/**
 * The query that finds a picture of another seller within SAME_PHOTO_MAX_DISTANCE bits of
 * `hash`: each band's value or a value one bit from it (17 keys in each of the four band
 * indexes, OR-ed as one bitmap), then the exact distance on those few candidates. Only a
 * picture the other seller showed before this seller first did counts: the original seller
 * reposting their photo after someone copied it is not the one reusing it. Exported for the
 * bench.
 */
export function samePhotoOfOtherSellerQuery(hash: bigint, userId: string) {
  const value = sql`${hash.toString()}::bigint`;
  const [band0, band1, band2, band3] = bandsOf(hash).map(
    (band) => sql`${sql.param(bandProbes(band))}::int[]`,
  );
  return sql`
    with candidates as (
      select ad_id, user_id, created_at, bit_count((hash # ${value})::bit(64))::int as distance
      from ad_photo_hashes
      where (band_0 = any(${band0}) or band_1 = any(${band1}) or band_2 = any(${band2}) or band_3 = any(${band3}))
        and bit_count((hash # ${value})::bit(64)) <= ${SAME_PHOTO_MAX_DISTANCE}
    )
    select ad_id, distance
    from candidates
    where user_id <> ${userId}
      and created_at < coalesce(
        (select min(created_at) from candidates where user_id = ${userId}), 'infinity'::timestamptz)
    order by distance, created_at
    limit 1`;
}

/**
 * Another seller's ad showing one of these pictures (the closest match of the first picture
 * that has one), or null. Plain pictures (isDistinctiveHash) are never matched: thousands of
 * unrelated ones look alike.
 */
export async function findAdWithSamePhotoOfOtherSeller(
  executor: Executor,
  { userId, photoHashes }: { userId: string; photoHashes: PhotoHash[] },
): Promise<string | null> {
  for (const { hash } of photoHashes) {
    if (!isDistinctiveHash(hash)) continue;
    const { rows } = await executor.execute<{ ad_id: string }>(samePhotoOfOtherSellerQuery(hash, userId));
    if (rows[0]) return rows[0].ad_id;
  }
  return null;
}

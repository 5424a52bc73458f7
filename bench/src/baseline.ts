/**
 * The spec's original design as a baseline: the browser fetched every ad as one list and
 * filtered it itself. This reads all active ads with the columns that list carried, in
 * batches straight from PostgreSQL, and serialises them as the JSON the browser would have
 * downloaded: the bytes and the time of that, before any network.
 */
import type pg from 'pg';

const BATCH = 20_000;

export interface AllAdsBaseline {
  ads: number;
  bytes: number;
  ms: number;
}

export async function fetchAllAdsAsOneList(pool: pg.Pool): Promise<AllAdsBaseline> {
  const started = performance.now();
  let ads = 0;
  // The brackets and commas of one JSON array around the rows.
  let bytes = 2;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await pool.query<{ id: string }>(
      `select id, user_id, title, description, price, category, location, featured_until, views, likes,
              status, created_at, updated_at
       from advertisements where status = 'active' and id > $1 order by id limit $2`,
      [after, BATCH],
    );
    if (rows.length === 0) break;
    for (const row of rows) bytes += Buffer.byteLength(JSON.stringify(row)) + 1;
    ads += rows.length;
    after = rows.at(-1)!.id;
  }
  return { ads, bytes: bytes - (ads > 0 ? 1 : 0), ms: performance.now() - started };
}

import type pg from 'pg';
import type { Logger } from 'pino';
import { advisoryLocks, withAdvisoryLock } from '../db/migrate';
import { gazetteerSource, readGazetteerPackage, type PlaceColumns } from './gazetteer-package';

/** Rows per INSERT: a few arrays of this length are one round trip of a few hundred kB. */
const INSERT_CHUNK = 20_000;
/** Ads read per statement when existing ads are matched to places: short row locks on a big table. */
const MATCH_BATCH = 5_000;

export interface GazetteerSource {
  source: string;
  readPlaces: () => Promise<PlaceColumns>;
}

const packageSource: GazetteerSource = { source: gazetteerSource(), readPlaces: readGazetteerPackage };

/**
 * Fills `places` from the gazetteer package unless this version of it is there already, then
 * gives the ads that existed before it coordinates where their location text names a known
 * place. Idempotent; one process at a time (its own advisory lock). The server runs it in the
 * background once it is ready, so a first start is not slower; /api/places says `is_loading`
 * meanwhile.
 */
export async function loadGazetteer(
  pool: pg.Pool,
  { source, readPlaces }: GazetteerSource = packageSource,
): Promise<{ placesLoaded: number; adsMatched: number }> {
  return withAdvisoryLock(pool, advisoryLocks.gazetteer, async () => {
    const { rows } = await pool.query<{ source: string; ads_matched_at: Date | null }>(
      'select source, ads_matched_at from gazetteer_state where id = 1',
    );
    let placesLoaded = 0;
    if (rows[0]?.source !== source) placesLoaded = await insertPlaces(pool, source, await readPlaces());
    const adsMatched = rows[0]?.ads_matched_at && placesLoaded === 0 ? 0 : await matchExistingAds(pool);
    return { placesLoaded, adsMatched };
  });
}

/** Upserts the places (never deletes: ads may name a place a newer gazetteer dropped) in one transaction. */
async function insertPlaces(pool: pg.Pool, source: string, places: PlaceColumns): Promise<number> {
  const count = places.ids.length;
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (let start = 0; start < count; start += INSERT_CHUNK) {
      const end = Math.min(start + INSERT_CHUNK, count);
      await client.query(
        `insert into places (id, name, region, country, population, lat, lon)
         select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::float8[], $7::float8[])
         on conflict (id) do update set name = excluded.name, region = excluded.region,
           country = excluded.country, population = excluded.population, lat = excluded.lat, lon = excluded.lon`,
        // pg sends arrays, not typed arrays (those would go as bytea).
        [
          Array.from(places.ids.subarray(start, end)),
          places.names.slice(start, end),
          places.regions.slice(start, end),
          places.countries.slice(start, end),
          Array.from(places.populations.subarray(start, end)),
          Array.from(places.lats.subarray(start, end)),
          Array.from(places.lons.subarray(start, end)),
        ],
      );
    }
    await client.query(
      `insert into gazetteer_state (id, source, place_count, loaded_at, ads_matched_at)
       values (1, $1, $2, now(), null)
       on conflict (id) do update set source = excluded.source, place_count = excluded.place_count,
         loaded_at = excluded.loaded_at, ads_matched_at = null`,
      [source, count],
    );
    await client.query('commit');
    await client.query('analyze places');
    return count;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The place an ad's location text names: "Austin, TX" is the most populous Austin in TX,
 * "Austin" the most populous Austin anywhere. Text that names no place matches nothing.
 */
const placeNamedBy = (location: string) => `
  select p.id, p.lat, p.lon from places p
  where lower(p.name) = lower(trim(split_part(${location}, ',', 1)))
  order by (p.region = upper(trim(split_part(${location}, ',', 2)))
            or p.country = upper(trim(split_part(${location}, ',', 2)))) is true desc,
           p.population desc, p.id
  limit 1`;

/** Gives ads without a place the one their location text names, in batches by id. */
async function matchExistingAds(pool: pg.Pool): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let matched = 0;
  for (;;) {
    const { rows } = await pool.query<{ last_id: string | null; matched: number }>(
      `with batch as (
         select id, location from advertisements where id > $1 and place_id is null order by id limit $2
       ), found as (
         update advertisements a set place_id = named.id, lat = named.lat, lon = named.lon
         from batch b cross join lateral (${placeNamedBy('b.location')}) named
         where a.id = b.id and a.place_id is null
         returning 1
       )
       select (select id from batch order by id desc limit 1) as last_id, (select count(*)::int from found) as matched`,
      [after, MATCH_BATCH],
    );
    const [row] = rows;
    matched += row?.matched ?? 0;
    if (!row?.last_id) break;
    after = row.last_id;
  }
  await pool.query('update gazetteer_state set ads_matched_at = now() where id = 1');
  return matched;
}

/**
 * Starts loading after the server is ready; a failure is logged (place search keeps saying it
 * is loading), a shutdown meanwhile is not a failure.
 */
export function loadGazetteerInBackground(pool: pg.Pool, log: Logger): Promise<void> {
  const startedAt = Date.now();
  return loadGazetteer(pool).then(
    ({ placesLoaded, adsMatched }) => {
      if (placesLoaded > 0 || adsMatched > 0) {
        log.info({ placesLoaded, adsMatched, ms: Date.now() - startedAt }, 'gazetteer loaded');
      }
    },
    (error: unknown) => {
      // Stopped within seconds of starting: the next start carries on where this one stopped.
      if (pool.ending) log.info('loading the gazetteer stopped with the app; the next start resumes it');
      else log.error({ err: error }, 'loading the gazetteer failed; place search stays unavailable');
    },
  );
}

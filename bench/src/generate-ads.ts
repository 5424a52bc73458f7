/**
 * Fills the benchmark database with `adCount` generated ads. Rows are generated inside
 * PostgreSQL (INSERT … SELECT over generate_series) with the secondary indexes dropped and
 * rebuilt afterwards, so a million ads take minutes, not hours.
 *
 * It only ever deletes what it generated (users @bench.bazaar.local and their ads), unless
 * the database holds nothing else, in which case it truncates. A database that already holds
 * exactly `adCount` generated ads is left as it is.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { runMigrations } from '../../server/src/db/migrate';
import { loadGazetteer } from '../../server/src/places/load-gazetteer';
import {
  adjectives,
  categories,
  nouns,
  placePrefixes,
  places,
  rareWords,
  sentences,
  states,
} from './word-lists';

export const BENCH_EMAIL_DOMAIN = 'bench.bazaar.local';
/** Generated ads share this many photos, so pages show real images without a million files. */
const PHOTO_COUNT = 12;

function log(message: string, started: number) {
  console.log(`  ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/**
 * The folder of the generated ads' shared photos: that of the first active generated ad, as
 * the app serves only an ad's own files (`/media/ads/<ad>/…`), to anyone while it is public.
 */
async function photoFolder(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `select a.id from advertisements a join users u on u.id = a.user_id
     where u.email like $1 and a.status = 'active' order by a.id limit 1`,
    [`%@${BENCH_EMAIL_DOMAIN}`],
  );
  if (!rows[0]) throw new Error('The bench database holds no active generated ad');
  return `ads/${rows[0].id}`;
}

/** Writes the shared photos (full size and card variant) where the app's local storage serves them. */
export async function writeBenchPhotos(uploadsDir: string, databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let folder: string;
  try {
    // The folder the photo rows name (photoFolder's when they were generated).
    const { rows } = await client.query<{ folder: string }>(
      `select substring(card_key from '^(ads/[^/]+)/photo-') as folder from ad_media
       where card_key ~ '^ads/[^/]+/photo-[0-9]+-card[.]webp$' limit 1`,
    );
    if (!rows[0]) throw new Error('The bench database holds no generated photo');
    folder = path.join(uploadsDir, rows[0].folder);
  } finally {
    await client.end();
  }
  await mkdir(folder, { recursive: true });
  for (let index = 0; index < PHOTO_COUNT; index += 1) {
    const background = { r: (index * 67) % 256, g: (index * 131) % 256, b: (index * 29) % 256 };
    for (const [variant, width, height] of [
      ['full', 1200, 900],
      ['card', 480, 360],
    ] as const) {
      await sharp({ create: { width, height, channels: 3, background } })
        .webp()
        .toFile(path.join(folder, `photo-${index}-${variant}.webp`));
    }
  }
}

/**
 * Moves the photo rows of data generated before photos had to be in an ad's folder
 * (`bench/photo-N-…`, which the app answers 404 for) into photoFolder's. Returns how many.
 */
async function movePhotosIntoAnAdsFolder(client: pg.PoolClient): Promise<number> {
  const { rowCount } = await client.query(
    `update ad_media set storage_key = $1 || substring(storage_key from 6), card_key = $1 || substring(card_key from 6)
     where storage_key like 'bench/%'`,
    [await photoFolder(client)],
  );
  return rowCount ?? 0;
}

async function countGeneratedAds(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ ads: number }>(
    `select count(*)::int as ads from advertisements a join users u on u.id = a.user_id where u.email like $1`,
    [`%@${BENCH_EMAIL_DOMAIN}`],
  );
  return rows[0]!.ads;
}

/** A random element of a text[] parameter, skewed towards its start when `skew` > 1. */
const pick = (parameter: string, skew = 1) =>
  `(${parameter})[1 + floor(power(random(), ${skew}) * cardinality(${parameter}))::int]`;

/**
 * A photo hash for every generated picture that has none, as if every ad had a photo of its
 * own: 64 random bits (uniform, so the band indexes see ~15 rows per value at a million).
 */
async function generatePhotoHashes(client: pg.PoolClient): Promise<number> {
  const { rowCount } = await client.query(
    `insert into ad_photo_hashes (media_id, ad_id, user_id, hash)
     select m.id, m.ad_id, a.user_id,
            (floor(random() * 4294967296)::bigint << 32) | floor(random() * 4294967296)::bigint
     from ad_media m join advertisements a on a.id = m.ad_id
     where m.kind = 'image' and not exists (select 1 from ad_photo_hashes h where h.media_id = m.id)`,
  );
  return rowCount ?? 0;
}

/**
 * The places generated ads are at (issue 14): the gazetteer's US towns of 5 000 people or more,
 * numbered 1…n so that a random number picks one. Ads keep their generated location text, so
 * the other benchmarks' location searches are unchanged; only radius search reads these.
 */
async function createBenchPlaces(client: pg.PoolClient): Promise<number> {
  await client.query(
    `create temp table if not exists bench_places on commit preserve rows as
     select row_number() over (order by id)::int as n, id, lat, lon from places
     where country = 'US' and population >= 5000`,
  );
  const { rows } = await client.query<{ places: number }>('select count(*)::int as places from bench_places');
  return rows[0]!.places;
}

/** Coordinates for generated ads that have none (a database generated before places existed). */
async function generatePlaces(client: pg.PoolClient): Promise<number> {
  const placeCount = await createBenchPlaces(client);
  const { rowCount } = await client.query(
    `update advertisements a set place_id = p.id, lat = p.lat, lon = p.lon
     from (select id, 1 + floor(random() * $1::int)::int as n from advertisements where place_id is null) as pick
       join bench_places p on p.n = pick.n
     where a.id = pick.id`,
    [placeCount],
  );
  return rowCount ?? 0;
}

async function removePreviousBenchData(client: pg.PoolClient) {
  const { rows } = await client.query<{ others: number }>(
    `select count(*)::int as others from users where email not like $1`,
    [`%@${BENCH_EMAIL_DOMAIN}`],
  );
  if (rows[0]!.others === 0) {
    await client.query(
      'truncate users, advertisements, ad_media, ad_photo_hashes, favorites, ad_views cascade',
    );
  } else {
    await client.query(`delete from users where email like $1`, [`%@${BENCH_EMAIL_DOMAIN}`]);
  }
}

export async function generateAds(databaseUrl: string, adCount: number): Promise<void> {
  const started = Date.now();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // Without a listener, an idle connection the server ends (a stop after a long run) crashes the process.
  pool.on('error', (error) => console.warn(`generator: idle database connection lost: ${error.message}`));
  try {
    await runMigrations(pool);
    await loadGazetteer(pool);
    const client = await pool.connect();
    try {
      if ((await countGeneratedAds(client)) === adCount) {
        log(`the database already holds ${adCount} generated ads`, started);
        // Generated before photo hashes existed: add them, then refresh the statistics.
        const hashed = await generatePhotoHashes(client);
        if (hashed > 0) {
          await client.query('vacuum analyze ad_photo_hashes');
          log(`added ${hashed} photo hashes`, started);
        }
        const moved = await movePhotosIntoAnAdsFolder(client);
        if (moved > 0) log(`moved ${moved} photo rows into an ad's folder`, started);
        const placed = await generatePlaces(client);
        if (placed > 0) {
          await client.query('vacuum analyze advertisements');
          log(`gave ${placed} ads a place`, started);
        }
        return;
      }
      await client.query(`set synchronous_commit = off; set maintenance_work_mem = '512MB'`);
      await removePreviousBenchData(client);
      log('cleared earlier benchmark data', started);

      // Secondary indexes are rebuilt once at the end: far cheaper than maintaining them per row.
      const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes
         where schemaname = 'public' and tablename in ('advertisements', 'ad_media', 'ad_photo_hashes')
           and indexname not like '%_pkey'`,
      );
      for (const index of indexes) await client.query(`drop index if exists "${index.indexname}"`);

      // Sellers with 1–30 ads each, enough of them for the requested number of ads.
      const sellerCount = Math.ceil((adCount / 15.5) * 1.1) + 1;
      await client.query(
        `create temp table bench_sellers on commit preserve rows as
         select gen_random_uuid() as id, n, 1 + floor(random() * 30)::int as ad_count
         from generate_series(1, $1::int) as n`,
        [sellerCount],
      );
      await client.query(
        `insert into users (id, name, email, email_verified, created_at, updated_at)
         select id, 'Bench Seller ' || n, 'seller-' || n || '@${BENCH_EMAIL_DOMAIN}', true,
                now() - interval '400 days', now() - interval '400 days'
         from bench_sellers`,
      );
      await client.query(
        `insert into profiles (id, name, subscription_status, subscription_plan, trial_end_date, max_ads, current_period_end)
         select id, 'Bench Seller ' || n, 'active', 'master', now() - interval '386 days', 30, now() + interval '30 days'
         from bench_sellers`,
      );
      log(`inserted ${sellerCount} sellers`, started);

      const placeCount = await createBenchPlaces(client);
      const parameters = [nouns, adjectives, sentences, rareWords, places, placePrefixes, states, categories];
      // In creation order, as a live table is appended: ads are posted one after another, and
      // their views and edits keep them on their pages (migration 0018). Data generated before
      // stop 28 lay in random order; a kept BENCH_DATA_DIR of it is generated afresh once emptied.
      await client.query(
        `insert into advertisements
           (user_id, title, description, price, category, location, featured_until, views, likes, status, created_at, updated_at,
            place_id, lat, lon)
         select user_id,
                left(initcap(${pick('$2::text[]', 1.5)}) || ' ' || ${pick('$1::text[]', 2)}
                     || case when random() < 0.3 then ' and ' || ${pick('$1::text[]', 2)} else '' end, 100),
                left(${pick('$3::text[]')} || ' ' || initcap(${pick('$2::text[]')}) || ' '
                     || ${pick('$1::text[]', 2)} || '. ' || ${pick('$3::text[]')} || ' ' || ${pick('$3::text[]')}
                     || case when random() < 0.002 then ' ' || ${pick('$4::text[]')} || '.' else '' end, 1000),
                round(exp(random() * ln(100000))::numeric, 2),
                ${pick('$8::text[]')},
                ${pick('$6::text[]')} || ${pick('$5::text[]')} || ', ' || ${pick('$7::text[]')},
                -- One ad in a thousand is in a featured week, as paid featuring would make it.
                case when random() < 0.001 then now() + random() * interval '7 days' end,
                views,
                floor(views * random() * 0.05)::int,
                case when random() < 0.02 then 'hidden' else 'active' end,
                created_at,
                created_at,
                p.id, p.lat, p.lon
         from (
           select s.id as user_id,
                  floor(power(random(), 4) * 3000)::int as views,
                  now() - random() * interval '365 days' as created_at,
                  1 + floor(random() * $10::int)::int as place_n
           from bench_sellers s cross join lateral generate_series(1, s.ad_count)
           limit $9::int
         ) as generated
         join bench_places p on p.n = generated.place_n
         order by generated.created_at`,
        [...parameters, adCount, placeCount],
      );
      log(`inserted ${adCount} ads`, started);
      // Statistics before the photo rows: their foreign-key checks would otherwise look each
      // ad up by a plan made for the table as it was before the insert (empty: a scan per row).
      await client.query('analyze advertisements');

      // One photo row per ad, as real ads have, so list queries find a card image as they would.
      await client.query(
        `insert into ad_media (ad_id, kind, position, storage_key, card_key, content_type, width, height, bytes)
         select a.id, 'image', 0, $2 || '/photo-' || photo || '-full.webp', $2 || '/photo-' || photo || '-card.webp',
                'image/webp', 1200, 900, 150000
         from (select id, user_id, floor(random() * $1::int)::int as photo from advertisements) as a
           join bench_sellers s on s.id = a.user_id`,
        [PHOTO_COUNT, await photoFolder(client)],
      );
      log('inserted one photo row per ad', started);
      await generatePhotoHashes(client);
      log('inserted one photo hash per photo', started);

      for (const index of indexes) await client.query(index.indexdef);
      log(`rebuilt ${indexes.length} indexes`, started);
      // As a long-running database would be: statistics fresh, visibility map set (index-only scans).
      await client.query('vacuum analyze users, profiles, advertisements, ad_media, ad_photo_hashes');
      const { rows: summary } = await client.query<{
        ads: number;
        active: number;
        featured: number;
        locations: number;
      }>(
        `select count(*)::int as ads, count(*) filter (where status = 'active')::int as active,
                count(*) filter (where featured_until > now())::int as featured, count(distinct location)::int as locations
         from advertisements`,
      );
      log(`done: ${JSON.stringify(summary[0])}`, started);
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

import { AD_LIFETIME_DAYS_DEFAULT, DAY_MS } from '@bazaar/common/constants';
import { randomUUID } from 'node:crypto';
import { findPlan } from '@bazaar/common/plans';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/database';
import { advisoryLocks, withAdvisoryLock } from '../db/migrate';
import { accounts, adMedia, advertisements, favorites, profiles, users } from '../db/schema';
import { storageKeysOf, storeImageVariants, type NewAdMedia } from '../media/ad-images';
import { createImageVariants, type ImageVariants } from '../media/images';
import type { Storage } from '../media/storage';
import type { SendContext } from '../messaging/send-message';
import { demoAds } from './demo-ads';
import { insertDemoConversations } from './demo-conversations';
import { demoCategories, generateDemoAds } from './demo-catalog';
import { generateDemoImage } from './demo-images';

/** Demo sellers can sign in with this password (the README says so). */
export const DEMO_PASSWORD = 'bazaar-demo';

/** Twelve: the demo's 300 ads leave each of them 25 of the Master Pack's 30, room to post more. */
const demoSellers = [
  {
    name: 'Maria Gonzalez',
    email: 'maria@demo.bazaar.local',
    phone: '+1 512 555 0142',
    location: 'Austin, TX',
  },
  {
    name: 'James Carter',
    email: 'james@demo.bazaar.local',
    phone: '+1 206 555 0178',
    location: 'Seattle, WA',
  },
  {
    name: 'Aisha Rahman',
    email: 'aisha@demo.bazaar.local',
    phone: '+1 718 555 0110',
    location: 'Brooklyn, NY',
  },
  { name: 'Tom Becker', email: 'tom@demo.bazaar.local', phone: '+1 503 555 0193', location: 'Portland, OR' },
  {
    name: 'Lena Park',
    email: 'lena@demo.bazaar.local',
    phone: '+1 415 555 0126',
    location: 'San Francisco, CA',
  },
  {
    name: 'Diego Alvarez',
    email: 'diego@demo.bazaar.local',
    phone: '+1 602 555 0164',
    location: 'Phoenix, AZ',
  },
  { name: 'Priya Shah', email: 'priya@demo.bazaar.local', phone: '+1 312 555 0187', location: 'Chicago, IL' },
  {
    name: 'Marcus Johnson',
    email: 'marcus@demo.bazaar.local',
    phone: '+1 404 555 0135',
    location: 'Atlanta, GA',
  },
  { name: 'Sofia Rossi', email: 'sofia@demo.bazaar.local', phone: '+1 617 555 0159', location: 'Boston, MA' },
  {
    name: 'Kenji Watanabe',
    email: 'kenji@demo.bazaar.local',
    phone: '+1 303 555 0171',
    location: 'Denver, CO',
  },
  {
    name: 'Emma Wilson',
    email: 'emma@demo.bazaar.local',
    phone: '+1 615 555 0148',
    location: 'Nashville, TN',
  },
  { name: 'Omar Haddad', email: 'omar@demo.bazaar.local', phone: '+1 313 555 0122', location: 'Detroit, MI' },
];

/** Generated ads per category, on top of the four written by hand: 25 in each of the 12. */
const GENERATED_PER_CATEGORY = 21;

/**
 * Drawn pictures per category. Encoding them is the slow part of the first start (about 70 ms
 * of CPU each), so each category has a set of them that its ads share (each ad stores its
 * own copies).
 */
const PICTURES_PER_CATEGORY = 4;

/**
 * The WebP encoder's effort for the drawings: all 48 took 3.4 s of CPU instead of 6.2 at a
 * photo's effort, for 8 % more bytes (881 kB instead of 816).
 */
const DRAWING_EFFORT = 2;

/** Pictures encoded at once: sharp works on its own threads, more would only queue. */
const ENCODING_CONCURRENCY = 3;

/** Picture copies written at once. */
const STORING_CONCURRENCY = 8;

/** Deterministic pseudo-random numbers, so every fresh install shows the same demo. */
function createRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Each category's drawn pictures, encoded. */
export type DemoPictures = Map<string, ImageVariants[]>;

/**
 * Fills an empty database with demo sellers and ads so every page has something to show
 * on first start. Does nothing once any user exists. Safe to call from several processes.
 * `pictures`: encodeDemoPictures() started earlier, when the caller knew the database is new.
 */
export async function seedDemoData(
  database: DatabaseHandle,
  storage: Storage,
  logger: Logger,
  { messaging, pictures }: { messaging: SendContext; pictures?: Promise<DemoPictures> },
): Promise<void> {
  await withAdvisoryLock(database.pool, advisoryLocks.demoSeed, async () => {
    const { rows } = await database.pool.query<{ has_users: boolean }>(
      'select exists (select 1 from users) as has_users',
    );
    if (rows[0]?.has_users) return;
    const started = Date.now();
    const ads = await insertDemoData(database, storage, await (pictures ?? encodeDemoPictures()), messaging);
    // The gazetteer's load after start-up gives the demo ads the places their text names
    // ("Austin, TX"), also when it was loaded before (issue 14).
    await database.pool.query('update gazetteer_state set ads_matched_at = null');
    logger.info({ sellers: demoSellers.length, ads, ms: Date.now() - started }, 'demo data loaded');
  });
}

/**
 * Runs `task` over `items` with at most `limit` running at once; results in input order.
 * After a failure no task starts, and it is thrown once those running have finished.
 */
async function mapWithLimit<Item, Result>(
  items: Item[],
  limit: number,
  task: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  let next = 0;
  let failed = false;
  async function worker() {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  const settled = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}

/** Each category's drawn pictures, encoded once. */
export async function encodeDemoPictures(): Promise<DemoPictures> {
  const jobs = demoCategories.flatMap((category) =>
    Array.from({ length: PICTURES_PER_CATEGORY }, (_, index) => ({ category, index })),
  );
  const encoded = await mapWithLimit(jobs, ENCODING_CONCURRENCY, ({ category, index }) =>
    createImageVariants(generateDemoImage(category, index + 1), { effort: DRAWING_EFFORT }),
  );
  const pictures: DemoPictures = new Map();
  jobs.forEach(({ category }, index) => {
    pictures.set(category, [...(pictures.get(category) ?? []), encoded[index]!]);
  });
  return pictures;
}

/** Inserts the demo sellers, their ads and their conversations; returns how many ads. */
async function insertDemoData(
  { db }: DatabaseHandle,
  storage: Storage,
  pictures: DemoPictures,
  messagingContext: SendContext,
): Promise<number> {
  const random = createRandom(42);
  const now = Date.now();
  const master = findPlan('master');
  if (!master) throw new Error('The master plan is missing');
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const sellers = demoSellers.map((seller, index) => ({
    ...seller,
    id: randomUUID(),
    createdAt: new Date(now - (120 + index * 20) * DAY_MS),
  }));
  const ads = [...demoAds, ...generateDemoAds(GENERATED_PER_CATEGORY, random)].map((ad, index) => {
    const createdAt = new Date(now - Math.floor(random() * 29 * DAY_MS) - index * 60_000);
    return {
      ...ad,
      id: randomUUID(),
      user_id: sellers[index % sellers.length]!.id,
      // One in twenty, for a week as if bought; the end-of-feature job clears it afterwards.
      featured_until: index % 20 === 1 ? new Date(now + 7 * DAY_MS) : null,
      created_at: createdAt,
      updated_at: createdAt,
      // Their 30-day lifetime (issue 14), but two days at least: a fresh demo loses no ads at once.
      expires_at: new Date(
        Math.max(createdAt.getTime() + AD_LIFETIME_DAYS_DEFAULT * DAY_MS, now + 2 * DAY_MS),
      ),
      // Traffic is skewed: most ads get a few dozen views, some get hundreds.
      views: Math.floor(8 + 400 * random() ** 3),
    };
  });

  // The pictures each ad shows, stored a few at a time (one after another, a first start
  // spent a second or more waiting on the file system).
  const copies = ads.flatMap((ad) => {
    const own = pictures.get(ad.category)!;
    const count = ad.featured_until ? 3 : 1 + Math.floor(random() * 2);
    // Neighbouring ads of a category start at different pictures.
    const first = Math.floor(random() * own.length);
    return Array.from({ length: count }, (_, position) => ({
      adId: ad.id,
      variants: own[(first + position) % own.length]!,
      position,
    }));
  });
  const media: NewAdMedia[] = [];
  try {
    await mapWithLimit(copies, STORING_CONCURRENCY, async ({ adId, variants, position }) => {
      media.push(await storeImageVariants(storage, adId, variants, position));
    });

    const likes = ads.flatMap((ad) =>
      sellers
        .filter((seller) => seller.id !== ad.user_id && random() < 0.35)
        .map((seller) => ({
          user_id: seller.id,
          ad_id: ad.id,
          // A day after the ad was posted, or now for a newer ad: never a time to come.
          created_at: new Date(Math.min(ad.created_at.getTime() + DAY_MS, now)),
        })),
    );
    // Each view a row of ad_views, as columns: 30 000 rows go in one statement.
    const views = { adIds: [] as string[], viewerKeys: [] as string[], days: [] as string[] };
    for (const ad of ads) {
      const days = Math.max(1, Math.floor((now - ad.created_at.getTime()) / DAY_MS));
      for (let viewer = 0; viewer < ad.views; viewer += 1) {
        views.adIds.push(ad.id);
        views.viewerKeys.push(`demo-visitor-${viewer}`);
        views.days.push(
          new Date(ad.created_at.getTime() + Math.floor(random() * days) * DAY_MS).toISOString().slice(0, 10),
        );
      }
    }

    await db.transaction(async (tx) => {
      await tx.insert(users).values(
        sellers.map((seller) => ({
          id: seller.id,
          name: seller.name,
          email: seller.email,
          emailVerified: true,
          createdAt: seller.createdAt,
          updatedAt: seller.createdAt,
        })),
      );
      await tx.insert(accounts).values(
        sellers.map((seller) => ({
          id: randomUUID(),
          accountId: seller.id,
          providerId: 'credential',
          userId: seller.id,
          password: passwordHash,
        })),
      );
      await tx.insert(profiles).values(
        sellers.map((seller) => ({
          id: seller.id,
          name: seller.name,
          phone: seller.phone,
          location: seller.location,
          subscription_status: 'active' as const,
          subscription_plan: master.id,
          max_ads: master.maxAds,
          trial_end_date: new Date(seller.createdAt.getTime() + 14 * DAY_MS),
          current_period_start: new Date(now),
          current_period_end: new Date(now + 30 * DAY_MS),
          // Billed by the demo payment provider, so it renews, cancels and resumes like any plan.
          subscription_provider: 'demo' as const,
          provider_subscription_id: `sub_demo_seed_${seller.id.replaceAll('-', '')}`,
          created_at: seller.createdAt,
        })),
      );
      await tx.insert(advertisements).values(ads.map((ad) => ({ ...ad, likes: 0 })));
      await tx.insert(adMedia).values(media);
      await tx.insert(favorites).values(likes);
      await tx.execute(sql`
        insert into ad_views (ad_id, viewer_key, day)
        select * from unnest(${sql.param(views.adIds)}::uuid[], ${sql.param(views.viewerKeys)}::text[],
                             ${sql.param(views.days)}::date[])`);
      // Counters agree with the rows they count.
      await tx.execute(sql`
        update advertisements a set
          likes = (select count(*) from favorites f where f.ad_id = a.id),
          views = (select count(*) from ad_views v where v.ad_id = a.id)`);
      await insertDemoConversations(tx, sellers, ads, messagingContext);
    });
  } catch (error) {
    await Promise.all(storageKeysOf(media).map((key) => storage.delete(key)));
    throw error;
  }
  return ads.length;
}

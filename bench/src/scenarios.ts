/**
 * What the bench asks of the app: the reads behind the home, category, search and ad pages
 * (each with its floor, the same SQL through node-postgres), and the writes (sign-in,
 * posting an ad with one photo).
 */
import { adSearchQuerySchema } from '@bazaar/common/ads';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import {
  findAdDetail,
  findAdAccess,
  findFeaturedAds,
  findRelatedAds,
  searchAds,
} from '../../server/src/ads/queries';
import { findCategoriesWithCounts } from '../../server/src/categories/queries';
import { findDidYouMean } from '../../server/src/search/did-you-mean';
import { findSearchSuggestions } from '../../server/src/search/queries';
import type { Database } from '../../server/src/db/database';
import { multipartForm } from '../../server/test/multipart';
import { pngImage } from '../../server/test/media-fixtures';
import { captureQueries, type CapturedQuery } from './floor';
import { BENCH_EMAIL_DOMAIN } from './generate-ads';
import type { LoadRequest } from './load';

export type ScenarioGroup = 'browse' | 'search' | 'ad page' | 'messaging';

export interface ReadScenario {
  name: string;
  group: ScenarioGroup;
  request: (round: number) => LoadRequest;
  floor: { queries: CapturedQuery[]; vary?: (params: unknown[], round: number) => unknown[] };
}

export interface WriteScenario {
  name: string;
  request: (round: number) => LoadRequest;
}

/** How deep the "deep page" scenarios go, in pages of the default size. */
const DEEP_PAGE = 50;
/** Ad pages are read for this many different ads, in turn. */
export const AD_SAMPLE = 500;

interface Context {
  baseUrl: string;
  pool: pg.Pool;
}

/**
 * A deep page of a search: the cursor of page DEEP_PAGE, or of the last page when there are
 * fewer (small benchmark databases), found by walking the pages before it.
 */
async function deepPage(baseUrl: string, query: string): Promise<{ query: string; page: number }> {
  let cursor = '';
  let page = 1;
  while (page < DEEP_PAGE) {
    const response = await fetch(
      `${baseUrl}/api/ads?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    if (!response.ok) throw new Error(`The search "${query}" answered ${response.status}`);
    const { next_cursor: next } = (await response.json()) as { next_cursor: string | null };
    if (!next) break;
    cursor = next;
    page += 1;
  }
  return { query: [query, `cursor=${encodeURIComponent(cursor)}`].filter(Boolean).join('&'), page };
}

async function searchScenario(
  { pool }: Context,
  name: string,
  group: ScenarioGroup,
  query: string,
): Promise<ReadScenario> {
  const criteria = adSearchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  return {
    name,
    group,
    request: () => ({ path: `/api/ads?${query}` }),
    floor: { queries: await captureQueries(pool, (db) => searchAds(db, criteria)) },
  };
}

async function mostPopulousUsPlace(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `select id from places where country = 'US' order by population desc limit 1`,
  );
  if (!rows[0]) throw new Error('The bench database has no gazetteer');
  return rows[0].id;
}

/** A query's parameters with one ad id swapped for the round's. */
function swapAdId(sampleId: string, ids: string[]) {
  return (params: unknown[], round: number) =>
    params.map((value) => (value === sampleId ? ids[round % ids.length] : value));
}

export async function readScenarios(context: Context): Promise<ReadScenario[]> {
  const { baseUrl, pool } = context;
  const { rows } = await pool.query<{ id: string }>(
    `select id from advertisements where status = 'active' order by random() limit $1`,
    [AD_SAMPLE],
  );
  const ids = rows.map((row) => row.id);
  const sampleId = ids[0];
  if (!sampleId) throw new Error('The bench database has no active ads');
  const adQueries = async (work: (db: Database) => Promise<unknown>) => ({
    queries: await captureQueries(pool, work),
    vary: swapAdId(sampleId, ids),
  });
  const deepCategory = await deepPage(baseUrl, 'category=electronics');
  const deepNewest = await deepPage(baseUrl, '');
  const deepBestMatch = await deepPage(baseUrl, 'q=bike');

  return [
    {
      name: 'home: categories with counts',
      group: 'browse',
      request: () => ({ path: '/api/categories' }),
      floor: { queries: await captureQueries(pool, findCategoriesWithCounts) },
    },
    {
      name: 'home: featured ads',
      group: 'browse',
      request: () => ({ path: '/api/ads/featured' }),
      floor: { queries: await captureQueries(pool, findFeaturedAds) },
    },
    await searchScenario(context, 'category, first page', 'browse', 'category=electronics'),
    await searchScenario(context, `category, page ${deepCategory.page}`, 'browse', deepCategory.query),
    await searchScenario(context, `all ads, page ${deepNewest.page}`, 'browse', deepNewest.query),
    // Words without a sort are in best match (issue 15): ranked among the newest 1 000 matches.
    await searchScenario(context, 'search: broad word, best match', 'search', 'q=bike'),
    await searchScenario(
      context,
      `search: broad word, best match, page ${deepBestMatch.page}`,
      'search',
      deepBestMatch.query,
    ),
    await searchScenario(context, 'search: medium word, best match', 'search', 'q=vintage'),
    await searchScenario(context, 'search: broad word, newest', 'search', 'q=bike&sort=newest'),
    await searchScenario(context, 'search: rare word', 'search', 'q=kerfuffle'),
    {
      name: 'search: misspelt word, did you mean',
      group: 'search',
      request: () => ({ path: '/api/ads?q=vintge' }),
      floor: {
        queries: await captureQueries(pool, async (db) => {
          const criteria = adSearchQuerySchema.parse({ q: 'vintge' });
          await searchAds(db, criteria);
          await findDidYouMean(db, criteria);
        }),
      },
    },
    ...(await Promise.all(
      ['bi', 'vint', 'red bi', 'vintage b'].map(async (typed): Promise<ReadScenario> => ({
        name: `search: suggestions for "${typed}"`,
        group: 'search',
        request: () => ({ path: `/api/search/suggestions?q=${encodeURIComponent(typed)}` }),
        floor: { queries: await captureQueries(pool, (db) => findSearchSuggestions(db, typed)) },
      })),
    )),
    await searchScenario(
      context,
      'search: word + price + location',
      'search',
      'q=phone&minPrice=100&maxPrice=2000&location=spring',
    ),
    // The same with a place picked from the suggestions (issue 14), as the filters send it: the
    // most populous US town, where generated ads are densest, within the default 25 km.
    await searchScenario(
      context,
      'search: word + price + place',
      'search',
      `q=phone&minPrice=100&maxPrice=2000&place=${await mostPopulousUsPlace(pool)}`,
    ),
    ...(await Promise.all(
      (['oldest', 'price-low', 'price-high', 'popular'] as const).map((sort) =>
        searchScenario(context, `search: broad word, ${sort}`, 'search', `q=bike&sort=${sort}`),
      ),
    )),
    {
      name: 'ad page: ad',
      group: 'ad page',
      request: (round) => ({ path: `/api/ads/${ids[round % ids.length]}` }),
      floor: await adQueries((db) => findAdDetail(db, sampleId)),
    },
    {
      name: 'ad page: related ads',
      group: 'ad page',
      request: (round) => ({ path: `/api/ads/${ids[round % ids.length]}/related` }),
      // The floor swaps the ad id per round; the category stays the sample ad's (same cost).
      floor: await adQueries(async (db) => {
        const ad = await findAdAccess(db, sampleId);
        if (ad) await findRelatedAds(db, ad);
      }),
    },
  ];
}

let addressCounter = 0;
/** A distinct address of the benchmarking range (198.18.0.0/15) per request, so per-address rate limits stay out. */
export function nextClientAddress(): string {
  addressCounter += 1;
  return `198.${18 + ((addressCounter >> 16) & 1)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** The accounts the write scenarios use; removed (with their ads) by `removeWriteAccounts`. */
const signInAccount = {
  name: 'Bench Sign-in',
  email: `sign-in@${BENCH_EMAIL_DOMAIN}`,
  password: 'bench-password-1',
};
const posterAccount = {
  name: 'Bench Poster',
  email: `poster@${BENCH_EMAIL_DOMAIN}`,
  password: 'bench-password-1',
};

const credentialsOf = ({ email, password }: typeof signInAccount) => ({ email, password });

/**
 * Removes the write scenarios' accounts and ads, once posts the load generator gave up on
 * (the server still finishes them) have settled: no new ad for a second.
 */
export async function removeWriteAccounts(pool: pg.Pool): Promise<void> {
  const postedAds = async () => {
    const { rows } = await pool.query<{ ads: number }>(
      'select count(*)::int as ads from advertisements a join users u on u.id = a.user_id where u.email = $1',
      [posterAccount.email],
    );
    return rows[0]!.ads;
  };
  for (let before = -1, now = await postedAds(); now !== before; before = now, now = await postedAds()) {
    await sleep(1000);
  }
  await pool.query('delete from users where email = any($1)', [[signInAccount.email, posterAccount.email]]);
}

export function jsonPost(baseUrl: string, path: string, body: unknown): LoadRequest & { body: string } {
  return {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': nextClientAddress() },
    body: JSON.stringify(body),
  };
}

export async function send(baseUrl: string, request: LoadRequest & { body: string }): Promise<Response> {
  const response = await fetch(`${baseUrl}${request.path}`, request);
  if (!response.ok) throw new Error(`${request.path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** The session cookie a sign-in answered with, as a Cookie header. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

export async function writeScenarios({ baseUrl, pool }: Context): Promise<WriteScenario[]> {
  await removeWriteAccounts(pool);
  for (const account of [signInAccount, posterAccount]) {
    await send(baseUrl, jsonPost(baseUrl, '/api/auth/sign-up/email', account));
  }
  // The poster may post without limit, as a paying seller far from their quota.
  await pool.query(
    `update profiles set subscription_status = 'active', subscription_plan = 'master', max_ads = 1000000,
       current_period_end = now() + interval '30 days'
     where id = (select id from users where email = $1)`,
    [posterAccount.email],
  );
  const signIn = await send(
    baseUrl,
    jsonPost(baseUrl, '/api/auth/sign-in/email', credentialsOf(posterAccount)),
  );
  const cookie = cookieOf(signIn);
  const form = multipartForm(
    {
      title: 'Bench road bike',
      description: 'A bench-posted ad with one photo, to measure the upload path.',
      price: '250',
      category: 'sports-outdoors',
      location: 'Springfield, IL',
    },
    [{ field: 'images', filename: 'bike.png', contentType: 'image/png', data: await pngImage(1200, 900) }],
  );
  return [
    {
      name: 'sign-in',
      request: () =>
        jsonPost(baseUrl, '/api/auth/sign-in/email', { ...credentialsOf(signInAccount), rememberMe: true }),
    },
    {
      name: 'post an ad with one photo',
      request: () => ({
        method: 'POST',
        path: '/api/ads',
        headers: { cookie, origin: baseUrl, 'content-type': form.contentType },
        body: form.payload,
      }),
    },
  ];
}

import { isUuid } from '@bazaar/common/ids';
import { paths } from '@bazaar/common/site-paths';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/database';

const STATIC_SITEMAP = '/sitemaps/pages.xml';
const CHILD_SITEMAP = /^(ads|sellers)-([0-9a-f-]{36})\.xml$/;
/** How long one process answers with the index it made (a crawler keeps it for an hour). */
const INDEX_REUSE_MS = 5 * 60_000;

/**
 * The public pages the sitemap lists by the page, each as rows of (key, lastmod) over the
 * active ads: an ad page by its ad, a seller's page by the seller of active ads (suspending an
 * account hides its ads, moderation/user-actions.ts), changed when their newest ad changed.
 */
const listings = {
  ads: {
    rows: sql`select a.id as key, a.updated_at as lastmod from advertisements a where a.status = 'active'`,
    page: paths.ad,
  },
  sellers: {
    rows: sql`
      select a.user_id as key, max(a.updated_at) as lastmod from advertisements a
      where a.status = 'active' group by a.user_id`,
    page: paths.seller,
  },
} satisfies Record<string, { rows: SQL; page: (key: string) => string }>;

type Listing = keyof typeof listings;

const childPath = (listing: Listing, firstKey: string) => `/sitemaps/${listing}-${firstKey}.xml`;

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character] ?? '',
  );
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** One `<url>` or `<sitemap>` entry: its address and, when known, when it last changed. */
function entry(element: 'url' | 'sitemap', url: string, lastmod: Date | string | null): string {
  const modified = lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : '';
  return `<${element}><loc>${escapeXml(url)}</loc>${modified}</${element}>`;
}

function sendXml(reply: FastifyReply, root: 'urlset' | 'sitemapindex', entries: string[]) {
  return reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .send(`${XML_HEAD}<${root} ${NAMESPACE}>\n${entries.join('\n')}\n</${root}>\n`);
}

/**
 * The sitemap (issue 15): /sitemap.xml indexes one child of the site's fixed pages and
 * categories, then children of `perFile` ads and of `perFile` sellers each, in key order, each
 * with the newest lastmod of its entries. A child is named by its first key and read by keyset
 * (`key >= first … limit n`), so no request reads past its own page or uses OFFSET; the index
 * finds each page's first key and lastmod in one pass over each listing, without its rows
 * reaching Node. Only active ads are public (policies/ads.ts), so only they and their sellers
 * are listed.
 */
export function registerSitemapRoutes(
  app: FastifyInstance,
  { publicUrl, perFile }: { publicUrl: string; perFile: number },
) {
  // Public reads: a read replica may answer them (decision 0023); request.readDb is its database.
  const publicRead = { config: { replicaRead: true }, schema: { hide: true } };

  /** What changes the home page and a category's: its newest active ad (an indexed first row). */
  const newestAd = (category?: SQL) => sql`(
    select a.created_at from advertisements a
    where a.status = 'active' ${category ? sql`and a.category = ${category}` : sql``}
    order by a.created_at desc limit 1)`;

  /** The index's entries: one pass over each listing's rows (about a second each at a million ads). */
  const indexEntries = async (db: Database) => {
    const children = await Promise.all(
      (Object.keys(listings) as Listing[]).map(async (listing) => {
        // uuid has no min() before PostgreSQL 18: its text in byte order ("C") sorts the same.
        const { rows } = await db.execute<{ first: string; lastmod: Date | string }>(sql`
          select min(key::text collate "C") as first, max(lastmod) as lastmod from (
            select key, lastmod, (row_number() over (order by key) - 1) / ${perFile} as file
            from (${listings[listing].rows}) as listed
          ) as numbered
          group by file
          order by first`);
        return rows.map((row) =>
          entry('sitemap', `${publicUrl}${childPath(listing, row.first)}`, row.lastmod),
        );
      }),
    );
    const { rows } = await db.execute<{ lastmod: Date | string | null }>(
      sql`select ${newestAd()} as lastmod`,
    );
    return [entry('sitemap', `${publicUrl}${STATIC_SITEMAP}`, rows[0]?.lastmod ?? null), ...children.flat()];
  };
  // Anyone may ask for the index, and crawlers keep it for an hour anyway (Cache-Control):
  // each process makes it at most once in INDEX_REUSE_MS, however many ask meanwhile.
  let index: { entries: Promise<string[]>; madeAt: number } | undefined;
  app.get('/sitemap.xml', publicRead, async (request, reply) => {
    if (!index || performance.now() - index.madeAt > INDEX_REUSE_MS) {
      const made = { entries: indexEntries(request.readDb), madeAt: performance.now() };
      index = made;
      // A failed one is not kept: the next request tries again.
      made.entries.catch(() => {
        if (index === made) index = undefined;
      });
    }
    return sendXml(reply, 'sitemapindex', await index.entries);
  });

  app.get(STATIC_SITEMAP, publicRead, async (request, reply) => {
    const { rows } = await request.readDb.execute<{
      id: string;
      lastmod: Date | string | null;
      newest: Date | string | null;
    }>(sql`
      select c.id, ${newestAd(sql`c.id`)} as lastmod, ${newestAd()} as newest
      from categories c order by c.sort_order, c.id`);
    const entries = [
      entry('url', `${publicUrl}${paths.home}`, rows[0]?.newest ?? null),
      ...rows.map((row) => entry('url', `${publicUrl}${paths.category(row.id)}`, row.lastmod)),
      // Texts that change with a release, not with the catalogue: no lastmod to tell.
      ...[paths.help, paths.safety, paths.terms, paths.privacy].map((page) =>
        entry('url', `${publicUrl}${page}`, null),
      ),
    ];
    return sendXml(reply, 'urlset', entries);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', publicRead, async (request, reply) => {
    const [, listing, firstKey] = CHILD_SITEMAP.exec(request.params.file) ?? [];
    if (!listing || !firstKey || !isUuid(firstKey)) return reply.callNotFound();
    const { rows: rowsOf, page } = listings[listing as Listing];
    const { rows } = await request.readDb.execute<{ key: string; lastmod: Date | string }>(sql`
      select key, lastmod from (${rowsOf}) as listed
      where key >= ${firstKey}
      order by key
      limit ${perFile}`);
    // Past the last page there is nothing to list: not a sitemap.
    if (rows.length === 0) return reply.callNotFound();
    return sendXml(
      reply,
      'urlset',
      rows.map((row) => entry('url', `${publicUrl}${page(row.key)}`, row.lastmod)),
    );
  });
}

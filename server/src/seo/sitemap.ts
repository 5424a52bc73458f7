import { isUuid } from '@bazaar/common/ids';
import { paths } from '@bazaar/common/site-paths';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';

const STATIC_SITEMAP = '/sitemaps/pages.xml';
const adsSitemapPath = (firstId: string) => `/sitemaps/ads-${firstId}.xml`;
const ADS_SITEMAP = /^ads-([0-9a-f-]{36})\.xml$/;

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character] ?? '',
  );
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function urlEntry(url: string, lastmod?: Date): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `<url><loc>${escapeXml(url)}</loc>${modified}</url>`;
}

function sendXml(reply: FastifyReply, xml: string) {
  return reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .send(xml);
}

/**
 * The sitemap (issue 15): /sitemap.xml indexes one child of the site's fixed pages and
 * categories, and children of `adsPerFile` active ads each, in id order. A child of ads is
 * named by its first ad's id and read by keyset on the primary key (`id >= first … limit n`),
 * so no request reads past its own page or uses OFFSET; the index finds each page's first id
 * in one pass over the ids of the active ads, without their rows reaching Node. Only active
 * ads are public (policies/ads.ts), so only they are listed, with updated_at as lastmod.
 */
export function registerSitemapRoutes(
  app: FastifyInstance,
  { publicUrl, adsPerFile }: { publicUrl: string; adsPerFile: number },
) {
  // Public reads: a read replica may answer them (decision 0023); request.readDb is its database.
  const publicRead = { config: { replicaRead: true }, schema: { hide: true } };
  app.get('/sitemap.xml', publicRead, async (request, reply) => {
    const { rows } = await request.readDb.execute<{ id: string }>(sql`
      select id from (
        select id, row_number() over (order by id) as position
        from advertisements where status = 'active'
      ) as numbered
      where (position - 1) % ${adsPerFile} = 0
      order by id`);
    const children = [STATIC_SITEMAP, ...rows.map((row) => adsSitemapPath(row.id))];
    const entries = children.map(
      (child) => `<sitemap><loc>${escapeXml(`${publicUrl}${child}`)}</loc></sitemap>`,
    );
    return sendXml(reply, `${XML_HEAD}<sitemapindex ${NAMESPACE}>\n${entries.join('\n')}\n</sitemapindex>\n`);
  });

  app.get(STATIC_SITEMAP, publicRead, async (request, reply) => {
    const { rows } = await request.readDb.execute<{ id: string }>(
      sql`select id from categories order by sort_order, id`,
    );
    const pages = [
      paths.home,
      ...rows.map((row) => paths.category(row.id)),
      paths.help,
      paths.safety,
      paths.terms,
      paths.privacy,
    ];
    const entries = pages.map((page) => urlEntry(`${publicUrl}${page}`));
    return sendXml(reply, `${XML_HEAD}<urlset ${NAMESPACE}>\n${entries.join('\n')}\n</urlset>\n`);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', publicRead, async (request, reply) => {
    const firstId = ADS_SITEMAP.exec(request.params.file)?.[1];
    if (!firstId || !isUuid(firstId)) return reply.callNotFound();
    const { rows } = await request.readDb.execute<{ id: string; updated_at: Date | string }>(sql`
      select id, updated_at from advertisements
      where status = 'active' and id >= ${firstId}
      order by id
      limit ${adsPerFile}`);
    const entries = rows.map((row) => urlEntry(`${publicUrl}${paths.ad(row.id)}`, new Date(row.updated_at)));
    return sendXml(reply, `${XML_HEAD}<urlset ${NAMESPACE}>\n${entries.join('\n')}\n</urlset>\n`);
  });
}

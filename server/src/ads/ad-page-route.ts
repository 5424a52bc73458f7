import { isUuid } from '@bazaar/common/ids';
import { documentTitle } from '@bazaar/common/page-meta';
import { paths, routePatterns } from '@bazaar/common/site-paths';
import type { FastifyInstance } from 'fastify';
import type { SessionGuard } from '../auth/session-guard';
import type { Storage } from '../media/storage';
import { can } from '../policies/authorize';
import type { ClientApp } from '../web/client-app';
import { truncateForMeta } from '../web/index-html';
import { findAdDetail, type AdDetailRow } from './queries';

const AVAILABILITY: Partial<Record<AdDetailRow['ad']['status'], string>> = {
  active: 'https://schema.org/InStock',
  sold: 'https://schema.org/SoldOut',
};

/**
 * The ad as a schema.org Product with its offer, and its place in the site (Home › category ›
 * ad), for search results (issue 15). Only for an ad the public sees (active, or sold and still
 * shown); its owner's view of a hidden or pending ad gets none.
 */
function structuredData(
  row: AdDetailRow,
  { publicUrl, canonical, images }: { publicUrl: string; canonical: string; images: string[] },
): object[] | undefined {
  const availability = AVAILABILITY[row.ad.status];
  if (!availability) return undefined;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: row.ad.title,
      description: row.ad.description,
      url: canonical,
      ...(images.length > 0 ? { image: images } : {}),
      category: row.categoryName,
      offers: {
        '@type': 'Offer',
        url: canonical,
        price: row.ad.price.toFixed(2),
        priceCurrency: 'USD',
        availability,
        // The day its listing ends, unless its owner renews it (issue 14).
        ...(row.ad.status === 'active'
          ? { priceValidUntil: row.ad.expires_at.toISOString().slice(0, 10) }
          : {}),
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { name: 'Home', item: `${publicUrl}${paths.home}` },
        { name: row.categoryName, item: `${publicUrl}${paths.category(row.ad.category)}` },
        { name: row.ad.title, item: canonical },
      ].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
    },
  ];
}

/**
 * GET /ad/:id serves the web client with the ad's title, description (≤160 characters) and
 * first photo in the head, so shared links preview well and crawlers index the ad without
 * running scripts, with its canonical address and structured data (Product, BreadcrumbList).
 * An ad the visitor may not see is its rendered 'Ad Not Found', with status 404.
 */
export async function registerAdPageRoute(
  app: FastifyInstance,
  {
    guard,
    storage,
    clientApp,
    publicUrl,
  }: { guard: SessionGuard; storage: Storage; clientApp: ClientApp; publicUrl: string },
) {
  app.get<{ Params: { id: string } }>(
    routePatterns.ad,
    { config: { sharedCache: true, rendersPage: true }, schema: { hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      const row = isUuid(id) ? await findAdDetail(request.readDb, id) : undefined;
      const isVisible = row && can(await guard.currentUser(request), 'read', { ad: row.ad });
      if (!isVisible) return clientApp.sendPage(reply, undefined, 404);
      // Its photos in the order the page shows them.
      const imagePaths = row.media
        .filter((media) => media.kind === 'image')
        .map((media) => storage.url(media.storage_key));
      const images = imagePaths.map((imagePath) => `${publicUrl}${imagePath}`);
      const canonical = `${publicUrl}${paths.ad(row.ad.id)}`;
      return clientApp.sendPage(reply, {
        canonical,
        structuredData: structuredData(row, { publicUrl, canonical, images }),
        title: documentTitle(row.ad.title),
        description: truncateForMeta(row.ad.description),
        image: images[0],
        // The photo the page opens on (its largest paint), fetched beside the page's code.
        preloadImage: imagePaths[0],
      });
    },
  );
}

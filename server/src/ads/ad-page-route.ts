import { isUuid } from '@bazaar/common/ids';
import { routePatterns } from '@bazaar/common/site-paths';
import type { FastifyInstance } from 'fastify';
import type { SessionGuard } from '../auth/session-guard';
import type { Database } from '../db/database';
import type { Storage } from '../media/storage';
import { can } from '../policies/authorize';
import type { ClientApp } from '../web/client-app';
import { truncateForMeta } from '../web/index-html';
import { findAdDetail } from './queries';

/**
 * GET /ad/:id serves the web client with the ad's title, description (≤160 characters) and
 * first photo in the head, so shared links preview well and crawlers index the ad without
 * running scripts. An ad the visitor may not see gets the plain shell with status 404; the
 * client then shows 'Ad Not Found'.
 */
export async function registerAdPageRoute(
  app: FastifyInstance,
  {
    db,
    guard,
    storage,
    clientApp,
    publicUrl,
  }: { db: Database; guard: SessionGuard; storage: Storage; clientApp: ClientApp; publicUrl: string },
) {
  app.get<{ Params: { id: string } }>(
    routePatterns.ad,
    { schema: { hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      const row = isUuid(id) ? await findAdDetail(db, id) : undefined;
      const isVisible = row && can(await guard.currentUser(request), 'read', { ad: row.ad });
      if (!isVisible) return clientApp.sendShell(reply, undefined, 404);
      const image = row.media.find((media) => media.kind === 'image');
      const imageUrl = image ? storage.url(image.storage_key) : undefined;
      return clientApp.sendShell(reply, {
        title: `${row.ad.title} · Bazaar`,
        description: truncateForMeta(row.ad.description),
        image: imageUrl ? `${publicUrl}${imageUrl}` : undefined,
        // The photo the page opens on (its largest paint), fetched beside the page's code.
        preloadImage: imageUrl,
      });
    },
  );
}

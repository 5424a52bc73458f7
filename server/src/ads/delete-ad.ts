import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { adMedia, advertisements } from '../db/schema';
import { deleteStoredObjects, storageKeysOf } from '../media/ad-images';
import { withPendingMedia } from '../media/pending-media';
import type { Storage } from '../media/storage';
import { authorize, type Actor } from '../policies/authorize';
import { lockAd } from './queries';
import type { Logger } from './store-media';

/**
 * Deletes an owner's ad. The row goes first (its media, favourites and views rows go with
 * it); the files are deleted after the commit, so a failure can never leave a row whose
 * pictures are gone.
 */
export async function deleteAd(
  { db, storage, log }: { db: Database; storage: Storage; log: Logger },
  { adId, actor }: { adId: string; actor: Actor },
): Promise<void> {
  await withPendingMedia(storage, adId, async () => {
    const keys = await db.transaction(async (tx) => {
      authorize(actor, 'delete', { ad: await lockAd(tx, adId) });
      const media = await tx
        .select({ storage_key: adMedia.storage_key, card_key: adMedia.card_key })
        .from(adMedia)
        .where(eq(adMedia.ad_id, adId));
      await tx.delete(advertisements).where(eq(advertisements.id, adId));
      return storageKeysOf(media);
    });
    await deleteStoredObjects(storage, keys, log);
  });
}

import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { CreateAdFields } from '@bazaar/common/ads';
import type { Database } from '../db/database';
import { adMedia, advertisements } from '../db/schema';
import { imageRequired } from '../http/errors';
import { deleteStoredObjects, storageKeysOf } from '../media/ad-images';
import { withPendingMedia } from '../media/pending-media';
import type { ReceivedFile } from '../media/receive-upload';
import type { Storage } from '../media/storage';
import { placeColumnsOf } from '../places/ad-place';
import type { JobQueue } from '../jobs/job-queue';
import { queueSavedSearchMatching } from '../saved-searches/alerts';
import { findSellerQuota } from '../profiles/queries';
import { recordPhotoHashes } from '../media/photo-hashes';
import type { AdModerationSettings } from './ad-moderation-settings';
import { flagAutomatically, reviewNewAd } from './automatic-moderation';
import { assertCategoryExists } from './form-fields';
import { assertMayPost } from './post-gate';
import { assertWithinPostingLimit } from './posting-limit';
import { storeUploadedMedia, type Logger } from './store-media';

export interface NewAd {
  userId: string;
  fields: CreateAdFields;
  images: ReceivedFile[];
  videos: ReceivedFile[];
}

/**
 * Posts an ad. Media are processed and stored first (slow, and outside any lock); then one
 * transaction locks the seller's profile, asks the post gate again and inserts the ad with
 * its media. Concurrent posts by one seller queue on that lock, so a full quota cannot be
 * overrun. If anything fails, the stored files are deleted and no row remains; if the
 * process dies first, the next start deletes them (media/pending-media).
 */
/** `now() + lifetimeDays` in the database's clock, for `expires_at` (issue 14). */
export const expiresAfter = (lifetimeDays: number) =>
  sql`now() + make_interval(days => ${lifetimeDays}::int)`;

export async function createAd(
  {
    db,
    storage,
    moderation,
    lifetimeDays,
    log,
    jobs,
  }: {
    db: Database;
    storage: Storage;
    moderation: AdModerationSettings;
    /** AD_LIFETIME_DAYS: the new ad expires that long after it is posted (issue 14). */
    lifetimeDays: number;
    log: Logger;
    /** Where a public new ad's saved-search matching is queued (issue 14). */
    jobs: JobQueue;
  },
  ad: NewAd,
): Promise<string> {
  // Spec §5: at least one image.
  if (ad.images.length === 0) throw imageRequired();
  await assertCategoryExists(db, ad.fields.category);
  const place = await placeColumnsOf(db, ad.fields.place_id ?? null);

  const adId = randomUUID();
  await withPendingMedia(storage, adId, async () => {
    const { media, photoHashes } = await storeUploadedMedia({ storage, log }, adId, ad);
    try {
      await db.transaction(async (tx) => {
        assertMayPost(await findSellerQuota(tx, ad.userId, { lock: true }));
        await assertWithinPostingLimit(tx, { userId: ad.userId, limit: moderation.postingLimitPerHour });
        const { status, blockedTerm } = reviewNewAd(moderation, ad.fields);
        await tx.insert(advertisements).values({
          id: adId,
          user_id: ad.userId,
          ...ad.fields,
          ...place,
          status,
          expires_at: expiresAfter(lifetimeDays),
        });
        await tx.insert(adMedia).values(media);
        await recordPhotoHashes(tx, { adId, userId: ad.userId, photoHashes });
        await flagAutomatically(tx, { adId, userId: ad.userId, blockedTerm, photoHashes });
        // A pending ad is matched when a moderator approves it.
        if (status === 'active') await queueSavedSearchMatching(jobs, tx, adId);
      });
    } catch (error) {
      await deleteStoredObjects(storage, storageKeysOf(media), log);
      throw error;
    }
  });
  return adId;
}

import type { UpdateAdFields } from '@bazaar/common/ads';
import { MAX_IMAGES_PER_AD, MAX_VIDEOS_PER_AD } from '@bazaar/common/constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { adMedia, advertisements } from '../db/schema';
import { badRequest, imageRequired, tooManyFiles } from '../http/errors';
import { deleteStoredObjects, storageKeysOf, type NewAdMedia } from '../media/ad-images';
import { withPendingMedia } from '../media/pending-media';
import { recordPhotoHashes } from '../media/photo-hashes';
import type { ReceivedFile } from '../media/receive-upload';
import type { Storage } from '../media/storage';
import type { AdModerationSettings } from './ad-moderation-settings';
import { flagAutomatically, reviewEditedAd } from './automatic-moderation';
import { assertCategoryExists } from './form-fields';
import { placeColumnsOf } from '../places/ad-place';
import { authorize, type Actor } from '../policies/authorize';
import { findAdAccess, lockAd } from './queries';
import { storeUploadedMedia, type Logger } from './store-media';

export interface AdChanges {
  fields: Omit<UpdateAdFields, 'remove_media'>;
  removeMedia: string[];
  images: ReceivedFile[];
  videos: ReceivedFile[];
}

type Executor = Pick<Database, 'select'>;
type MediaRow = Pick<typeof adMedia.$inferSelect, 'id' | 'kind' | 'position' | 'storage_key' | 'card_key'>;

/**
 * The ad's media once the changes are applied must stay within the limits of a new ad
 * (spec §5: at least one image, at most 10 images and 2 videos), and only the ad's own
 * media can be removed.
 */
function checkMediaAfterChanges(existing: MediaRow[], changes: AdChanges): MediaRow[] {
  const existingIds = new Set(existing.map((media) => media.id));
  const unknown = changes.removeMedia.filter((id) => !existingIds.has(id));
  if (unknown.length > 0)
    throw badRequest(undefined, { remove_media: 'Some of these files are not part of this ad.' });
  const removed = new Set(changes.removeMedia);
  const kept = existing.filter((media) => !removed.has(media.id));
  const images = kept.filter((media) => media.kind === 'image').length + changes.images.length;
  const videos = kept.filter((media) => media.kind === 'video').length + changes.videos.length;
  if (images === 0) throw imageRequired();
  if (images > MAX_IMAGES_PER_AD) {
    throw tooManyFiles(`You can upload a maximum of ${MAX_IMAGES_PER_AD} images.`);
  }
  if (videos > MAX_VIDEOS_PER_AD) {
    throw tooManyFiles(`You can upload a maximum of ${MAX_VIDEOS_PER_AD} videos.`);
  }
  return existing.filter((media) => removed.has(media.id));
}

function mediaOf(db: Executor, adId: string): Promise<MediaRow[]> {
  return db
    .select({
      id: adMedia.id,
      kind: adMedia.kind,
      position: adMedia.position,
      storage_key: adMedia.storage_key,
      card_key: adMedia.card_key,
    })
    .from(adMedia)
    .where(eq(adMedia.ad_id, adId));
}

/** New media go after the ad's last image and last video. */
function placeAfter(existing: MediaRow[], added: NewAdMedia[]): NewAdMedia[] {
  const next = { image: 0, video: 0 };
  for (const media of existing) next[media.kind] = Math.max(next[media.kind], media.position + 1);
  return added.map((media) => ({ ...media, position: next[media.kind]++ }));
}

/**
 * Changes an owner's ad: its fields, media removed and media added, all or nothing. New
 * files are stored before the transaction and deleted if it fails; removed files are
 * deleted once it has committed.
 */
export async function updateAd(
  {
    db,
    storage,
    moderation,
    log,
  }: { db: Database; storage: Storage; moderation: AdModerationSettings; log: Logger },
  { adId, actor, changes }: { adId: string; actor: Actor; changes: AdChanges },
): Promise<void> {
  authorize(actor, 'update', { ad: await findAdAccess(db, adId) });
  if (changes.fields.category) await assertCategoryExists(db, changes.fields.category);
  // Absent: the place stays; null (a blank field): the location is free text now.
  const place =
    changes.fields.place_id === undefined ? {} : await placeColumnsOf(db, changes.fields.place_id);
  // Refuse impossible changes before spending time on the files.
  checkMediaAfterChanges(await mediaOf(db, adId), changes);

  await withPendingMedia(storage, adId, async () => {
    const { media: added, photoHashes } = await storeUploadedMedia({ storage, log }, adId, changes);
    let removed: MediaRow[] = [];
    try {
      await db.transaction(async (tx) => {
        const ad = authorize(actor, 'update', { ad: await lockAd(tx, adId) });
        const existing = await mediaOf(tx, adId);
        removed = checkMediaAfterChanges(existing, changes);
        if (removed.length > 0) {
          await tx.delete(adMedia).where(
            and(
              eq(adMedia.ad_id, adId),
              inArray(
                adMedia.id,
                removed.map((media) => media.id),
              ),
            ),
          );
        }
        if (added.length > 0) await tx.insert(adMedia).values(placeAfter(existing, added));
        await recordPhotoHashes(tx, { adId, userId: ad.user_id, photoHashes });
        const [before] = await tx
          .select({ title: advertisements.title, description: advertisements.description })
          .from(advertisements)
          .where(eq(advertisements.id, adId));
        const [after] = await tx
          .update(advertisements)
          .set({ ...changes.fields, ...place, updated_at: sql`now()` })
          .where(eq(advertisements.id, adId))
          .returning({
            status: advertisements.status,
            title: advertisements.title,
            description: advertisements.description,
          });
        const isTextChanged = after!.title !== before!.title || after!.description !== before!.description;
        const { status, blockedTerm } = reviewEditedAd(moderation, after!, isTextChanged);
        if (status !== after!.status) {
          await tx.update(advertisements).set({ status }).where(eq(advertisements.id, adId));
        }
        await flagAutomatically(tx, { adId, userId: ad.user_id, blockedTerm, photoHashes });
      });
    } catch (error) {
      await deleteStoredObjects(storage, storageKeysOf(added), log);
      throw error;
    }
    await deleteStoredObjects(storage, storageKeysOf(removed), log);
  });
}

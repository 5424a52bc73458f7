import {
  deleteStoredObjects,
  storageKeysOf,
  storeAdImage,
  storeAdVideo,
  type NewAdMedia,
} from '../media/ad-images';
import type { PhotoHash } from '../media/photo-hashes';
import type { ReceivedFile } from '../media/receive-upload';
import type { Storage } from '../media/storage';

export interface Logger {
  warn: (details: object, message: string) => void;
}

/** What an upload became: the ad_media rows to insert, and the hashes of its pictures. */
export interface StoredMedia {
  media: NewAdMedia[];
  photoHashes: PhotoHash[];
}

/**
 * Turns checked uploads into stored media of an ad: images re-encoded into their variants
 * (and hashed), videos copied, numbered from 0 (an edit then places them after the ones it
 * keeps). If any file fails, the ones already stored are deleted before the error goes on.
 */
export async function storeUploadedMedia(
  { storage, log }: { storage: Storage; log: Logger },
  adId: string,
  files: { images: ReceivedFile[]; videos: ReceivedFile[] },
): Promise<StoredMedia> {
  const stored: StoredMedia = { media: [], photoHashes: [] };
  try {
    // One at a time: decoding several large photos at once would multiply memory use.
    for (const [index, image] of files.images.entries()) {
      const { media, hash } = await storeAdImage(storage, adId, image.path, index);
      stored.media.push(media);
      stored.photoHashes.push({ mediaId: media.id!, hash });
    }
    for (const [index, video] of files.videos.entries()) {
      stored.media.push(await storeAdVideo(storage, adId, video, index));
    }
  } catch (error) {
    await deleteStoredObjects(storage, storageKeysOf(stored.media), log);
    throw error;
  }
  return stored;
}

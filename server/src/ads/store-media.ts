import {
  deleteStoredObjects,
  storageKeysOf,
  storeAdImage,
  storeAdVideo,
  type NewAdMedia,
} from '../media/ad-images';
import type { ReceivedFile } from '../media/receive-upload';
import type { Storage } from '../media/storage';

export interface Logger {
  warn: (details: object, message: string) => void;
}

/**
 * Turns checked uploads into stored media of an ad: images re-encoded into their variants,
 * videos copied, numbered from 0 (an edit then places them after the ones it keeps). If any file
 * fails, the ones already stored are deleted before the error goes on.
 */
export async function storeUploadedMedia(
  { storage, log }: { storage: Storage; log: Logger },
  adId: string,
  files: { images: ReceivedFile[]; videos: ReceivedFile[] },
): Promise<NewAdMedia[]> {
  const stored: NewAdMedia[] = [];
  try {
    // One at a time: decoding several large photos at once would multiply memory use.
    for (const [index, image] of files.images.entries()) {
      stored.push(await storeAdImage(storage, adId, image.path, index));
    }
    for (const [index, video] of files.videos.entries()) {
      stored.push(await storeAdVideo(storage, adId, video, index));
    }
  } catch (error) {
    await deleteStoredObjects(storage, storageKeysOf(stored), log);
    throw error;
  }
  return stored;
}

import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { imageTooLarge, invalidImage } from '../http/errors';
import type { adMedia } from '../db/schema';
import { extensionFor } from './file-signatures';
import { createImageVariants, type ImageVariants } from './images';
import type { Storage } from './storage';

export type NewAdMedia = typeof adMedia.$inferInsert;

/** sharp's words for an image over the pixel limit, and for one it cannot decode. */
async function decodeAdImage(input: Buffer | string): Promise<ImageVariants> {
  try {
    return await createImageVariants(input);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw imageTooLarge();
    throw invalidImage();
  }
}

/** An uploaded picture, stored: its ad_media row and its difference hash. */
export interface StoredImage {
  media: NewAdMedia;
  hash: bigint;
}

/**
 * Re-encodes an image (its bytes or a file path) into its card and full variants and stores
 * both. Returns the ad_media row to insert, with the picture's hash; the caller deletes the
 * keys if its transaction fails.
 */
export async function storeAdImage(
  storage: Storage,
  adId: string,
  input: Buffer | string,
  position: number,
): Promise<StoredImage> {
  const variants = await decodeAdImage(input);
  return { media: await storeImageVariants(storage, adId, variants, position), hash: variants.hash };
}

/**
 * Stores an image's variants, already encoded, as a new picture of the ad (the demo data
 * shows one drawn picture in several ads). Returns the ad_media row to insert.
 */
export async function storeImageVariants(
  storage: Storage,
  adId: string,
  { full, card }: ImageVariants,
  position: number,
): Promise<NewAdMedia> {
  const mediaId = randomUUID();
  const fullKey = `ads/${adId}/${mediaId}-full.webp`;
  const cardKey = `ads/${adId}/${mediaId}-card.webp`;
  await storage.put(fullKey, full.buffer, 'image/webp');
  try {
    await storage.put(cardKey, card.buffer, 'image/webp');
  } catch (error) {
    await storage.delete(fullKey);
    throw error;
  }
  return {
    id: mediaId,
    ad_id: adId,
    kind: 'image',
    position,
    storage_key: fullKey,
    card_key: cardKey,
    content_type: 'image/webp',
    width: full.width,
    height: full.height,
    bytes: full.buffer.length,
  };
}

/** Stores a checked video file as it is (its container was verified on upload). */
export async function storeAdVideo(
  storage: Storage,
  adId: string,
  video: { path: string; bytes: number; contentType: string },
  position: number,
): Promise<NewAdMedia> {
  const mediaId = randomUUID();
  const key = `ads/${adId}/${mediaId}.${extensionFor(video.contentType)}`;
  await storage.put(key, createReadStream(video.path), video.contentType, video.bytes);
  return {
    id: mediaId,
    ad_id: adId,
    kind: 'video',
    position,
    storage_key: key,
    card_key: null,
    content_type: video.contentType,
    width: null,
    height: null,
    bytes: video.bytes,
  };
}

/** Every stored object of a set of media rows, for cleaning up. */
export function storageKeysOf(rows: Pick<NewAdMedia, 'storage_key' | 'card_key'>[]): string[] {
  return rows.flatMap((row) => (row.card_key ? [row.storage_key, row.card_key] : [row.storage_key]));
}

/**
 * Deletes stored objects, best effort: a failure is logged, not thrown, because the caller
 * is already answering (a row is gone, or a post failed for another reason).
 */
export async function deleteStoredObjects(
  storage: Storage,
  keys: string[],
  log: { warn: (details: object, message: string) => void },
): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  const failed = results.flatMap((result, index) => (result.status === 'rejected' ? [keys[index]] : []));
  if (failed.length > 0) log.warn({ keys: failed }, 'could not delete stored media');
}

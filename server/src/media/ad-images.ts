import { randomUUID } from 'node:crypto';
import type { adMedia } from '../db/schema';
import { createImageVariants } from './images';
import type { Storage } from './storage';

export type NewAdMedia = typeof adMedia.$inferInsert;

/**
 * Re-encodes an image into its card and full variants and stores both.
 * Returns the ad_media row to insert; the caller deletes the keys if its transaction fails.
 */
export async function storeAdImage(
  storage: Storage,
  adId: string,
  input: Buffer,
  position: number,
): Promise<NewAdMedia> {
  const { full, card } = await createImageVariants(input);
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

/** Every stored object of a set of media rows, for cleaning up. */
export function storageKeysOf(rows: Pick<NewAdMedia, 'storage_key' | 'card_key'>[]): string[] {
  return rows.flatMap((row) => (row.card_key ? [row.storage_key, row.card_key] : [row.storage_key]));
}

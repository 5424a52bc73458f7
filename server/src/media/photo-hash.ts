import type { Sharp } from 'sharp';

/** The picture is first averaged down to this square: one large reduction straight to 9 × 8
 * samples too few pixels, and re-encodings of one photo then disagree in many bits. */
const PREVIEW_SIZE = 64;

/**
 * A photo's difference hash (dHash): the picture in grey, shrunk to 9 × 8 pixels, one bit
 * per pair of neighbours in a row (1 when the left one is brighter). Re-encoding, resizing
 * and small edits change few of its 64 bits; another picture differs in about half of them.
 * Returned as PostgreSQL's signed bigint holds it (bits 63…0, row by row from the top).
 */
export async function differenceHash(image: Sharp): Promise<bigint> {
  const { data, info } = await image
    .clone()
    .flatten({ background: '#ffffff' })
    .grayscale()
    .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Loaded already: `image` is one of its pipelines (images.ts loads it with the first image).
  const { default: sharp } = await import('sharp');
  const pixels = await sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  })
    .extractChannel(0)
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let row = 0; row < 8; row += 1) {
    for (let column = 0; column < 8; column += 1) {
      const left = pixels[row * 9 + column]!;
      const right = pixels[row * 9 + column + 1]!;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** How many of the 64 bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let difference = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (difference > 0n) {
    count += Number(difference & 1n);
    difference >>= 1n;
  }
  return count;
}

/**
 * Photos at most this many bits apart are the same picture: one photo re-encoded, resized
 * or downloaded from an ad page (our WebP) differs in 0–3 bits; unrelated photos in 15 or
 * more.
 */
export const SAME_PHOTO_MAX_DISTANCE = 5;

/** The hash in four 16-bit bands, the highest bits first (as the ad_photo_hashes columns). */
export function bandsOf(hash: bigint): [number, number, number, number] {
  const unsigned = BigInt.asUintN(64, hash);
  const band = (shift: bigint) => Number((unsigned >> shift) & 0xffffn);
  return [band(48n), band(32n), band(16n), band(0n)];
}

/**
 * A band's value and the 16 values one bit away from it. Two hashes at most 7 bits apart
 * have a band that differs in at most one bit (pigeonhole over four bands), so looking up
 * these 17 values in each band's index finds every hash within SAME_PHOTO_MAX_DISTANCE.
 */
export function bandProbes(band: number): number[] {
  return [band, ...Array.from({ length: 16 }, (_, bit) => band ^ (1 << bit))];
}

/**
 * A plain picture (one colour, a smooth gradient, a logo on a blank page) hashes to almost
 * all zeros or all ones, and so do thousands of unrelated plain pictures: such hashes are
 * stored but never matched.
 */
const FEATURELESS_BITS = 10;

export function isDistinctiveHash(hash: bigint): boolean {
  const ones = hammingDistance(hash, 0n);
  return ones >= FEATURELESS_BITS && ones <= 64 - FEATURELESS_BITS;
}

import type { Sharp } from 'sharp';
import { differenceHash } from './photo-hash';

/** Images larger than this many pixels are refused before decoding (pixel bombs). */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface ImageVariant {
  buffer: Buffer;
  width: number;
  height: number;
}

export interface ImageVariants {
  full: ImageVariant;
  card: ImageVariant;
  /** The picture's difference hash, to find the same photo in other sellers' ads. */
  hash: bigint;
}

const FULL_SIZE = 1600;
const CARD_WIDTH = 640;
const CARD_HEIGHT = 480;

/** How hard the WebP encoder works (0–6): sharp's default, for photos. */
const PHOTO_EFFORT = 4;

async function encode(pipeline: Sharp, effort: number): Promise<ImageVariant> {
  const { data, info } = await pipeline.webp({ quality: 80, effort }).toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height };
}

/**
 * Decodes an image under a pixel limit and re-encodes it as WebP in two sizes. Re-encoding
 * drops all metadata (EXIF, GPS position, camera serials); orientation is applied first.
 * The input is the image's bytes or the path of a file holding them. `effort`: less for
 * drawings, which lose little by it.
 */
export async function createImageVariants(
  input: Buffer | string,
  { effort = PHOTO_EFFORT }: { effort?: number } = {},
): Promise<ImageVariants> {
  // sharp and its native library load with the first image, not with the server (0.1 s of a start).
  const { default: sharp } = await import('sharp');
  const source = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
  const [full, card, hash] = await Promise.all([
    encode(
      source.clone().resize({ width: FULL_SIZE, height: FULL_SIZE, fit: 'inside', withoutEnlargement: true }),
      effort,
    ),
    encode(
      source.clone().resize({ width: CARD_WIDTH, height: CARD_HEIGHT, fit: 'cover', position: 'attention' }),
      effort,
    ),
    differenceHash(source),
  ]);
  return { full, card, hash };
}

import sharp, { type Sharp } from 'sharp';
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

async function encode(pipeline: Sharp): Promise<ImageVariant> {
  const { data, info } = await pipeline.webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height };
}

/**
 * Decodes an image under a pixel limit and re-encodes it as WebP in two sizes. Re-encoding
 * drops all metadata (EXIF, GPS position, camera serials); orientation is applied first.
 * The input is the image's bytes or the path of a file holding them.
 */
export async function createImageVariants(input: Buffer | string): Promise<ImageVariants> {
  const source = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
  const [full, card, hash] = await Promise.all([
    encode(
      source.clone().resize({ width: FULL_SIZE, height: FULL_SIZE, fit: 'inside', withoutEnlargement: true }),
    ),
    encode(
      source.clone().resize({ width: CARD_WIDTH, height: CARD_HEIGHT, fit: 'cover', position: 'attention' }),
    ),
    differenceHash(source),
  ]);
  return { full, card, hash };
}

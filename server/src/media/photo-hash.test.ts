import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoLikeImage, pngImage } from '../../test/media-fixtures';
import { createImageVariants } from './images';
import {
  bandProbes,
  bandsOf,
  differenceHash,
  hammingDistance,
  isDistinctiveHash,
  SAME_PHOTO_MAX_DISTANCE,
} from './photo-hash';

const hashOf = (image: Buffer) => differenceHash(sharp(image));

describe('differenceHash', () => {
  it('gives the same photo, downloaded from an ad page, re-encoded or resized, a hash within a few bits', async () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const original = await photoLikeImage(seed);
      const hash = await hashOf(original);
      const served = (await createImageVariants(original)).full.buffer;
      const copies = await Promise.all([
        served,
        sharp(served).jpeg({ quality: 85 }).toBuffer(),
        sharp(served).resize(800).jpeg({ quality: 75 }).toBuffer(),
        sharp(original).resize(400, 300).png().toBuffer(),
      ]);
      for (const copy of copies) {
        expect(hammingDistance(hash, await hashOf(copy))).toBeLessThanOrEqual(SAME_PHOTO_MAX_DISTANCE);
      }
    }
  });

  it('gives different photos hashes far apart', async () => {
    const hashes = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (seed) => hashOf(await photoLikeImage(seed))),
    );
    for (const [index, hash] of hashes.entries()) {
      for (const other of hashes.slice(index + 1)) {
        expect(hammingDistance(hash, other)).toBeGreaterThan(2 * SAME_PHOTO_MAX_DISTANCE);
      }
    }
  });

  it('fits PostgreSQL’s signed bigint', async () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const hash = await hashOf(await photoLikeImage(seed));
      expect(hash).toBe(BigInt.asIntN(64, hash));
    }
  });
});

describe('isDistinctiveHash', () => {
  it('leaves plain pictures out of matching, which would otherwise all look alike', async () => {
    expect(isDistinctiveHash(await hashOf(await pngImage(640, 480, '#3366cc')))).toBe(false);
    expect(isDistinctiveHash(await hashOf(await photoLikeImage(1)))).toBe(true);
  });
});

describe('hammingDistance', () => {
  it('counts the differing bits, the sign bit included', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0n, -1n)).toBe(64);
    expect(hammingDistance(0b1011n, 0b0001n)).toBe(2);
    expect(hammingDistance(BigInt.asIntN(64, 1n << 63n), 0n)).toBe(1);
  });
});

describe('bandsOf and bandProbes', () => {
  it('cut the hash into four 16-bit bands, highest bits first', () => {
    expect(bandsOf(BigInt.asIntN(64, 0x0001_0002_0003_fffen))).toEqual([1, 2, 3, 0xfffe]);
    expect(bandsOf(-1n)).toEqual([0xffff, 0xffff, 0xffff, 0xffff]);
  });

  it('let every hash within 7 bits share a probed band value', () => {
    const hash = BigInt.asIntN(64, 0x9f3a_52c1_07e4_b6d8n);
    // Seven bits flipped, spread over all four bands (2 + 2 + 2 + 1).
    const flips = [63, 50, 40, 33, 30, 17, 3];
    const other = flips.reduce((value, bit) => BigInt.asIntN(64, value ^ (1n << BigInt(bit))), hash);
    expect(hammingDistance(hash, other)).toBe(7);
    const probes = bandsOf(hash).map(bandProbes);
    expect(bandsOf(other).some((band, index) => probes[index]!.includes(band))).toBe(true);
  });
});

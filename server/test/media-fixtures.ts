import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A small real PNG photo stand-in. */
export function pngImage(width = 64, height = 48, background = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

export function gifImage(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: '#cc3366' } })
    .gif()
    .toBuffer();
}

/** A JPEG carrying a camera model and a GPS position in its EXIF, like a phone photo. */
export function jpegWithGpsPosition(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: '#55aa55' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Secret Camera 3000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2964/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4014/100',
      },
    })
    .toBuffer();
}

function isoBox(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/**
 * A small ISO media file with the given brand, `size` bytes long: its file type (`ftyp`), a
 * movie box (`moov`) with a movie header, and media data (`mdat`) filling the rest.
 */
export function isoMediaFile(brand: 'isom' | 'qt  ', size = 2048): Buffer {
  const ftyp = isoBox(
    'ftyp',
    Buffer.concat([
      Buffer.from(brand, 'latin1'),
      Buffer.from([0, 0, 2, 0]),
      Buffer.from(`${brand}mp41`, 'latin1'),
    ]),
  );
  // Version and flags, then the header's 96 bytes (times, a timescale of 1000, rate, matrix...).
  const movieHeader = Buffer.alloc(100);
  movieHeader.writeUInt32BE(1000, 12);
  const moov = isoBox('moov', isoBox('mvhd', movieHeader));
  const head = Buffer.concat([ftyp, moov]);
  return Buffer.concat([head, isoBox('mdat', Buffer.alloc(Math.max(0, size - head.length - 8), 7))]);
}

export const mp4Video = (size?: number) => isoMediaFile('isom', size);
export const movVideo = (size?: number) => isoMediaFile('qt  ', size);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/**
 * A "pixel bomb": a tiny PNG file whose header claims 30 000 × 30 000 pixels (900 MP) or
 * the size given, which would need gigabytes of memory to decode.
 */
export function pixelBombPng(width = 30_000, height = width): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Bytes that start like a PNG and then are not one. */
export function corruptPng(): Buffer {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(500, 0x41),
  ]);
}

/**
 * A JPEG that looks like a photo to a perceptual hash: shapes of several colours and sizes
 * on a gradient, laid out from `seed` (the same seed draws the same picture).
 */
export function photoLikeImage(seed: number, width = 800, height = 600): Promise<Buffer> {
  let state = seed * 2654435761;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const colour = () =>
    `rgb(${Math.floor(next() * 256)},${Math.floor(next() * 256)},${Math.floor(next() * 256)})`;
  const shapes = Array.from({ length: 14 }, () => {
    const x = Math.floor(next() * width);
    const y = Math.floor(next() * height);
    const size = Math.floor(40 + next() * 220);
    return next() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${colour()}"/>`
      : `<rect x="${x - size / 2}" y="${y - size / 3}" width="${size}" height="${(size * 2) / 3}" fill="${colour()}"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

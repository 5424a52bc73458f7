/** What an uploaded file really is, judged by its first bytes (never by its name or declared type). */
export type DetectedMedia =
  | { kind: 'image'; contentType: 'image/png' | 'image/jpeg' | 'image/gif' }
  | { kind: 'video'; contentType: 'video/mp4' | 'video/quicktime' };

/** How many leading bytes `detectMediaType` needs. */
export const SIGNATURE_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(head: Buffer, bytes: number[], offset = 0): boolean {
  return head.length >= offset + bytes.length && bytes.every((byte, index) => head[offset + index] === byte);
}

/**
 * PNG, JPEG and GIF by their signatures; MP4 and MOV by the `ftyp` box that opens an ISO
 * media file (QuickTime's brand is `qt  `). Anything else is undefined.
 */
export function detectMediaType(head: Buffer): DetectedMedia | undefined {
  if (startsWith(head, PNG)) return { kind: 'image', contentType: 'image/png' };
  if (startsWith(head, JPEG)) return { kind: 'image', contentType: 'image/jpeg' };
  const ascii = head.subarray(0, SIGNATURE_BYTES).toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) {
    return { kind: 'image', contentType: 'image/gif' };
  }
  if (head.length >= SIGNATURE_BYTES && ascii.slice(4, 8) === 'ftyp') {
    const boxSize = head.readUInt32BE(0);
    // A real ftyp box holds at least its size, type and major brand.
    if (boxSize !== 1 && boxSize < 12) return undefined;
    const brand = ascii.slice(8, 12);
    if (!/^[\x20-\x7e]{4}$/.test(brand)) return undefined;
    return brand === 'qt  '
      ? { kind: 'video', contentType: 'video/quicktime' }
      : { kind: 'video', contentType: 'video/mp4' };
  }
  return undefined;
}

/** The file extension a stored object gets for a content type we accept. */
export function extensionFor(contentType: string): string {
  switch (contentType) {
    case 'video/mp4':
      return 'mp4';
    case 'video/quicktime':
      return 'mov';
    case 'image/webp':
      return 'webp';
    default:
      throw new Error(`No extension for ${contentType}`);
  }
}

/** The content type a stored object is served with, from its key's extension (never sniffed). */
export function contentTypeForKey(key: string): string {
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.mp4')) return 'video/mp4';
  if (key.endsWith('.mov')) return 'video/quicktime';
  return 'application/octet-stream';
}

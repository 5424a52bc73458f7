import { describe, expect, it } from 'vitest';
import { contentTypeForKey, detectMediaType } from './file-signatures';

const ftyp = (brand: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.alloc(8)]);

describe('detectMediaType', () => {
  it('recognises PNG, JPEG and GIF images by their signatures', () => {
    expect(detectMediaType(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))?.contentType).toBe(
      'image/png',
    );
    expect(detectMediaType(Buffer.from('ffd8ffe000104a4649460001', 'hex'))?.contentType).toBe('image/jpeg');
    expect(detectMediaType(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00', 'latin1'))?.contentType).toBe(
      'image/gif',
    );
  });

  it('recognises MP4 and MOV videos by their ftyp box', () => {
    expect(detectMediaType(ftyp('isom'))).toEqual({ kind: 'video', contentType: 'video/mp4' });
    expect(detectMediaType(ftyp('mp42'))).toEqual({ kind: 'video', contentType: 'video/mp4' });
    expect(detectMediaType(ftyp('qt  '))).toEqual({ kind: 'video', contentType: 'video/quicktime' });
  });

  it('refuses anything else, whatever it claims to be', () => {
    expect(detectMediaType(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBeUndefined();
    expect(detectMediaType(Buffer.from('%PDF-1.7\n%âãÏÓ'))).toBeUndefined();
    expect(detectMediaType(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))).toBeUndefined();
    expect(detectMediaType(Buffer.from([0x89, 0x50, 0x4e]))).toBeUndefined();
    expect(detectMediaType(Buffer.alloc(0))).toBeUndefined();
    // "ftyp" in the right place but a box too small to be real.
    expect(detectMediaType(Buffer.from('\x00\x00\x00\x04ftypisom', 'latin1'))).toBeUndefined();
  });
});

describe('contentTypeForKey', () => {
  it('serves only the types we store, and anything else as opaque bytes', () => {
    expect(contentTypeForKey('ads/x/y-card.webp')).toBe('image/webp');
    expect(contentTypeForKey('ads/x/y.mov')).toBe('video/quicktime');
    expect(contentTypeForKey('ads/x/y.html')).toBe('application/octet-stream');
  });
});

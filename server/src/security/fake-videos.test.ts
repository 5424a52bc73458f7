import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveSellerPlan, imagePart, postAd, videoPart } from '../../test/ad-factories';
import { createSeller, type TestSeller } from '../../test/factories';
import { movVideo, mp4Video } from '../../test/media-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * A video is accepted when its container parses as an MP4 or QuickTime file: boxes from its
 * first byte to its last, with a movie box. What merely starts like one is refused.
 */

let testApp: TestApp;
let seller: TestSeller;

beforeAll(async () => {
  testApp = await createTestApp();
  seller = await createSeller(testApp.app);
  await giveSellerPlan(testApp, seller.id, 20);
});
afterAll(() => testApp.close());

function box(type: string, payload: Buffer, size = 8 + payload.length): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(size, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

const FTYP = box('ftyp', Buffer.from('isom\0\0\x02\0isom', 'latin1'));
const MOOV = box('moov', box('mvhd', Buffer.alloc(100)));
const PAGE = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

describe('uploaded videos', () => {
  it.each([
    ['a 20-byte ftyp box followed by a page', Buffer.concat([FTYP, PAGE])],
    ['an ftyp box and media data without a movie box', Buffer.concat([FTYP, box('mdat', Buffer.alloc(512))])],
    [
      'a movie box claiming more bytes than the file has',
      Buffer.concat([FTYP, box('moov', Buffer.alloc(64), 4096)]),
    ],
    ['a box of size 0 to 7', Buffer.concat([FTYP, box('moov', Buffer.alloc(64), 4), PAGE])],
    ['a valid file with a page after its last box', Buffer.concat([mp4Video(), PAGE])],
    ['a page before a movie box', Buffer.concat([FTYP, PAGE, MOOV])],
  ])('refuses %s', async (_name, data) => {
    const response = await postAd(testApp, seller, {
      files: [await imagePart(), videoPart(data, 'clip.mp4')],
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe('"clip.mp4" is not an MP4 or MOV video.');
  });

  it('accepts MP4 and QuickTime files whose boxes parse', async () => {
    for (const data of [
      mp4Video(),
      movVideo(),
      Buffer.concat([FTYP, box('mdat', Buffer.alloc(256)), MOOV]),
    ]) {
      const response = await postAd(testApp, seller, { files: [await imagePart(), videoPart(data)] });
      expect(response.statusCode, response.body).toBe(201);
    }
  });
});

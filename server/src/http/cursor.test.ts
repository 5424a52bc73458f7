import { describe, expect, it } from 'vitest';
import { cursorKeyFormats, cursorSortOf, decodeCursor, encodeCursor } from './cursor';

const id = '5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';
const key = '2026-11-25T12:33:41.123456Z';

describe('the page cursor', () => {
  it('reads back what it wrote, for the same list', () => {
    const text = encodeCursor({ sort: 'payments', key, id });
    expect(decodeCursor(text, 'payments', cursorKeyFormats.timestamp)).toEqual({ sort: 'payments', key, id });
    expect(cursorSortOf(text)).toBe('payments');
  });

  it("refuses another list's cursor, a forged id or key, and text it did not make, with 400 on `cursor`", () => {
    const forged = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    for (const text of [
      encodeCursor({ sort: 'newest', key, id }),
      forged(['payments', key, "1' or '1'='1"]),
      forged(['payments', '2026-11-25 12:33:41', id]),
      forged(['payments', key]),
      'not-a-cursor',
    ]) {
      expect(() => decodeCursor(text, 'payments', cursorKeyFormats.timestamp)).toThrow(
        expect.objectContaining({ statusCode: 400, fields: { cursor: expect.any(String) } }),
      );
    }
  });
});

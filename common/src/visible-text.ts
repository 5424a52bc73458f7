import * as z from 'zod';

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): in a
 * title or a name they reorder how everything after them is shown, so "Bike ‮txt.exe" reads
 * "Bike exe.txt". Nobody needs them in one line of text; the marks (U+200E, U+200F) stay.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * A character that shows something: not a space, a control or format character (zero-width
 * spaces and joiners, the byte-order mark, soft hyphen), a combining mark on its own, or one
 * of the letters drawn blank (Hangul fillers, the blank Braille pattern).
 */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** One line people type (a title, a name) as kept: trimmed, without bidi controls, and blank when nothing in it shows. */
export function visibleText(text: string): string {
  const kept = text.replace(BIDI_CONTROLS, '').trim();
  return VISIBLE.test(kept) ? kept : '';
}

/** A string read as `visibleText`: its length and required checks apply to what shows. */
export const visibleTextSchema = () => z.string().overwrite(visibleText);

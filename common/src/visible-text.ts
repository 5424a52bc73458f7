import * as z from 'zod';

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): in a
 * title or a name they reorder how everything after them is shown, so "Bike ‮txt.exe" reads
 * "Bike exe.txt". Nobody needs them in one line of text; the marks (U+200E, U+200F) stay.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** Line breaks and the other spacing controls: in one line of text, a space. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/** Control characters (C0, DEL, C1): they show nothing, and a terminal or a mail header obeys some. */
const CONTROLS = /\p{Cc}/gu;

/** The same, but for the line feed and the tab a text of several lines keeps. */
const CONTROLS_BUT_LINES = /(?![\n\t])\p{Cc}/gu;

/**
 * A character that shows something: not a space, a control or format character (zero-width
 * spaces and joiners, the byte-order mark, soft hyphen), a combining mark on its own, or one
 * of the letters drawn blank (Hangul fillers, the blank Braille pattern).
 */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0\u2800]/u;

/**
 * One line people type (a title, a name) as kept: trimmed, its line breaks spaces, without
 * control characters or bidi controls, and blank when nothing in it shows.
 */
export function visibleText(text: string): string {
  const kept = text.replace(BREAKS, ' ').replace(CONTROLS, '').replace(BIDI_CONTROLS, '').trim();
  return VISIBLE.test(kept) ? kept : '';
}

/**
 * Text of several lines (a message, a description) as kept: trimmed, each line break a line
 * feed, without other control characters or bidi controls, and blank when nothing in it shows.
 */
export function visibleLines(text: string): string {
  const kept = text
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
    .replace(CONTROLS_BUT_LINES, '')
    .replace(BIDI_CONTROLS, '')
    .trim();
  return VISIBLE.test(kept) ? kept : '';
}

/** A string read as `visibleText`: its length and required checks apply to what shows. */
export const visibleTextSchema = () => z.string().overwrite(visibleText);

/** A string read as `visibleLines`, as `visibleTextSchema` reads one line. */
export const visibleLinesSchema = () => z.string().overwrite(visibleLines);

import { describe, expect, it } from 'vitest';
import { visibleLines, visibleText } from './visible-text';

describe('visibleText', () => {
  it('is blank for text in which nothing shows', () => {
    for (const invisible of [
      '\u200B\u200C\u200D',
      '\u2060\uFEFF\u00AD',
      ' \u3164 \u115F\u1160 \uFFA0 \u2800 ',
      '\u0301\u0302',
      '\u202E\u2066\u2069',
      '\t\n ',
    ]) {
      expect(visibleText(invisible), JSON.stringify(invisible)).toBe('');
    }
  });

  it('drops bidi embeddings, overrides and isolates, and keeps everything else', () => {
    expect(visibleText('Bike \u202Etxt.exe')).toBe('Bike txt.exe');
    expect(visibleText('\u2067שלום\u2069 \u202Aworld\u202C')).toBe('שלום world');
    expect(visibleText('  Café ZWJ 👩\u200D💻 \u200F ')).toBe('Café ZWJ 👩\u200D💻 \u200F');
    expect(visibleText('Ünïcödé, 東京, مرحبا')).toBe('Ünïcödé, 東京, مرحبا');
  });

  it('makes one line of a line break, and drops the control characters a terminal or mail header obeys', () => {
    expect(visibleText('Line one\r\nBcc: someone@example.com')).toBe('Line one Bcc: someone@example.com');
    expect(visibleText('Bike\u0007\u001B[31m red\u0085\u2028x')).toBe('Bike[31m red x');
  });
});

describe('visibleLines', () => {
  it('keeps lines and tabs, each break a line feed, and drops other control characters', () => {
    expect(visibleLines(' Hello\r\nWorld\r\u2028\tDone\u0007\u001B ')).toBe('Hello\nWorld\n\n\tDone');
    expect(visibleLines('\u202EReversed')).toBe('Reversed');
  });

  it('is blank for text in which nothing shows', () => {
    expect(visibleLines('\u200B\u2060\uFEFF')).toBe('');
    expect(visibleLines('\n\t\u0007\n')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { asksForSuggestions, searchSuggestionsQuerySchema } from './search';

describe('asking for suggestions', () => {
  it('asks exactly for what the server accepts, counting an emoji as one character', () => {
    const typed = [
      '',
      'b',
      ' b ',
      'bi',
      '😀',
      '😀😀',
      'é',
      'x'.repeat(60),
      ` ${'x'.repeat(60)} `,
      'x'.repeat(61),
    ];
    for (const text of typed) {
      expect(asksForSuggestions(text), JSON.stringify(text)).toBe(
        searchSuggestionsQuerySchema.safeParse({ q: text }).success,
      );
    }
    expect(typed.filter(asksForSuggestions)).toEqual(['bi', '😀😀', 'x'.repeat(60), ` ${'x'.repeat(60)} `]);
  });
});

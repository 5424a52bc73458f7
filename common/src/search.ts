import * as z from 'zod';
import { categoryIdSchema } from './categories';

// Suggestions while typing in the header's search box (issue 15).

/** The header asks for suggestions from this many characters on. */
const SUGGESTIONS_MIN_LENGTH = 2;
/** ...and up to this many. */
const SUGGESTIONS_MAX_LENGTH = 60;
/** At most this many suggestions are answered. */
export const SUGGESTIONS_MAX = 8;

export const searchSuggestionsQuerySchema = z.strictObject({
  /** What is typed so far; its last word is completed. */
  q: z.string().trim().min(SUGGESTIONS_MIN_LENGTH).max(SUGGESTIONS_MAX_LENGTH),
});
export type SearchSuggestionsQuery = z.infer<typeof searchSuggestionsQuerySchema>;

/**
 * Whether what is typed is worth asking suggestions for, as the schema above counts it: in
 * characters (code points: an emoji is one), where JavaScript's `length` counts two for it.
 * Without zod, which the header (every page's first load) does without.
 */
export function asksForSuggestions(typed: string): boolean {
  const length = [...typed.trim()].length;
  return length >= SUGGESTIONS_MIN_LENGTH && length <= SUGGESTIONS_MAX_LENGTH;
}

export const searchSuggestionSchema = z.discriminatedUnion('kind', [
  /** Words to search for: what was typed, its last word completed from titles' words. */
  z.object({ kind: z.literal('words'), text: z.string() }),
  /** A category whose name starts with (a word starting with) what was typed. */
  z.object({ kind: z.literal('category'), text: z.string(), category: categoryIdSchema }),
]);
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

export const searchSuggestionsResponseSchema = z.object({
  suggestions: z.array(searchSuggestionSchema).max(SUGGESTIONS_MAX),
});
export type SearchSuggestionsResponse = z.infer<typeof searchSuggestionsResponseSchema>;

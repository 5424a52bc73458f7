/** A search uses at most this many terms (words, or phrases in quotes); the rest are ignored. */
export const SEARCH_TERMS_MAX = 16;
/** A phrase uses at most this many of its words. */
export const PHRASE_WORDS_MAX = 8;

/** A term as people type it: an optional minus, then a "quoted phrase" or a run of non-spaces. */
const TERM = /(-?)(?:"([^"]*)"?|([^\s"]+))/gu;
/** What a term is searched by: letters and digits (in any script); the rest separates words. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * The `to_tsquery` text of what a person typed in the search box: words must all occur
 * (stemmed by PostgreSQL's English configuration), "quoted words" must occur in that order
 * and a leading minus excludes a word or phrase. It is built from words only, with a bounded
 * number of operators nested at most two deep, so no text can make PostgreSQL refuse the query
 * (`websearch_to_tsquery` nests a NOT for each of a run of minus signs, and fails beyond 32).
 * Undefined when the text holds no word.
 */
export function searchTextQuery(text: string): string | undefined {
  const terms: string[] = [];
  for (const [, minus, phrase, word] of text.matchAll(TERM)) {
    const words = (phrase ?? word ?? '').match(WORD)?.slice(0, PHRASE_WORDS_MAX);
    if (!words) continue;
    // Words hold no quote or backslash, so quoting them makes each a literal lexeme.
    const sequence = words.map((each) => `'${each}'`).join(' <-> ');
    terms.push(minus ? `!(${sequence})` : words.length > 1 ? `(${sequence})` : sequence);
    if (terms.length === SEARCH_TERMS_MAX) break;
  }
  return terms.length > 0 ? terms.join(' & ') : undefined;
}

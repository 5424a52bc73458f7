import { SUGGESTIONS_MAX, type SearchSuggestion } from '@bazaar/common/search';
import { sql } from 'drizzle-orm';
import { searchTextQuery } from '../ads/search-text';
import type { Database } from '../db/database';
import { textSearchConfig } from '../db/text-search';
import { chooseClosestWord, editsAllowed, type NearWord } from './closest-word';

/** Words as the vocabulary holds them (migration 0012: search_words_of), in what a person typed. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** Categories lead the suggestions, at most this many. */
const CATEGORY_SUGGESTIONS_MAX = 2;
/** Vocabulary words are 3 to 40 characters long. */
const VOCABULARY_WORD = { min: 3, max: 40 };
/**
 * The title words most similar by trigrams that "Did you mean" weighs for each unknown word: the
 * fewest edits are often not the most similar ("tabel": "tab" 0.43, "table" 0.33).
 */
const NEAR_WORDS_MAX = 10;
/** After other words, the most used completions of the last word tested (at most)... */
const PAIRED_CANDIDATES_MAX = 30;
/** ...in this many ads having those other words. */
const LEAD_SAMPLE_MAX = 300;

/** `%` and `_` typed by a person are literal characters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * A vocabulary word that a search can find: not an English stop word ("and", "the"), which
 * to_tsquery drops.
 */
const isSearchable = sql`numnode(plainto_tsquery(${textSearchConfig}, s.word)) > 0`;

/** An array of `values`, each a parameter (cast it: `::text[]`). */
const sqlArray = (values: readonly (string | number)[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]`;

/**
 * Up to SUGGESTIONS_MAX suggestions for what is typed (issue 15): categories whose name has a
 * word starting with it (when one word is typed), then the typed text with its last word
 * completed by the title words that start with it, the most used first. An indexed prefix
 * range of search_words, so it costs about the same at any size. After other words, only the
 * completions whose search finds an ad are offered ("electric g" offers "electric guitar", not
 * "electric galaxy").
 */
export async function findSearchSuggestions(db: Database, typed: string): Promise<SearchSuggestion[]> {
  const text = typed.toLowerCase().replace(/\s+/g, ' ').trim();
  const words = text.match(WORD) ?? [];
  const last = words.at(-1);
  if (!last || !text.endsWith(last)) return [];
  const lead = text.slice(0, text.length - last.length);
  const leadWords = words.slice(0, -1);

  // The words and, for one word typed, the categories, in one statement: a suggestion is
  // answered while someone types.
  const { rows } = await db.execute<{
    words: string[];
    categories: { id: string; name: string }[] | null;
  }>(sql`
    select
      array(
        select s.word from search_words s
        where s.folded like unaccented(${`${escapeLike(last)}%`}) and s.ads > 0 and ${isSearchable}
        order by s.ads desc, s.word
        limit ${leadWords.length === 0 ? SUGGESTIONS_MAX : PAIRED_CANDIDATES_MAX}
      ) as words,
      ${
        leadWords.length === 0
          ? sql`(select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.sort_order, c.name)
                 from categories c)`
          : sql`null`
      } as categories`);
  const { words: candidates = [], categories: categoryRows } = rows[0] ?? {};
  const categories = (categoryRows ?? [])
    .filter((category) =>
      (category.name.toLowerCase().match(WORD) ?? []).some((word) => word.startsWith(last)),
    )
    .slice(0, CATEGORY_SUGGESTIONS_MAX)
    .map((category): SearchSuggestion => ({ kind: 'category', text: category.name, category: category.id }));
  const completions =
    leadWords.length === 0
      ? candidates.slice(0, SUGGESTIONS_MAX - categories.length)
      : await completionsFound(
          db,
          lead,
          candidates.filter((word) => !leadWords.includes(word)),
        );
  return [
    ...categories,
    ...completions.map((word): SearchSuggestion => ({ kind: 'words', text: `${lead}${word}` })),
  ];
}

/**
 * Of `candidates` (in the order offered), the first SUGGESTIONS_MAX whose search with `lead`
 * before them finds an ad, as the search page would (searchTextQuery), among LEAD_SAMPLE_MAX
 * active ads having the lead's words: testing each candidate against the whole table took
 * 17–30 ms a candidate at a million ads (two common words' lists intersected by the words'
 * GIN index), against a fraction of a millisecond in this sample. A pair found only in ads
 * outside it is not offered: suggestions are for what is common. A lead of stop words alone
 * ("the ") constrains nothing, as in the search.
 */
async function completionsFound(db: Database, lead: string, candidates: string[]): Promise<string[]> {
  const leadQuery = searchTextQuery(lead);
  if (candidates.length === 0 || !leadQuery) return candidates.slice(0, SUGGESTIONS_MAX);
  const queries = candidates.map((word) => searchTextQuery(`${lead}${word}`) ?? '');
  const { rows } = await db.execute<{ word: string }>(sql`
    with sample as materialized (
      select a.search from advertisements a
      where a.status = 'active' and a.search @@ to_tsquery(${textSearchConfig}, ${leadQuery})
      limit ${LEAD_SAMPLE_MAX}
    )
    select c.word from unnest(${sqlArray(candidates)}::text[], ${sqlArray(queries)}::text[]) as c(word, query)
    where numnode(to_tsquery(${textSearchConfig}, ${leadQuery})) = 0
      or exists (select 1 from sample s where s.search @@ to_tsquery(${textSearchConfig}, c.query))`);
  const found = new Set(rows.map((row) => row.word));
  return candidates.filter((word) => found.has(word)).slice(0, SUGGESTIONS_MAX);
}

/**
 * The words of a search that found nothing, each unknown one replaced by its correction
 * (`chooseClosestWord`) among the title words most similar to it by trigrams (pg_trgm's `%`
 * over search_words' trigram index, migration 0021). Words after a minus, and words with a
 * digit, are left as typed.
 * Undefined when nothing was replaced.
 */
export async function correctSearchWords(db: Database, typed: string): Promise<string | undefined> {
  const spans = [...typed.matchAll(WORD)]
    .filter((match) => typed[match.index - 1] !== '-')
    .map((match) => ({
      start: match.index,
      end: match.index + match[0].length,
      word: match[0].toLowerCase(),
    }))
    .filter(({ word }) => word.length >= VOCABULARY_WORD.min && word.length <= VOCABULARY_WORD.max)
    // A word with a digit is a model, a size or a code ("ps5", "10x50"): one a character away
    // is another thing, not a typo ("ps5" is no "psi").
    .filter(({ word }) => !/\d/.test(word))
    .slice(0, 16);
  if (spans.length === 0) return undefined;
  const inputs = [...new Set(spans.map((span) => span.word))];
  // A word differing in length by more than the edits allowed is never chosen: it is left out
  // before the most similar are taken, so it cannot crowd out one that would be.
  const { rows } = await db.execute<{ input: string } & NearWord>(sql`
    select w.input, near.word, near.similarity, near.ads
    from unnest(
      ${sqlArray(inputs)}::text[],
      ${sqlArray(inputs.map(editsAllowed))}::integer[]
    ) as w(input, edits)
    cross join lateral (
      select s.word, s.similarity, s.ads from search_words_similar_to(w.input) s
      where s.ads > 0 and abs(length(s.word) - length(w.input)) <= w.edits and ${isSearchable}
      order by s.similarity desc, s.ads desc, s.word
      limit ${NEAR_WORDS_MAX}
    ) near
    where not exists (select 1 from search_words s where s.word = w.input and s.ads > 0)`);
  const closest = new Map<string, string>();
  for (const input of inputs) {
    const nearWords = rows.filter((row) => row.input === input);
    const word = chooseClosestWord(input, nearWords);
    if (word) closest.set(input, word);
  }
  if (closest.size === 0) return undefined;
  let corrected = '';
  let position = 0;
  for (const span of spans) {
    const replacement = closest.get(span.word);
    if (!replacement) continue;
    corrected += typed.slice(position, span.start) + replacement;
    position = span.end;
  }
  return corrected + typed.slice(position);
}

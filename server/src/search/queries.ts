import { SUGGESTIONS_MAX, type SearchSuggestion } from '@bazaar/common/search';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
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

/** `%` and `_` typed by a person are literal characters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * A vocabulary word that a search can find: not an English stop word ("and", "the"), which
 * to_tsquery drops.
 */
const isSearchable = sql`numnode(plainto_tsquery('english', s.word)) > 0`;

/**
 * Up to SUGGESTIONS_MAX suggestions for what is typed (issue 15): categories whose name has a
 * word starting with it (when one word is typed), then the typed text with its last word
 * completed by the title words that start with it, the most used first. An indexed prefix
 * range of search_words, so it costs about the same at any size.
 */
export async function findSearchSuggestions(db: Database, typed: string): Promise<SearchSuggestion[]> {
  const text = typed.toLowerCase().replace(/\s+/g, ' ').trim();
  const words = text.match(WORD) ?? [];
  const last = words.at(-1);
  if (!last || !text.endsWith(last)) return [];
  const lead = text.slice(0, text.length - last.length);

  const categoryRows =
    words.length === 1
      ? (
          await db.execute<{ id: string; name: string }>(
            sql`select id, name from categories order by sort_order, name`,
          )
        ).rows
      : [];
  const categories = categoryRows
    .filter((category) =>
      (category.name.toLowerCase().match(WORD) ?? []).some((word) => word.startsWith(last)),
    )
    .slice(0, CATEGORY_SUGGESTIONS_MAX)
    .map((category): SearchSuggestion => ({ kind: 'category', text: category.name, category: category.id }));

  const { rows } = await db.execute<{ word: string }>(sql`
    select s.word from search_words s
    where s.word like ${`${escapeLike(last)}%`} and s.ads > 0 and ${isSearchable}
    order by s.ads desc, s.word
    limit ${SUGGESTIONS_MAX - categories.length}`);
  return [
    ...categories,
    ...rows.map((row): SearchSuggestion => ({ kind: 'words', text: `${lead}${row.word}` })),
  ];
}

/**
 * The words of a search that found nothing, each unknown one replaced by its correction
 * (`chooseClosestWord`) among the title words most similar to it by trigrams (pg_trgm's `%`
 * over search_words' trigram index, migration 0021). Words after a minus are left as typed.
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
    .slice(0, 16);
  if (spans.length === 0) return undefined;
  const inputs = [...new Set(spans.map((span) => span.word))];
  // A word differing in length by more than the edits allowed is never chosen: it is left out
  // before the most similar are taken, so it cannot crowd out one that would be.
  const { rows } = await db.execute<{ input: string } & NearWord>(sql`
    select w.input, near.word, near.similarity, near.ads
    from unnest(
      array[${sql.join(
        inputs.map((input) => sql`${input}`),
        sql`, `,
      )}]::text[],
      array[${sql.join(
        inputs.map((input) => sql`${editsAllowed(input)}`),
        sql`, `,
      )}]::integer[]
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

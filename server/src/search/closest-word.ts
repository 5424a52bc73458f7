/** A vocabulary word near one typed, as `search_words_similar_to` (migration 0021) finds it. */
export type NearWord = {
  word: string;
  /** pg_trgm similarity to the typed word, 0..1. */
  similarity: number;
  /** Active ads with the word in their title. */
  ads: number;
};

/**
 * The edits a person makes from one word to another: inserting, deleting or replacing a letter,
 * or swapping two neighbouring letters, each counting 1 (optimal string alignment, the
 * Damerau–Levenshtein distance where no letter is edited twice). Trigrams see "tabel" closer to
 * "tab" than to "table"; a person sees one swap.
 */
export function editDistance(from: string, to: string): number {
  const a = Array.from(from);
  const b = Array.from(to);
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const replacing = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + replacing);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, beforePrevious[j - 2]! + 1);
      }
      current.push(distance);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The most edits a correction of a word may take: one for every three letters, at least 1 and
 * at most 3, so that a word is corrected only into one it still resembles ("bikexqzv" is not a
 * typo of "bike").
 */
export function editsAllowed(word: string): number {
  return Math.min(3, Math.max(1, Math.floor(Array.from(word).length / 3)));
}

/**
 * The correction of a typed word among vocabulary words near it (issue 15): the fewest edits
 * away, within `editsAllowed`, then the most similar by trigrams, the most used, and the first
 * alphabetically. Undefined when none is close enough.
 */
export function chooseClosestWord(typed: string, nearWords: readonly NearWord[]): string | undefined {
  const allowed = editsAllowed(typed);
  const ranked = nearWords
    .map((near) => ({ ...near, edits: editDistance(typed, near.word) }))
    .filter((near) => near.edits <= allowed)
    .sort(
      (one, other) =>
        one.edits - other.edits ||
        other.similarity - one.similarity ||
        other.ads - one.ads ||
        (one.word < other.word ? -1 : 1),
    );
  return ranked[0]?.word;
}

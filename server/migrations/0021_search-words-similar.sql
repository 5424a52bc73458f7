-- The vocabulary's words and their trigram similarity to a word, for "Did you mean" (decision
-- 0024): pg_trgm's `%` over search_words_trgm_idx, with its threshold set for this call only (a
-- function's SET is undone when it returns), which a statement cannot do without a round trip.
-- Under the default 0.3, two letters swapped inside a six-letter word ("iphnoe": 3 of 11
-- trigrams shared, 0.27) are never a candidate. Above 0.25, a word of three or four letters
-- still needs two trigrams in common, so the index never hands back every word with its first
-- letter.
CREATE FUNCTION search_words_similar_to(input text) RETURNS TABLE (word text, ads integer, similarity real)
LANGUAGE sql STABLE PARALLEL SAFE SET pg_trgm.similarity_threshold = 0.26 AS $$
  SELECT s.word, s.ads, similarity(s.word, input) FROM search_words AS s WHERE s.word % input
$$;

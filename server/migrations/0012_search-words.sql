CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"ads" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
-- The words of a title as the vocabulary holds them: lower case, split at spaces and
-- punctuation, 3 to 40 characters, each once.
CREATE FUNCTION search_words_of(title text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT word FROM regexp_split_to_table(lower(title), '[[:space:][:punct:]]+') AS word
  WHERE length(word) BETWEEN 3 AND 40
$$;--> statement-breakpoint
-- Adds each word's change in active ads. Rows are written in word order, so two transactions
-- that change the same words lock them in the same order and cannot deadlock.
CREATE FUNCTION search_words_add(changes text[], deltas integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words AS s (word, ads)
  SELECT word, sum(delta)::integer FROM unnest(changes, deltas) AS c(word, delta)
  GROUP BY word HAVING sum(delta) <> 0 ORDER BY word
  ON CONFLICT (word) DO UPDATE SET ads = s.ads + excluded.ads;
  DELETE FROM search_words WHERE word = ANY (changes) AND ads <= 0;
$$;--> statement-breakpoint
-- One call per statement (transition tables), so a bulk insert counts its words once. An
-- update counts only the ads whose title changed or that became, or stopped being, active:
-- a view or a like costs one join of one row.
CREATE FUNCTION search_words_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_words text[];
  changed_deltas integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(w), array_agg(1) INTO changed_words, changed_deltas
    FROM new_rows n CROSS JOIN LATERAL search_words_of(n.title) AS w WHERE n.status = 'active';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(w), array_agg(-1) INTO changed_words, changed_deltas
    FROM old_rows o CROSS JOIN LATERAL search_words_of(o.title) AS w WHERE o.status = 'active';
  ELSE
    WITH changed AS (
      SELECT o.title AS old_title, o.status = 'active' AS was_active,
             n.title AS new_title, n.status = 'active' AS is_active
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.title IS DISTINCT FROM n.title OR (o.status = 'active') <> (n.status = 'active')
    ), changes AS (
      SELECT w, 1 AS delta FROM changed CROSS JOIN LATERAL search_words_of(new_title) AS w WHERE is_active
      UNION ALL
      SELECT w, -1 FROM changed CROSS JOIN LATERAL search_words_of(old_title) AS w WHERE was_active
    )
    SELECT array_agg(w), array_agg(delta) INTO changed_words, changed_deltas FROM changes;
  END IF;
  IF changed_words IS NOT NULL THEN
    PERFORM search_words_add(changed_words, changed_deltas);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER advertisements_search_words_insert AFTER INSERT ON advertisements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_track();--> statement-breakpoint
CREATE TRIGGER advertisements_search_words_update AFTER UPDATE ON advertisements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_track();--> statement-breakpoint
CREATE TRIGGER advertisements_search_words_delete AFTER DELETE ON advertisements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_track();--> statement-breakpoint
INSERT INTO search_words (word, ads)
SELECT w, count(*)::integer FROM advertisements a CROSS JOIN LATERAL search_words_of(a.title) AS w
WHERE a.status = 'active' GROUP BY w;

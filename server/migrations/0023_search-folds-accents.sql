-- Searches ignore accents: "pokemon" finds "Pokémon", "cafe" finds "Café" and the other way
-- round. english_unaccent is PostgreSQL's English configuration with the unaccent dictionary
-- before the stemmer for words holding a letter outside ASCII (ASCII words are as before).
-- The ads' words are computed again with it, which rewrites the table once (keeping its
-- order) and builds its indexes again.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION english_unaccent (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION english_unaccent ALTER MAPPING FOR word, hword, hword_part WITH unaccent, english_stem;--> statement-breakpoint
-- PostgreSQL 17 and newer change the expression in place; older ones add the column anew, at
-- the table's end, where reading it costs a walk of the newest ads about a tenth more.
DO $$
BEGIN
  IF current_setting('server_version_num')::int >= 170000 THEN
    -- EXECUTE, so that older servers never parse what their grammar lacks.
    EXECUTE $alter$ALTER TABLE "advertisements" ALTER COLUMN "search" SET EXPRESSION AS (setweight(to_tsvector('english_unaccent'::regconfig, title), 'A') || setweight(to_tsvector('english_unaccent'::regconfig, description), 'B'))$alter$;
  ELSE
    ALTER TABLE "advertisements" DROP COLUMN "search";
    ALTER TABLE "advertisements" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english_unaccent'::regconfig, title), 'A') || setweight(to_tsvector('english_unaccent'::regconfig, description), 'B')) STORED NOT NULL;
    CREATE INDEX "advertisements_search_idx" ON "advertisements" USING gin ("search");
    CREATE INDEX "advertisements_active_search_location_idx" ON "advertisements" USING gin ("search","location" gin_trgm_ops) WHERE status = 'active';
    CREATE INDEX "advertisements_active_earth_search_idx" ON "advertisements" USING gist ("earth_point","search") WHERE status = 'active';
  END IF;
END $$;--> statement-breakpoint
-- A saved search's words were stemmed with their accents: they lose them, as a search's do
-- now. (A plural of an accented word may have stemmed otherwise, "résumés"; saving the search
-- again derives it afresh.)
UPDATE "saved_searches" SET
  "query" = unaccent("query"::text)::tsquery,
  "lexemes" = array(SELECT DISTINCT unaccent(lexeme) FROM unnest("lexemes") AS lexeme)
WHERE "query"::text <> unaccent("query"::text);

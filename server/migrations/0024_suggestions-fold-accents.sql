-- Suggestions complete what is typed whatever its accents: "poke" to "pokémon", "creme" to
-- "crème" (the search already finds them, migration 0023). unaccent() may not be used in a
-- stored column, as a dictionary could change; unaccented() promises it will not (the
-- dictionary ships with PostgreSQL). It names the extension's schema, since a column or an
-- index is computed with only pg_catalog on the search path. The vocabulary keeps each word as
-- titles spell it, and beside it the word without its accents, which the prefix index holds.
DO $$
DECLARE
  extension_schema text := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent');
BEGIN
  EXECUTE format(
    'CREATE FUNCTION unaccented(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS %L',
    format('SELECT %I.unaccent(%L::regdictionary, $1)', extension_schema, quote_ident(extension_schema) || '.unaccent')
  );
END $$;--> statement-breakpoint
DROP INDEX "search_words_prefix_idx";--> statement-breakpoint
ALTER TABLE "search_words" ADD COLUMN "folded" text GENERATED ALWAYS AS (unaccented(word)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_folded_prefix_idx" ON "search_words" USING btree ("folded" text_pattern_ops);

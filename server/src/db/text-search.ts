import { sql } from 'drizzle-orm';

/**
 * The text search configuration of the ads' words (migration 0023): PostgreSQL's English one
 * with accents removed before stemming, so "pokemon" finds "Pokémon" and "café" finds "Cafe".
 * Every to_tsvector and to_tsquery of the ads' words names it, as a literal the planner sees.
 */
export const textSearchConfig = sql.raw(`'english_unaccent'::regconfig`);

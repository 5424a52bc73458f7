-- Word + price + location at a million ads (issue 15, decision 0024): one GIN index of the
-- words and the location's trigrams, so a search with both walks the rarer posting lists and
-- skips through the others (8 ms) instead of ANDing a bitmap of every ad with a common word
-- (27 ms for "phone") with one of the location (10 ms).
CREATE INDEX "advertisements_active_search_location_idx" ON "advertisements" USING gin ("search","location" gin_trgm_ops) WHERE status = 'active';
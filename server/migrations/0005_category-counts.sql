-- The home page shows every category with its number of active ads. Counting them per request
-- reads every active ad (a million rows at scale); instead each category keeps its count, and
-- triggers on advertisements keep it exact in the same transaction as the change.
ALTER TABLE "categories" ADD COLUMN "active_ads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Inserts and deletes may touch many ads at once (a seller deleted with all their ads, bulk
-- loads): one statement-level update per category, from the statement's transition table.
-- Every function locks the categories it changes in id order first, so that two changes
-- touching the same categories never wait for each other in a circle (deadlock). The lock is
-- FOR NO KEY UPDATE, the one the UPDATE itself takes: each insert already holds a KEY SHARE
-- lock on its category from the foreign-key check, and FOR UPDATE would wait on the other
-- inserts' KEY SHARE locks while they wait on this one's.
CREATE FUNCTION "categories_count_inserted_ads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "categories"
  WHERE "id" IN (SELECT "category" FROM inserted_ads WHERE "status" = 'active') ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "categories" c SET "active_ads" = c."active_ads" + d.ads
  FROM (SELECT "category", count(*)::int AS ads FROM inserted_ads WHERE "status" = 'active' GROUP BY "category") d
  WHERE c."id" = d."category";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "categories_count_deleted_ads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "categories"
  WHERE "id" IN (SELECT "category" FROM deleted_ads WHERE "status" = 'active') ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "categories" c SET "active_ads" = c."active_ads" - d.ads
  FROM (SELECT "category", count(*)::int AS ads FROM deleted_ads WHERE "status" = 'active' GROUP BY "category") d
  WHERE c."id" = d."category";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Updates change one ad at a time and mostly touch views and likes: a row trigger that runs
-- only when the status or the category changes.
CREATE FUNCTION "categories_count_updated_ad"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "categories" WHERE "id" IN (OLD."category", NEW."category") ORDER BY "id" FOR NO KEY UPDATE;
  IF OLD."status" = 'active' THEN
    UPDATE "categories" SET "active_ads" = "active_ads" - 1 WHERE "id" = OLD."category";
  END IF;
  IF NEW."status" = 'active' THEN
    UPDATE "categories" SET "active_ads" = "active_ads" + 1 WHERE "id" = NEW."category";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "categories_count_truncated_ads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "categories" SET "active_ads" = 0 WHERE "id" IN (
    SELECT "id" FROM "categories" WHERE "active_ads" <> 0 ORDER BY "id" FOR NO KEY UPDATE
  );
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "advertisements_count_inserted" AFTER INSERT ON "advertisements"
  REFERENCING NEW TABLE AS inserted_ads FOR EACH STATEMENT EXECUTE FUNCTION "categories_count_inserted_ads"();--> statement-breakpoint
CREATE TRIGGER "advertisements_count_deleted" AFTER DELETE ON "advertisements"
  REFERENCING OLD TABLE AS deleted_ads FOR EACH STATEMENT EXECUTE FUNCTION "categories_count_deleted_ads"();--> statement-breakpoint
CREATE TRIGGER "advertisements_count_updated" AFTER UPDATE OF "status", "category" ON "advertisements"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."category" IS DISTINCT FROM NEW."category")
  EXECUTE FUNCTION "categories_count_updated_ad"();--> statement-breakpoint
CREATE TRIGGER "advertisements_count_truncated" AFTER TRUNCATE ON "advertisements"
  FOR EACH STATEMENT EXECUTE FUNCTION "categories_count_truncated_ads"();--> statement-breakpoint
UPDATE "categories" c SET "active_ads" = (
  SELECT count(*)::int FROM "advertisements" a WHERE a."category" = c."id" AND a."status" = 'active'
);

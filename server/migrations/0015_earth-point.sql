-- Radius search at a million ads (issue 14, decision 0021): each ad's earthdistance point is
-- stored (ll_to_earth's domain checks cost microseconds per ad read), and one GiST index holds
-- it with a signature of the ad's words. Adding the column rewrites the table once.
DROP INDEX "advertisements_active_earth_idx";--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "earth_point" "earth" GENERATED ALWAYS AS (ll_to_earth(lat, lon)) STORED;--> statement-breakpoint
CREATE INDEX "advertisements_active_earth_search_idx" ON "advertisements" USING gist ("earth_point","search") WHERE status = 'active';
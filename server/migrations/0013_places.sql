-- Distances on the earth's surface for radius search (issue 14): cube and earthdistance ship
-- with the embedded PostgreSQL and with Debian's postgresql-contrib.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TABLE "gazetteer_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"place_count" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ads_matched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region" text,
	"country" text NOT NULL,
	"population" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "lon" double precision;--> statement-breakpoint
CREATE INDEX "places_name_prefix_idx" ON "places" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertisements_active_earth_idx" ON "advertisements" USING gist (ll_to_earth("lat", "lon")) WHERE status = 'active';
CREATE TABLE "ad_photo_hashes" (
	"media_id" uuid PRIMARY KEY NOT NULL,
	"ad_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"hash" bigint NOT NULL,
	"band_0" integer GENERATED ALWAYS AS (((hash >> 48) & 65535)::int) STORED NOT NULL,
	"band_1" integer GENERATED ALWAYS AS (((hash >> 32) & 65535)::int) STORED NOT NULL,
	"band_2" integer GENERATED ALWAYS AS (((hash >> 16) & 65535)::int) STORED NOT NULL,
	"band_3" integer GENERATED ALWAYS AS (((hash >> 0) & 65535)::int) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_photo_hashes" ADD CONSTRAINT "ad_photo_hashes_media_id_ad_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."ad_media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_photo_hashes_band_0_idx" ON "ad_photo_hashes" USING btree ("band_0");--> statement-breakpoint
CREATE INDEX "ad_photo_hashes_band_1_idx" ON "ad_photo_hashes" USING btree ("band_1");--> statement-breakpoint
CREATE INDEX "ad_photo_hashes_band_2_idx" ON "ad_photo_hashes" USING btree ("band_2");--> statement-breakpoint
CREATE INDEX "ad_photo_hashes_band_3_idx" ON "ad_photo_hashes" USING btree ("band_3");
ALTER TABLE "advertisements" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "advertisements_active_expires_idx" ON "advertisements" USING btree ("expires_at") WHERE status = 'active';--> statement-breakpoint
-- Existing ads live AD_LIFETIME_DAYS (30 by default) from when they were posted, but never
-- expire sooner than two days from now: an old database (or demo) keeps its ads for a while
-- after the upgrade, and their owners get the expiry reminder first.
UPDATE "advertisements" SET "expires_at" = greatest("created_at" + interval '30 days', now() + interval '2 days');

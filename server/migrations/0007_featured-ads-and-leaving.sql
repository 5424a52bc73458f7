CREATE TABLE "ad_features" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"ad_id" uuid,
	"source" text NOT NULL,
	"checkout_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "advertisements_featured_created_idx";--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "featured_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "purpose" text DEFAULT 'plan' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ad_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "ad_id" uuid;--> statement-breakpoint
ALTER TABLE "ad_features" ADD CONSTRAINT "ad_features_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_features" ADD CONSTRAINT "ad_features_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_features" ADD CONSTRAINT "ad_features_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_features_user_created_idx" ON "ad_features" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_features_checkout_idx" ON "ad_features" USING btree ("checkout_id");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertisements_featured_until_idx" ON "advertisements" USING btree ("featured_until") WHERE featured_until is not null;--> statement-breakpoint
-- Ads featured before featuring had an end get a week from now.
UPDATE "advertisements" SET "featured_until" = now() + interval '7 days' WHERE "featured";--> statement-breakpoint
ALTER TABLE "advertisements" DROP COLUMN "featured";--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_purpose_plan" CHECK (("checkouts"."purpose" = 'plan') = ("checkouts"."plan_id" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_plan" CHECK (("payments"."kind" = 'feature') = ("payments"."plan_id" is null));
CREATE TABLE "ad_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ad_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid NOT NULL,
	"reporter_id" uuid,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "ad_reports_details_length" CHECK (char_length("ad_reports"."details") <= 500)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"target_label" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"search" text GENERATED ALWAYS AS (lower(actor_label || ' ' || action || ' ' || target_type || ' ' || target_label || ' ' || coalesce(reason, ''))) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "hidden_with_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisements" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "ad_flags" ADD CONSTRAINT "ad_flags_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reports" ADD CONSTRAINT "ad_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_flags_open_idx" ON "ad_flags" USING btree ("ad_id","kind","detail") WHERE resolved_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_reports_open_per_reporter_idx" ON "ad_reports" USING btree ("ad_id","reporter_id") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "ad_reports_open_ad_idx" ON "ad_reports" USING btree ("ad_id") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "ad_reports_ad_created_idx" ON "ad_reports" USING btree ("ad_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ad_reports_reporter_created_idx" ON "ad_reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_search_idx" ON "audit_log" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "advertisements_awaiting_review_idx" ON "advertisements" USING btree ("created_at") WHERE status = 'pending' or review_requested_at is not null;
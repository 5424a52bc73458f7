CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"plan_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"checkout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "provider_url" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "bonus_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "replaces_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "current_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "subscription_provider" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checkouts_user_plan_open_idx" ON "checkouts" USING btree ("user_id","plan_id") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_provider_subscription_idx" ON "profiles" USING btree ("subscription_provider","provider_subscription_id");--> statement-breakpoint
CREATE INDEX "profiles_demo_renewal_idx" ON "profiles" USING btree ("current_period_end") WHERE subscription_provider = 'demo' and subscription_status = 'active' and not cancel_at_period_end;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_amounts_nonnegative" CHECK ("checkouts"."amount_cents" >= 0 and "checkouts"."credit_cents" >= 0);
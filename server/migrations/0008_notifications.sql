CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"link" text,
	"coalesce_key" text,
	"once_key" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_title_length" CHECK (char_length("notifications"."title") between 1 and 300)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_recent_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_coalesce_idx" ON "notifications" USING btree ("user_id","coalesce_key") WHERE read_at is null and coalesce_key is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_once_idx" ON "notifications" USING btree ("user_id","once_key") WHERE once_key is not null;
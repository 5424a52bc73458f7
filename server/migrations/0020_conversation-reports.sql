-- Reports of conversations reach the moderators (decision 0017): a report is open until staff
-- close it (dismissed, or the reported person suspended), and the same person may report the
-- conversation again after that, as with ads. `reported_id` keeps whom the report is about
-- (the reporter's other participant), so a person's reports count without reading conversations.
ALTER TABLE "conversation_reports" ADD COLUMN "reported_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_reports" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "conversation_reports" ADD CONSTRAINT "conversation_reports_reported_id_users_id_fk" FOREIGN KEY ("reported_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reports" ADD CONSTRAINT "conversation_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Reports made before: the reporter's other participant (unknown once the reporter's account is gone).
UPDATE "conversation_reports" r SET "reported_id" = CASE
    WHEN r.reporter_id = c.buyer_id THEN c.seller_id
    WHEN r.reporter_id = c.seller_id THEN c.buyer_id
  END
FROM "conversations" c WHERE c.id = r.conversation_id;--> statement-breakpoint
-- One open report per person per conversation (every existing report is open, and was unique).
DROP INDEX "conversation_reports_conversation_reporter_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_reports_open_per_reporter_idx" ON "conversation_reports" USING btree ("conversation_id","reporter_id") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "conversation_reports_open_conversation_idx" ON "conversation_reports" USING btree ("conversation_id","created_at" DESC NULLS LAST) WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "conversation_reports_reported_idx" ON "conversation_reports" USING btree ("reported_id");

ALTER TABLE "payments" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
-- Payments made before receipts existed get none: their buyers were told in the app.
UPDATE "payments" SET "receipt_sent_at" = "created_at";--> statement-breakpoint
CREATE INDEX "payments_receipt_due_idx" ON "payments" USING btree ("created_at") WHERE receipt_sent_at is null and user_id is not null;
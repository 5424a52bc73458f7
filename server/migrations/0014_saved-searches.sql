CREATE TABLE "saved_search_matches" (
	"saved_search_id" uuid NOT NULL,
	"ad_id" uuid NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "saved_search_matches_saved_search_id_ad_id_pk" PRIMARY KEY("saved_search_id","ad_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"frequency" text DEFAULT 'instant' NOT NULL,
	"query" "tsquery",
	"lexemes" text[] DEFAULT '{}'::text[] NOT NULL,
	"category" text,
	"min_price" numeric(12, 2),
	"max_price" numeric(12, 2),
	"location_pattern" text,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_matches_unsent_idx" ON "saved_search_matches" USING btree ("saved_search_id") WHERE emailed_at is null;--> statement-breakpoint
CREATE INDEX "saved_search_matches_ad_idx" ON "saved_search_matches" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_created_idx" ON "saved_searches" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_searches_lexemes_idx" ON "saved_searches" USING gin ("lexemes") WHERE cardinality(lexemes) > 0 and frequency <> 'off';--> statement-breakpoint
CREATE INDEX "saved_searches_wordless_category_idx" ON "saved_searches" USING btree ("category") WHERE cardinality(lexemes) = 0 and frequency <> 'off';
ALTER TABLE "email_links" ADD COLUMN "via" text DEFAULT 'match' NOT NULL;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "remote_ref" jsonb;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(subject, '') || ' ' || coalesce(left(text, 20000), ''))) STORED;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "search_bigrams" text[] GENERATED ALWAYS AS (lodestar_bigrams(coalesce(subject, '') || ' ' || coalesce(left(text, 20000), ''))) STORED;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "failure_noticed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "emails_search_trgm_idx" ON "emails" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "emails_search_bigrams_idx" ON "emails" USING gin ("search_bigrams") WITH (fastupdate=off);
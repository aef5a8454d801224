DROP INDEX "events_occurred_idx";--> statement-breakpoint
CREATE INDEX "events_occurred_brin" ON "events" USING brin ("occurred_at");
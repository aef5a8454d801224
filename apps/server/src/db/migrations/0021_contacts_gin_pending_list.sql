-- drizzle-kit generated DROP INDEX + CREATE INDEX … WITH (fastupdate=on,gin_pending_list_limit=64) for the three
-- indexes below; ALTER INDEX reaches the same definition without rebuilding them on a large table.
ALTER INDEX "contacts_tag_ids_idx" SET (fastupdate = on, gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "contacts_search_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "contacts_search_bigrams_idx" SET (fastupdate = on, gin_pending_list_limit = 64);--> statement-breakpoint
-- hand-written below
-- The duplicate lookup's index (migration 0020) too: an import writes all four per row (search/bulk options in db/search-columns.ts).
ALTER INDEX "contacts_match_keys_idx" SET (fastupdate = on, gin_pending_list_limit = 64);

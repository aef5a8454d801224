-- drizzle-kit generated DROP INDEX + CREATE INDEX … WITH (fastupdate=on,gin_pending_list_limit=64) for the three
-- indexes below; ALTER INDEX reaches the same definition without rebuilding them on a large table.
ALTER INDEX "contacts_tag_ids_idx" SET (fastupdate = on, gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "contacts_search_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "contacts_search_bigrams_idx" SET (fastupdate = on, gin_pending_list_limit = 64);
-- hand-written below
-- contacts_match_keys_idx (migration 0020) keeps fastupdate off: an import probes it once per key of every row, and
-- each probe would read the whole pending list; its own upkeep was the smallest of the four (bench/README.md).

DROP INDEX "companies_tag_ids_idx";--> statement-breakpoint
DROP INDEX "companies_name_trgm_idx";--> statement-breakpoint
DROP INDEX "companies_search_trgm_idx";--> statement-breakpoint
DROP INDEX "companies_search_bigrams_idx";--> statement-breakpoint
DROP INDEX "contacts_tag_ids_idx";--> statement-breakpoint
DROP INDEX "contacts_search_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_search_bigrams_idx";--> statement-breakpoint
CREATE INDEX "companies_tag_ids_idx" ON "companies" USING gin ("tag_ids") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "companies_search_bigrams_idx" ON "companies" USING gin ("search_bigrams") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "contacts_tag_ids_idx" ON "contacts" USING gin ("tag_ids") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "contacts_search_bigrams_idx" ON "contacts" USING gin ("search_bigrams") WITH (fastupdate=off);
ALTER TABLE "contacts" drop column "search_text";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(last_name || first_name, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(nick_name, '') || ' ' || coalesce(lodestar_json_values(emails, 'value'), '') || ' ' || coalesce(lodestar_json_values(phones, 'value'), '') || ' ' || coalesce(regexp_replace(lodestar_json_values(phones, 'value'), '[^0-9 ]', '', 'g'), '') || ' ' || coalesce(lodestar_json_values(addresses, 'value'), ''))) STORED;--> statement-breakpoint
ALTER TABLE "contacts" drop column "search_bigrams";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_bigrams" text[] GENERATED ALWAYS AS (lodestar_bigrams(coalesce(last_name || first_name, '') || ' ' || coalesce(nick_name, '') || ' ' || coalesce(lodestar_json_values(addresses, 'value'), ''))) STORED;--> statement-breakpoint
-- hand-written below
-- Dropping the generated columns dropped their indexes: build them again.
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "contacts_search_bigrams_idx" ON "contacts" USING gin ("search_bigrams") WITH (fastupdate=off);--> statement-breakpoint
-- firstName is now the given name and lastName the family name (docs/decisions/0012-person-names.md): CJK names
-- were stored family name first, so swap them.
UPDATE "users" SET "first_name" = "last_name", "last_name" = "first_name" WHERE "first_name" || "last_name" ~ '^[㐀-䶿一-鿿豈-﫿぀-ヿ가-힯]+$';--> statement-breakpoint
UPDATE "contacts" SET "first_name" = "last_name", "last_name" = "first_name" WHERE "first_name" || "last_name" ~ '^[㐀-䶿一-鿿豈-﫿぀-ヿ가-힯]+$';

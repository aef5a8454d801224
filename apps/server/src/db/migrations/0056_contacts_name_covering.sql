-- The name-sorted contact list with filters (issue 38: tag + no contact for 90 days, sorted by name) walks this index
-- in name order and tests each entry against the filters; with the filtered columns included the walk is an
-- index-only scan (no table page per skipped row). The key and the predicate stay those of drizzle's schema.
DROP INDEX IF EXISTS "contacts_org_sort_name_idx";--> statement-breakpoint
CREATE INDEX "contacts_org_sort_name_idx" ON "contacts" ("org_id", "sort_name", "id") INCLUDE ("tag_ids", "last_contact_sort", "owner_user_id", "is_important") WHERE "contacts"."deleted_at" is null;

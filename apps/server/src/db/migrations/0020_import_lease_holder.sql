ALTER TABLE "imports" ADD COLUMN "locked_by" text;--> statement-breakpoint
-- hand-written below
-- An import chunk's duplicates (emails as written, phones as digits) found through one GIN index rather than
-- by testing each key against every contact of the workspace (contacts.repository findByPhonesOrEmails).
-- PL/pgSQL so that the planner never inlines it: the query's expression then matches the index's.
-- fastupdate off as for the search indexes: a pending list (flushed only by vacuum, which PGlite never runs) is read by every probe.
CREATE FUNCTION contact_match_keys(emails jsonb, phones jsonb) RETURNS text[] LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN array(
    SELECT 'email:' || (e->>'value') FROM jsonb_array_elements(coalesce(emails, '[]'::jsonb)) e
    UNION ALL
    SELECT 'phone:' || regexp_replace(p->>'value', '[^0-9]', '', 'g') FROM jsonb_array_elements(coalesce(phones, '[]'::jsonb)) p
  );
END
$$;
--> statement-breakpoint
CREATE INDEX "contacts_match_keys_idx" ON "contacts" USING gin (contact_match_keys("emails", "phones")) WITH (fastupdate = off);

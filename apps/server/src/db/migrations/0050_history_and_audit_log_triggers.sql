-- Field history and the audit log (docs/decisions/0023-history-and-audit-log.md).

-- History: every outbox event of a contact, company, deal or schedule (created, updated, deleted, restored) adds a
-- history row in the same statement; `{ column: { from, to } }` for updates. A purge removes the record's history:
-- the record is gone for good, and so is what it said (the personal-data erasure relies on it).
CREATE FUNCTION "lodestar_keep_history"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "record_history" ("org_id", "record_kind", "record_id", "action", "actor", "occurred_at", "changes")
  SELECT e.org_id, e.record_kind, e.record_id, split_part(e.type, '.', 2), e.actor, e.occurred_at,
    CASE WHEN e.data ? 'changed' THEN (
      SELECT coalesce(jsonb_object_agg(k, jsonb_build_object('from', e.data -> 'previous' -> k, 'to', e.data -> 'record' -> k)), '{}')
      FROM jsonb_array_elements_text(e.data -> 'changed') AS k
    ) ELSE '{}'::jsonb END
  FROM "new_rows" e
  WHERE e.record_kind IN ('contact', 'company', 'deal', 'schedule')
    AND split_part(e.type, '.', 2) IN ('created', 'updated', 'deleted', 'restored');
  DELETE FROM "record_history" h USING "new_rows" e
  WHERE e.type LIKE '%.purged' AND h.org_id = e.org_id AND h.record_kind = e.record_kind AND h.record_id = e.record_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_keep_history" AFTER INSERT ON "events" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_keep_history"();--> statement-breakpoint

-- The audit log's chain: the hash of one row from the previous row's hash and its own fields, in one fixed text form.
CREATE FUNCTION "lodestar_audit_hash"(prev text, r "audit_log") RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws(E'\x1f', prev, r.org_id::text, r.position::text,
    to_char(r.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), r.type, coalesce(r.actor_user_id::text, ''),
    coalesce(r.actor_label, ''), coalesce(r.ip, ''), coalesce(r.user_agent, ''), coalesce(r.target, ''), r.details::text), 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Numbers and chains each new row under a per-workspace transaction lock, so concurrent writers queue and the chain
-- order is the position order. Its time is taken under the lock and never before the previous row's, so times grow
-- with positions and a prune by time always removes a whole prefix of the chain.
CREATE FUNCTION "lodestar_audit_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_position bigint;
  last_hash text;
  last_at timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('audit_log:' || NEW.org_id::text, 0));
  SELECT a.position, a.hash, a.occurred_at INTO last_position, last_hash, last_at FROM "audit_log" a WHERE a.org_id = NEW.org_id ORDER BY a.position DESC LIMIT 1;
  NEW.position := coalesce(last_position, 0) + 1;
  NEW.occurred_at := greatest(date_trunc('microseconds', clock_timestamp()), last_at);
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := lodestar_audit_hash(NEW.prev_hash, NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "lodestar_audit_chain"();--> statement-breakpoint
-- Append-only, whatever connection: no update, no truncate; a delete only of a row past its workspace's retention
-- (the prune job), or of a deleted workspace's rows (the foreign key's cascade).
CREATE FUNCTION "lodestar_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM "organizations" o WHERE o.id = OLD.org_id) THEN RETURN OLD; END IF;
    IF OLD.occurred_at < now() - make_interval(days => coalesce((SELECT s.retention_days FROM "audit_log_settings" s WHERE s.org_id = OLD.org_id), 365)) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "lodestar_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_audit_append_only"();

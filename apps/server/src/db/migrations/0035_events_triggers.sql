-- The events outbox (docs/decisions/0018-events-outbox-and-webhooks.md): every write statement on a table whose rows are
-- domain records adds its events in the same transaction, whatever path wrote (UI, API, import, undo, sync, LINE,
-- booking page, automation, trash). Statement-level with transition tables: an import of 50 000 rows is one INSERT … SELECT.
-- The actor comes from the connection's `lodestar.actor` setting (platform/event-actor.ts), 'system' without one.
CREATE FUNCTION "lodestar_events_actor"() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('lodestar.actor', true), ''), 'system')
$$;--> statement-breakpoint
-- The columns an update changed, leaving out bookkeeping (timestamps of the write itself, generated search columns).
CREATE FUNCTION "lodestar_event_changes"(o jsonb, n jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(k.key ORDER BY k.key), '{}') FROM jsonb_each(n) k
  WHERE k.key NOT IN ('updated_at', 'search_text', 'search_bigrams', 'sort_name', 'last_contact_sort', 'stage_changed_at', 'locked_until', 'locked_by')
    AND (o -> k.key) IS DISTINCT FROM k.value
$$;--> statement-breakpoint
-- Which events one row's write is (the catalogue: packages/contract/src/platform/events.ts).
CREATE FUNCTION "lodestar_event_types"(kind text, op text, o jsonb, n jsonb, changed text[]) RETURNS SETOF text LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF kind = 'message' THEN
    IF op = 'INSERT' AND n ->> 'direction' = 'in' THEN RETURN NEXT 'message.received'; END IF;
    RETURN;
  END IF;
  IF kind = 'import' THEN
    IF op = 'UPDATE' AND (o ->> 'state') IS DISTINCT FROM (n ->> 'state') THEN
      IF n ->> 'state' IN ('done', 'failed') THEN RETURN NEXT 'import.finished';
      ELSIF n ->> 'state' = 'undone' THEN RETURN NEXT 'import.undone';
      END IF;
    END IF;
    RETURN;
  END IF;
  IF op = 'INSERT' THEN RETURN NEXT kind || '.created'; RETURN; END IF;
  IF op = 'DELETE' THEN
    -- A soft-deleted record leaving the trash for good is purged; any other removal is a deletion.
    RETURN NEXT kind || CASE WHEN o ->> 'deleted_at' IS NOT NULL THEN '.purged' ELSE '.deleted' END;
    RETURN;
  END IF;
  IF n ? 'deleted_at' AND ((o ->> 'deleted_at') IS NULL) <> ((n ->> 'deleted_at') IS NULL) THEN
    RETURN NEXT kind || CASE WHEN n ->> 'deleted_at' IS NULL THEN '.restored' ELSE '.deleted' END;
    RETURN;
  END IF;
  IF cardinality(changed) = 0 THEN RETURN; END IF;
  RETURN NEXT kind || '.updated';
  IF kind = 'deal' AND 'stage' = ANY (changed) THEN
    RETURN NEXT 'deal.stage_changed';
    IF n ->> 'stage' = '1000' THEN RETURN NEXT 'deal.won';
    ELSIF n ->> 'stage' = '-9999' THEN RETURN NEXT 'deal.lost';
    END IF;
  ELSIF kind = 'schedule' AND 'completed' = ANY (changed) AND n ->> 'completed' = 'true' THEN
    RETURN NEXT 'schedule.completed';
  ELSIF kind = 'reservation' AND 'status' = ANY (changed) AND n ->> 'status' IN ('cancelled', 'completed') THEN
    RETURN NEXT 'reservation.' || (n ->> 'status');
  END IF;
END $$;--> statement-breakpoint
-- One trigger function for every table: TG_ARGV[0] is the record kind. The branch of each operation names only the
-- transition tables its trigger declares (PL/pgSQL plans a statement when it first runs it).
CREATE FUNCTION "lodestar_emit_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  noise text[] := ARRAY['org_id', 'search_text', 'search_bigrams', 'sort_name', 'last_contact_sort', 'locked_until', 'locked_by'];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "events" ("org_id", "type", "actor", "record_kind", "record_id", "data")
    SELECT (r.j ->> 'org_id')::uuid, t.type, lodestar_events_actor(), kind, (r.j ->> 'id')::uuid, jsonb_build_object('record', r.j - noise)
    FROM (SELECT to_jsonb(x) AS j FROM "new_rows" x) r, lodestar_event_types(kind, TG_OP, NULL, r.j, '{}') AS t(type);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "events" ("org_id", "type", "actor", "record_kind", "record_id", "data")
    SELECT (r.j ->> 'org_id')::uuid, t.type, lodestar_events_actor(), kind, (r.j ->> 'id')::uuid, jsonb_build_object('record', r.j - noise)
    FROM (SELECT to_jsonb(x) AS j FROM "old_rows" x) r, lodestar_event_types(kind, TG_OP, r.j, NULL, '{}') AS t(type);
  ELSE
    INSERT INTO "events" ("org_id", "type", "actor", "record_kind", "record_id", "data")
    SELECT (c.n ->> 'org_id')::uuid, t.type, lodestar_events_actor(), kind, (c.n ->> 'id')::uuid,
      jsonb_build_object('record', c.n - noise, 'changed', to_jsonb(c.changed),
        'previous', (SELECT coalesce(jsonb_object_agg(k, c.o -> k), '{}') FROM unnest(c.changed) AS k))
    FROM (
      SELECT o.j AS o, n.j AS n, lodestar_event_changes(o.j, n.j) AS changed
      FROM (SELECT to_jsonb(x) AS j FROM "old_rows" x) o JOIN (SELECT to_jsonb(y) AS j FROM "new_rows" y) n ON n.j ->> 'id' = o.j ->> 'id'
    ) c, lodestar_event_types(kind, TG_OP, c.o, c.n, c.changed) AS t(type);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "contacts_insert_events" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('contact');--> statement-breakpoint
CREATE TRIGGER "contacts_update_events" AFTER UPDATE ON "contacts" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('contact');--> statement-breakpoint
CREATE TRIGGER "contacts_delete_events" AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('contact');--> statement-breakpoint
CREATE TRIGGER "companies_insert_events" AFTER INSERT ON "companies" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('company');--> statement-breakpoint
CREATE TRIGGER "companies_update_events" AFTER UPDATE ON "companies" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('company');--> statement-breakpoint
CREATE TRIGGER "companies_delete_events" AFTER DELETE ON "companies" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('company');--> statement-breakpoint
CREATE TRIGGER "deals_insert_events" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('deal');--> statement-breakpoint
CREATE TRIGGER "deals_update_events" AFTER UPDATE ON "deals" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('deal');--> statement-breakpoint
CREATE TRIGGER "deals_delete_events" AFTER DELETE ON "deals" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('deal');--> statement-breakpoint
CREATE TRIGGER "schedules_insert_events" AFTER INSERT ON "schedules" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('schedule');--> statement-breakpoint
CREATE TRIGGER "schedules_update_events" AFTER UPDATE ON "schedules" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('schedule');--> statement-breakpoint
CREATE TRIGGER "schedules_delete_events" AFTER DELETE ON "schedules" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('schedule');--> statement-breakpoint
CREATE TRIGGER "notes_insert_events" AFTER INSERT ON "notes" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('note');--> statement-breakpoint
CREATE TRIGGER "notes_update_events" AFTER UPDATE ON "notes" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('note');--> statement-breakpoint
CREATE TRIGGER "notes_delete_events" AFTER DELETE ON "notes" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('note');--> statement-breakpoint
CREATE TRIGGER "reservations_insert_events" AFTER INSERT ON "reservations" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('reservation');--> statement-breakpoint
CREATE TRIGGER "reservations_update_events" AFTER UPDATE ON "reservations" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('reservation');--> statement-breakpoint
CREATE TRIGGER "reservations_delete_events" AFTER DELETE ON "reservations" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('reservation');--> statement-breakpoint
CREATE TRIGGER "line_messages_insert_events" AFTER INSERT ON "line_messages" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('message');--> statement-breakpoint
CREATE TRIGGER "imports_update_events" AFTER UPDATE ON "imports" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('import');--> statement-breakpoint
CREATE TRIGGER "billing_subscriptions_insert_events" AFTER INSERT ON "billing_subscriptions" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('subscription');--> statement-breakpoint
CREATE TRIGGER "billing_subscriptions_update_events" AFTER UPDATE ON "billing_subscriptions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_emit_events"('subscription');

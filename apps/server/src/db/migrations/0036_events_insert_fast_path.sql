-- The outbox trigger function again (migration events_triggers), faster for creates: the actor is read once per
-- statement, and an insert into a record table names its events without a per-row call (bench/events.ts).
CREATE OR REPLACE FUNCTION "lodestar_emit_events"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  noise text[] := ARRAY['org_id', 'search_text', 'search_bigrams', 'sort_name', 'last_contact_sort', 'locked_until', 'locked_by'];
  who text := lodestar_events_actor();
BEGIN
  IF TG_OP = 'INSERT' AND kind NOT IN ('message', 'import') THEN
    -- The common case, a record created: one event per row, no per-row function call.
    INSERT INTO "events" ("org_id", "type", "actor", "record_kind", "record_id", "data")
    SELECT x.org_id, kind || '.created', who, kind, x.id, jsonb_build_object('record', to_jsonb(x) - noise) FROM "new_rows" x;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "events" ("org_id", "type", "actor", "record_kind", "record_id", "data")
    SELECT (r.j ->> 'org_id')::uuid, t.type, who, kind, (r.j ->> 'id')::uuid, jsonb_build_object('record', r.j - noise)
    FROM (SELECT to_jsonb(x) AS j FROM "new_rows" x) r, lodestar_event_types(kind, TG_OP, NULL, r.j, '{}') AS t(type);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "events" ("org_id", "type", "actor", "record_kind", "record_id", "data")
    SELECT (r.j ->> 'org_id')::uuid, t.type, who, kind, (r.j ->> 'id')::uuid, jsonb_build_object('record', r.j - noise)
    FROM (SELECT to_jsonb(x) AS j FROM "old_rows" x) r, lodestar_event_types(kind, TG_OP, r.j, NULL, '{}') AS t(type);
  ELSE
    INSERT INTO "events" ("org_id", "type", "actor", "record_kind", "record_id", "data")
    SELECT (c.n ->> 'org_id')::uuid, t.type, who, kind, (c.n ->> 'id')::uuid,
      jsonb_build_object('record', c.n - noise, 'changed', to_jsonb(c.changed),
        'previous', (SELECT coalesce(jsonb_object_agg(k, c.o -> k), '{}') FROM unnest(c.changed) AS k))
    FROM (
      SELECT o.j AS o, n.j AS n, lodestar_event_changes(o.j, n.j) AS changed
      FROM (SELECT to_jsonb(x) AS j FROM "old_rows" x) o JOIN (SELECT to_jsonb(y) AS j FROM "new_rows" y) n ON n.j ->> 'id' = o.j ->> 'id'
    ) c, lodestar_event_types(kind, TG_OP, c.o, c.n, c.changed) AS t(type);
  END IF;
  RETURN NULL;
END $$;

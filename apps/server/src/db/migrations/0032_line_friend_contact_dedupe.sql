-- One LINE friend per contact (the unique index in the next migration): where two friends of a workspace were
-- linked to the same contact, the most recently active keeps the link, the others are unlinked.
update line_friends f set contact_id = null
where f.contact_id is not null and exists (
  select 1 from line_friends g
  where g.org_id = f.org_id and g.contact_id = f.contact_id and g.id <> f.id
    and (coalesce(g.last_message_at, g.created_at), g.id) > (coalesce(f.last_message_at, f.created_at), f.id)
);

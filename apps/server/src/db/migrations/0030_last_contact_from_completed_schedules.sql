-- One last-contact rule (docs/product.md, the record page): a completed schedule with a contact moves the contact's
-- stored last contact time forward. The schedules completed before the rule existed count too.
UPDATE "contacts" AS c
SET "last_contact_at" = s.at
FROM (
  SELECT "org_id", "client_id", max("starts_at") AS at
  FROM "schedules"
  WHERE "completed" AND "client_id" IS NOT NULL AND "starts_at" <= now()
  GROUP BY "org_id", "client_id"
) AS s
WHERE c."org_id" = s."org_id" AND c."id" = s."client_id" AND (c."last_contact_at" IS NULL OR c."last_contact_at" < s.at);

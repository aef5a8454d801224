CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "role_id" uuid;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_org_id_name_idx" ON "roles" USING btree ("org_id","name");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_role_id_idx" ON "members" USING btree ("role_id");--> statement-breakpoint
-- hand-written below
-- The free-text roles become custom roles of their workspace, and their holders point at them.
INSERT INTO "roles" ("org_id", "name")
SELECT DISTINCT "org_id", btrim("role_name") FROM "members" WHERE "role_name" IS NOT NULL AND btrim("role_name") <> ''
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "members" AS m SET "role_id" = r."id", "role_name" = NULL
FROM "roles" AS r WHERE r."org_id" = m."org_id" AND r."name" = btrim(m."role_name");--> statement-breakpoint
UPDATE "members" SET "role_name" = NULL WHERE "role_name" IS NOT NULL;

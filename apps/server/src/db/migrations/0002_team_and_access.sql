CREATE TABLE "privilege_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"privilege_id" uuid NOT NULL,
	"feature" text NOT NULL,
	"node_type" text NOT NULL,
	"node_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privilege_assignments_node_type_check" CHECK ("privilege_assignments"."node_type" in ('user', 'department'))
);
--> statement-breakpoint
CREATE TABLE "timeline_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "role_name" text;--> statement-breakpoint
ALTER TABLE "privileges" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "privilege_assignments" ADD CONSTRAINT "privilege_assignments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privilege_assignments" ADD CONSTRAINT "privilege_assignments_privilege_id_privileges_id_fk" FOREIGN KEY ("privilege_id") REFERENCES "public"."privileges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD CONSTRAINT "timeline_events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD CONSTRAINT "timeline_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privilege_assignments_node_idx" ON "privilege_assignments" USING btree ("org_id","feature","node_type","node_id");--> statement-breakpoint
CREATE INDEX "privilege_assignments_org_id_privilege_id_idx" ON "privilege_assignments" USING btree ("org_id","privilege_id");--> statement-breakpoint
CREATE INDEX "privilege_assignments_org_id_node_id_idx" ON "privilege_assignments" USING btree ("org_id","node_id");--> statement-breakpoint
CREATE INDEX "timeline_events_entity_idx" ON "timeline_events" USING btree ("org_id","entity_type","entity_id","created_at");--> statement-breakpoint
-- The existing built-in member privileges become the default for invitations.
UPDATE "privileges" SET "is_default" = true WHERE "name" = 'member' AND NOT "is_administrator";

CREATE TABLE "pdpa_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"contact_id" uuid,
	"type" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"received_on" date NOT NULL,
	"due_on" date NOT NULL,
	"extended" boolean DEFAULT false NOT NULL,
	"note" text,
	"resolution" text,
	"backup_id" uuid,
	"created_by_user_id" uuid,
	"done_by_user_id" uuid,
	"done_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "data_source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "data_obtained_on" date;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "data_purpose" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent_note" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "restricted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pdpa_requests" ADD CONSTRAINT "pdpa_requests_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdpa_requests" ADD CONSTRAINT "pdpa_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdpa_requests" ADD CONSTRAINT "pdpa_requests_done_by_user_id_users_id_fk" FOREIGN KEY ("done_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pdpa_requests_org_due_idx" ON "pdpa_requests" USING btree ("org_id","due_on") WHERE state in ('open', 'erasing');--> statement-breakpoint
CREATE INDEX "pdpa_requests_org_contact_idx" ON "pdpa_requests" USING btree ("org_id","contact_id");--> statement-breakpoint
CREATE INDEX "pdpa_requests_erasing_idx" ON "pdpa_requests" USING btree ("state") WHERE state = 'erasing';--> statement-breakpoint
-- The contact list leaves restricted contacts out (PDPA "stop processing"): the name index's included columns
-- (migration 0056) take `restricted_at` too, so the filtered, name-sorted list stays an index-only walk.
DROP INDEX IF EXISTS "contacts_org_sort_name_idx";--> statement-breakpoint
CREATE INDEX "contacts_org_sort_name_idx" ON "contacts" ("org_id", "sort_name", "id") INCLUDE ("tag_ids", "last_contact_sort", "owner_user_id", "is_important", "restricted_at") WHERE "contacts"."deleted_at" is null;

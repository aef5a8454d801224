CREATE TABLE "company_enrichments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"import_id" uuid,
	"status" text DEFAULT 'running' NOT NULL,
	"company_ids" uuid[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"filled" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"not_found" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"flagged" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "company_enrichments_position_check" CHECK ("company_enrichments"."position" >= 0 and "company_enrichments"."position" <= cardinality("company_enrichments"."company_ids"))
);
--> statement-breakpoint
ALTER TABLE "company_enrichments" ADD CONSTRAINT "company_enrichments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_enrichments" ADD CONSTRAINT "company_enrichments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_enrichments_org_created_idx" ON "company_enrichments" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "company_enrichments_due_idx" ON "company_enrichments" USING btree ("next_at") WHERE status <> 'done';
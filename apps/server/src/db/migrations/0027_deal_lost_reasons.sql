CREATE TABLE "deal_lost_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"label" text NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "lost_reason_id" uuid;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "lost_reason_note" text;--> statement-breakpoint
ALTER TABLE "deal_lost_reasons" ADD CONSTRAINT "deal_lost_reasons_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_lost_reasons_org_sort_idx" ON "deal_lost_reasons" USING btree ("org_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_lost_reasons_org_label_idx" ON "deal_lost_reasons" USING btree ("org_id",lower("label"));--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_lost_reason_id_deal_lost_reasons_id_fk" FOREIGN KEY ("lost_reason_id") REFERENCES "public"."deal_lost_reasons"("id") ON DELETE set null ON UPDATE no action;
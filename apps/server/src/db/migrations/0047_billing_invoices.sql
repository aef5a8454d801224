CREATE TABLE "billing_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"charge_id" uuid NOT NULL,
	"relate_number" text NOT NULL,
	"status" text NOT NULL,
	"provider" text,
	"buyer" jsonb NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"item_name" text DEFAULT '' NOT NULL,
	"invoice_number" text,
	"random_code" text,
	"issued_at" timestamp with time zone,
	"test_mode" boolean DEFAULT false NOT NULL,
	"sold_at" timestamp with time zone,
	"deadline_at" timestamp with time zone,
	"deadline_alerted_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"allowance_number" text,
	"allowance_amount" integer,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_invoices_status_check" CHECK ("billing_invoices"."status" in ('draft', 'pending', 'issued', 'failed', 'voided', 'allowed'))
);
--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_charge_id_billing_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."billing_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_charge_idx" ON "billing_invoices" USING btree ("charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_relate_number_idx" ON "billing_invoices" USING btree ("relate_number");--> statement-breakpoint
CREATE INDEX "billing_invoices_org_idx" ON "billing_invoices" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "billing_invoices_due_idx" ON "billing_invoices" USING btree ("status","next_attempt_at");
CREATE TABLE "sales_invoice_settings" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'test' NOT NULL,
	"merchant_id" text,
	"hash_key" text,
	"hash_iv" text,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"quote_id" uuid,
	"relate_number" text NOT NULL,
	"status" text NOT NULL,
	"mode" text NOT NULL,
	"buyer" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"item_name" text NOT NULL,
	"invoice_number" text,
	"random_code" text,
	"issued_at" timestamp with time zone,
	"sold_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"deadline_alerted_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"allowance_number" text,
	"allowance_amount" integer,
	"voided_at" timestamp with time zone,
	"creator_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_invoices_status_check" CHECK ("sales_invoices"."status" in ('pending', 'issued', 'failed', 'voided', 'allowed')),
	CONSTRAINT "sales_invoices_mode_check" CHECK ("sales_invoices"."mode" in ('test', 'ecpay'))
);
--> statement-breakpoint
ALTER TABLE "sales_invoice_settings" ADD CONSTRAINT "sales_invoice_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoices_live_deal_idx" ON "sales_invoices" USING btree ("deal_id") WHERE "sales_invoices"."status" <> 'voided';--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoices_relate_number_idx" ON "sales_invoices" USING btree ("relate_number");--> statement-breakpoint
CREATE INDEX "sales_invoices_org_deal_idx" ON "sales_invoices" USING btree ("org_id","deal_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_invoices_due_idx" ON "sales_invoices" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sales_invoices_quote_ref_idx" ON "sales_invoices" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "sales_invoices_deal_ref_idx" ON "sales_invoices" USING btree ("deal_id");
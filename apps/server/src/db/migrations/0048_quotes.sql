CREATE TABLE "quote_settings" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	"prefix" text DEFAULT 'Q' NOT NULL,
	"seller_name" text,
	"seller_tax_id" text,
	"seller_address" text,
	"seller_phone" text,
	"seller_email" text,
	"default_terms" text,
	"valid_days" integer DEFAULT 30 NOT NULL,
	"mark_deal_won" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"number" text NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text,
	"lines" jsonb NOT NULL,
	"tax_mode" text NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"untaxed" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"issued_on" date NOT NULL,
	"valid_until" date NOT NULL,
	"terms" text,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"public_token" text NOT NULL,
	"creator_user_id" uuid,
	"sent_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_name" text,
	"accepted_title" text,
	"signature" text,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('draft', 'sent', 'accepted', 'declined', 'superseded')),
	CONSTRAINT "quotes_tax_mode_check" CHECK ("quotes"."tax_mode" in ('exclusive', 'inclusive', 'none')),
	CONSTRAINT "quotes_version_check" CHECK ("quotes"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "quote_settings" ADD CONSTRAINT "quote_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_org_number_version_idx" ON "quotes" USING btree ("org_id","number","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_public_token_idx" ON "quotes" USING btree ("public_token");--> statement-breakpoint
CREATE INDEX "quotes_org_deal_idx" ON "quotes" USING btree ("org_id","deal_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_deal_ref_idx" ON "quotes" USING btree ("deal_id");
CREATE TABLE "deal_cost_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"name" text NOT NULL,
	"single_price" numeric(14, 2) NOT NULL,
	"num" integer NOT NULL,
	"sort" integer NOT NULL,
	"cost_id" uuid,
	CONSTRAINT "deal_cost_lines_check" CHECK ("deal_cost_lines"."single_price" >= 0 and "deal_cost_lines"."num" > 0)
);
--> statement-breakpoint
CREATE TABLE "deal_field_settings" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_product_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"name" text NOT NULL,
	"single_price" numeric(14, 2) NOT NULL,
	"num" integer NOT NULL,
	"sort" integer NOT NULL,
	"product_id" uuid,
	"quoted_price" numeric(14, 2) NOT NULL,
	CONSTRAINT "deal_product_lines_check" CHECK ("deal_product_lines"."single_price" >= 0 and "deal_product_lines"."quoted_price" >= 0 and "deal_product_lines"."num" > 0)
);
--> statement-breakpoint
CREATE TABLE "deal_targets" (
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"target" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_targets_org_id_user_id_year_month_pk" PRIMARY KEY("org_id","user_id","year","month"),
	CONSTRAINT "deal_targets_check" CHECK ("deal_targets"."month" between 1 and 12 and "deal_targets"."target" >= 0)
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"permission" text DEFAULT 'private' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"start_date" date NOT NULL,
	"estimated_end_date" date NOT NULL,
	"completed_date" date,
	"stage" integer NOT NULL,
	"stage_type_id" uuid NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closing_rate" smallint NOT NULL,
	"company_id" uuid,
	"client_id" uuid,
	"dynamic_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"collaborator_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"creator_user_id" uuid,
	"owner_user_id" uuid,
	"transfer_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(name, ''))) STORED,
	"search_bigrams" text[] GENERATED ALWAYS AS (lodestar_bigrams(coalesce(name, ''))) STORED,
	CONSTRAINT "deals_amount_check" CHECK ("deals"."amount" >= 0),
	CONSTRAINT "deals_closing_rate_check" CHECK ("deals"."closing_rate" between 0 and 100),
	CONSTRAINT "deals_completed_date_check" CHECK ("deals"."completed_date" is null or "deals"."stage" = 1000),
	CONSTRAINT "deals_permission_check" CHECK ("deals"."permission" in ('private', 'public'))
);
--> statement-breakpoint
CREATE TABLE "sales_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"default_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_items_kind_check" CHECK ("sales_items"."kind" in ('product', 'cost')),
	CONSTRAINT "sales_items_default_price_check" CHECK ("sales_items"."default_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_stage_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_stages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_stages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10001 CACHE 1),
	"org_id" uuid NOT NULL,
	"stage_type_id" uuid NOT NULL,
	"title" text NOT NULL,
	"sort" integer NOT NULL,
	"closing_rate" smallint DEFAULT 0 NOT NULL,
	"alert_notice" integer,
	"category" text DEFAULT 'inProgress' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_stages_closing_rate_check" CHECK ("sales_stages"."closing_rate" between 0 and 100),
	CONSTRAINT "sales_stages_alert_notice_check" CHECK ("sales_stages"."alert_notice" is null or "sales_stages"."alert_notice" > 0),
	CONSTRAINT "sales_stages_category_check" CHECK ("sales_stages"."category" in ('inProgress', 'done', 'lost'))
);
--> statement-breakpoint
ALTER TABLE "custom_fields" DROP CONSTRAINT "custom_fields_entity_check";--> statement-breakpoint
ALTER TABLE "deal_cost_lines" ADD CONSTRAINT "deal_cost_lines_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_cost_lines" ADD CONSTRAINT "deal_cost_lines_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_cost_lines" ADD CONSTRAINT "deal_cost_lines_cost_id_sales_items_id_fk" FOREIGN KEY ("cost_id") REFERENCES "public"."sales_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_field_settings" ADD CONSTRAINT "deal_field_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_product_lines" ADD CONSTRAINT "deal_product_lines_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_product_lines" ADD CONSTRAINT "deal_product_lines_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_product_lines" ADD CONSTRAINT "deal_product_lines_product_id_sales_items_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."sales_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_targets" ADD CONSTRAINT "deal_targets_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_targets" ADD CONSTRAINT "deal_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_stage_type_id_sales_stage_types_id_fk" FOREIGN KEY ("stage_type_id") REFERENCES "public"."sales_stage_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_client_id_contacts_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_transfer_user_id_users_id_fk" FOREIGN KEY ("transfer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_items" ADD CONSTRAINT "sales_items_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_stage_types" ADD CONSTRAINT "sales_stage_types_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_stages" ADD CONSTRAINT "sales_stages_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_stages" ADD CONSTRAINT "sales_stages_stage_type_id_sales_stage_types_id_fk" FOREIGN KEY ("stage_type_id") REFERENCES "public"."sales_stage_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_cost_lines_deal_idx" ON "deal_cost_lines" USING btree ("org_id","deal_id","sort");--> statement-breakpoint
CREATE INDEX "deal_product_lines_deal_idx" ON "deal_product_lines" USING btree ("org_id","deal_id","sort");--> statement-breakpoint
CREATE INDEX "deals_org_created_idx" ON "deals" USING btree ("org_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "deals_org_updated_idx" ON "deals" USING btree ("org_id","updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "deals_org_board_idx" ON "deals" USING btree ("org_id","stage_type_id","stage","stage_changed_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "deals_org_owner_idx" ON "deals" USING btree ("org_id","owner_user_id","created_at") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "deals_org_company_idx" ON "deals" USING btree ("org_id","company_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "deals_org_client_idx" ON "deals" USING btree ("org_id","client_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "deals_org_won_idx" ON "deals" USING btree ("org_id","owner_user_id","completed_date") WHERE deleted_at is null and stage = 1000;--> statement-breakpoint
CREATE INDEX "deals_org_deleted_idx" ON "deals" USING btree ("org_id","deleted_at","id") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "deals_collaborators_idx" ON "deals" USING gin ("collaborator_user_ids");--> statement-breakpoint
CREATE INDEX "deals_search_trgm_idx" ON "deals" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deals_search_bigrams_idx" ON "deals" USING gin ("search_bigrams");--> statement-breakpoint
CREATE INDEX "sales_items_org_kind_idx" ON "sales_items" USING btree ("org_id","kind","sort");--> statement-breakpoint
CREATE INDEX "sales_stage_types_org_idx" ON "sales_stage_types" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_stage_types_org_default_idx" ON "sales_stage_types" USING btree ("org_id") WHERE is_default;--> statement-breakpoint
CREATE INDEX "sales_stages_org_type_idx" ON "sales_stages" USING btree ("org_id","stage_type_id","sort");--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_entity_check" CHECK ("custom_fields"."entity" in ('contact', 'company', 'deal'));
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"other_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax" text,
	"url" text,
	"email" text,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address" text,
	"socials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"note" text,
	"owner_user_id" uuid,
	"dynamic_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_important" boolean DEFAULT false NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"sort_name" text GENERATED ALWAYS AS (lower(name)) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || ' ' || coalesce(lodestar_json_strings(other_names), '') || ' ' || coalesce(tax, '') || ' ' || coalesce(email, '') || ' ' || coalesce(address, '') || ' ' || coalesce(lodestar_json_values(phones, 'value'), '') || ' ' || coalesce(regexp_replace(lodestar_json_values(phones, 'value'), '[^0-9 ]', '', 'g'), ''))) STORED,
	"search_bigrams" text[] GENERATED ALWAYS AS (lodestar_bigrams(coalesce(name, '') || ' ' || coalesce(lodestar_json_strings(other_names), '') || ' ' || coalesce(address, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"nick_name" text,
	"position" text,
	"sex" text,
	"birthday" date,
	"company_id" uuid,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"socials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"note" text,
	"owner_user_id" uuid,
	"is_important" boolean DEFAULT false NOT NULL,
	"last_contact_at" timestamp with time zone,
	"avatar_file_id" uuid,
	"dynamic_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"sort_name" text GENERATED ALWAYS AS (lower(first_name || last_name)) STORED,
	"last_contact_sort" timestamp with time zone GENERATED ALWAYS AS (coalesce(last_contact_at, '-infinity'::timestamptz)) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(first_name || last_name, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(nick_name, '') || ' ' || coalesce(lodestar_json_values(emails, 'value'), '') || ' ' || coalesce(lodestar_json_values(phones, 'value'), '') || ' ' || coalesce(regexp_replace(lodestar_json_values(phones, 'value'), '[^0-9 ]', '', 'g'), '') || ' ' || coalesce(lodestar_json_values(addresses, 'value'), ''))) STORED,
	"search_bigrams" text[] GENERATED ALWAYS AS (lodestar_bigrams(coalesce(first_name || last_name, '') || ' ' || coalesce(nick_name, '') || ' ' || coalesce(lodestar_json_values(addresses, 'value'), ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"title" text NOT NULL,
	"input_type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_fields_entity_check" CHECK ("custom_fields"."entity" in ('contact', 'company'))
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"content" text NOT NULL,
	"author_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"color" text DEFAULT '#828B91' NOT NULL,
	"notice_day" integer DEFAULT 0 NOT NULL,
	"is_show" smallint DEFAULT 1 NOT NULL,
	"is_type" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_kind_check" CHECK ("tags"."kind" in ('customer', 'company')),
	CONSTRAINT "tags_is_show_check" CHECK ("tags"."is_show" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "timeline_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "role_name" text;--> statement-breakpoint
ALTER TABLE "privileges" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_avatar_file_id_files_id_fk" FOREIGN KEY ("avatar_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privilege_assignments" ADD CONSTRAINT "privilege_assignments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privilege_assignments" ADD CONSTRAINT "privilege_assignments_privilege_id_privileges_id_fk" FOREIGN KEY ("privilege_id") REFERENCES "public"."privileges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_parent_id_tags_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD CONSTRAINT "timeline_events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_events" ADD CONSTRAINT "timeline_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_org_updated_idx" ON "companies" USING btree ("org_id","updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "companies_org_created_idx" ON "companies" USING btree ("org_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "companies_org_sort_name_idx" ON "companies" USING btree ("org_id","sort_name","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "companies_org_owner_idx" ON "companies" USING btree ("org_id","owner_user_id","updated_at") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "companies_org_deleted_idx" ON "companies" USING btree ("org_id","deleted_at","id") WHERE deleted_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_org_tax_idx" ON "companies" USING btree ("org_id","tax") WHERE deleted_at is null and tax is not null;--> statement-breakpoint
CREATE INDEX "companies_tag_ids_idx" ON "companies" USING gin ("tag_ids") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "companies_search_bigrams_idx" ON "companies" USING gin ("search_bigrams") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "contacts_org_updated_idx" ON "contacts" USING btree ("org_id","updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contacts_org_created_idx" ON "contacts" USING btree ("org_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contacts_org_sort_name_idx" ON "contacts" USING btree ("org_id","sort_name","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contacts_org_last_contact_idx" ON "contacts" USING btree ("org_id","last_contact_sort","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contacts_org_owner_idx" ON "contacts" USING btree ("org_id","owner_user_id","updated_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contacts_org_company_idx" ON "contacts" USING btree ("org_id","company_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "contacts_org_deleted_idx" ON "contacts" USING btree ("org_id","deleted_at","id") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "contacts_tag_ids_idx" ON "contacts" USING gin ("tag_ids") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "contacts_search_bigrams_idx" ON "contacts" USING gin ("search_bigrams") WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "custom_fields_org_entity_idx" ON "custom_fields" USING btree ("org_id","entity","sort");--> statement-breakpoint
CREATE INDEX "notes_org_entity_idx" ON "notes" USING btree ("org_id","entity_type","entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "privilege_assignments_node_idx" ON "privilege_assignments" USING btree ("org_id","feature","node_type","node_id");--> statement-breakpoint
CREATE INDEX "privilege_assignments_org_id_privilege_id_idx" ON "privilege_assignments" USING btree ("org_id","privilege_id");--> statement-breakpoint
CREATE INDEX "privilege_assignments_org_id_node_id_idx" ON "privilege_assignments" USING btree ("org_id","node_id");--> statement-breakpoint
CREATE INDEX "tags_org_kind_idx" ON "tags" USING btree ("org_id","kind","parent_id","sort");--> statement-breakpoint
CREATE INDEX "timeline_events_org_entity_idx" ON "timeline_events" USING btree ("org_id","entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "files_org_id_idx" ON "files" USING btree ("org_id","id");
CREATE TABLE "activity_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"point" integer DEFAULT 0 NOT NULL,
	"target_num" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_items_numbers_check" CHECK ("activity_items"."point" >= 0 and "activity_items"."target_num" >= 0)
);
--> statement-breakpoint
CREATE TABLE "activity_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"activity_item_id" uuid,
	"item_name" text NOT NULL,
	"point" integer NOT NULL,
	"earned_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_profile_items" (
	"org_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "activity_profile_items_profile_id_item_id_pk" PRIMARY KEY("profile_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "activity_profile_users" (
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	CONSTRAINT "activity_profile_users_org_id_user_id_pk" PRIMARY KEY("org_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "activity_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"weight_score" integer DEFAULT 0 NOT NULL,
	"daily_target_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_profiles_numbers_check" CHECK ("activity_profiles"."weight_score" >= 0 and "activity_profiles"."daily_target_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "schedule_exceptions" (
	"org_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"occurrence_date" date NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"start_date" date,
	"start_time" time,
	"end_date" date,
	"end_time" time,
	"full_day" boolean,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_exceptions_schedule_id_occurrence_date_pk" PRIMARY KEY("schedule_id","occurrence_date"),
	CONSTRAINT "schedule_exceptions_moved_check" CHECK (("schedule_exceptions"."starts_at" is null) = ("schedule_exceptions"."start_date" is null))
);
--> statement-breakpoint
CREATE TABLE "schedule_reminders_shown" (
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_reminders_shown_org_id_user_id_key_pk" PRIMARY KEY("org_id","user_id","key")
);
--> statement-breakpoint
CREATE TABLE "schedule_viewer_picks" (
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"picked_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_viewer_picks_org_id_user_id_pk" PRIMARY KEY("org_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"creator_user_id" uuid,
	"title" text NOT NULL,
	"category" text,
	"start_date" date NOT NULL,
	"start_time" time,
	"end_date" date NOT NULL,
	"end_time" time,
	"full_day" boolean DEFAULT false NOT NULL,
	"timezone" text NOT NULL,
	"rrule" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"last_ends_at" timestamp with time zone,
	"notice" integer DEFAULT 0 NOT NULL,
	"deal_id" uuid,
	"company_id" uuid,
	"client_id" uuid,
	"address" text,
	"task_note" text,
	"color" text NOT NULL,
	"activity_item_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"image_file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(title, ''))) STORED,
	"search_bigrams" text[] GENERATED ALWAYS AS (lodestar_bigrams(coalesce(title, ''))) STORED,
	CONSTRAINT "schedules_category_check" CHECK ("schedules"."category" is null or "schedules"."category" in ('phone', 'mail', 'message', 'visit')),
	CONSTRAINT "schedules_times_check" CHECK ("schedules"."full_day" or ("schedules"."start_time" is not null and "schedules"."end_time" is not null)),
	CONSTRAINT "schedules_order_check" CHECK ("schedules"."ends_at" >= "schedules"."starts_at" and "schedules"."end_date" >= "schedules"."start_date"),
	CONSTRAINT "schedules_notice_check" CHECK ("schedules"."notice" >= 0)
);
--> statement-breakpoint
ALTER TABLE "activity_items" ADD CONSTRAINT "activity_items_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_points" ADD CONSTRAINT "activity_points_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_points" ADD CONSTRAINT "activity_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_points" ADD CONSTRAINT "activity_points_activity_item_id_activity_items_id_fk" FOREIGN KEY ("activity_item_id") REFERENCES "public"."activity_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_profile_items" ADD CONSTRAINT "activity_profile_items_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_profile_items" ADD CONSTRAINT "activity_profile_items_profile_id_activity_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."activity_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_profile_items" ADD CONSTRAINT "activity_profile_items_item_id_activity_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."activity_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_profile_users" ADD CONSTRAINT "activity_profile_users_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_profile_users" ADD CONSTRAINT "activity_profile_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_profile_users" ADD CONSTRAINT "activity_profile_users_profile_id_activity_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."activity_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_profiles" ADD CONSTRAINT "activity_profiles_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_exceptions" ADD CONSTRAINT "schedule_exceptions_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_exceptions" ADD CONSTRAINT "schedule_exceptions_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_reminders_shown" ADD CONSTRAINT "schedule_reminders_shown_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_reminders_shown" ADD CONSTRAINT "schedule_reminders_shown_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_viewer_picks" ADD CONSTRAINT "schedule_viewer_picks_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_viewer_picks" ADD CONSTRAINT "schedule_viewer_picks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_client_id_contacts_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_items_org_idx" ON "activity_items" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_points_occurrence_item_idx" ON "activity_points" USING btree ("org_id","schedule_id","occurrence_date","activity_item_id");--> statement-breakpoint
CREATE INDEX "activity_points_user_day_idx" ON "activity_points" USING btree ("org_id","user_id","earned_on");--> statement-breakpoint
CREATE INDEX "activity_profile_items_org_idx" ON "activity_profile_items" USING btree ("org_id","profile_id","sort");--> statement-breakpoint
CREATE INDEX "activity_profile_users_profile_idx" ON "activity_profile_users" USING btree ("org_id","profile_id");--> statement-breakpoint
CREATE INDEX "activity_profiles_org_idx" ON "activity_profiles" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "schedule_exceptions_moved_idx" ON "schedule_exceptions" USING btree ("org_id","starts_at") WHERE starts_at is not null;--> statement-breakpoint
CREATE INDEX "schedules_org_owner_range_idx" ON "schedules" USING btree ("org_id","owner_user_id","last_ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "schedules_org_deal_idx" ON "schedules" USING btree ("org_id","deal_id");--> statement-breakpoint
CREATE INDEX "schedules_org_company_idx" ON "schedules" USING btree ("org_id","company_id");--> statement-breakpoint
CREATE INDEX "schedules_org_client_idx" ON "schedules" USING btree ("org_id","client_id");--> statement-breakpoint
CREATE INDEX "schedules_search_trgm_idx" ON "schedules" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "schedules_search_bigrams_idx" ON "schedules" USING gin ("search_bigrams");
CREATE TABLE "automation_follow_ups" (
	"org_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"schedule_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_follow_ups_org_id_deal_id_pk" PRIMARY KEY("org_id","deal_id")
);
--> statement-breakpoint
CREATE TABLE "automation_settings" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"follow_up_enabled" boolean DEFAULT false NOT NULL,
	"follow_up_delay" text NOT NULL,
	"custom_days" integer,
	"title_prefix" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automation_settings_custom_days_check" CHECK ("automation_settings"."custom_days" is null or "automation_settings"."custom_days" between 1 and 3650)
);
--> statement-breakpoint
CREATE TABLE "activity_report_settings" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"item_ids" uuid[],
	"columns" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_follow_ups" ADD CONSTRAINT "automation_follow_ups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_settings" ADD CONSTRAINT "automation_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_report_settings" ADD CONSTRAINT "activity_report_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "backup_parts" (
	"backup_id" uuid NOT NULL,
	"part" text NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "backup_parts_backup_id_part_pk" PRIMARY KEY("backup_id","part")
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"contact_id" uuid,
	"steps_done" integer DEFAULT 0 NOT NULL,
	"steps_total" integer DEFAULT 0 NOT NULL,
	"rows_done" bigint DEFAULT 0 NOT NULL,
	"file_path" text,
	"file_bytes" bigint,
	"restored_org_id" uuid,
	"error_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "export_choices" (
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "export_choices_org_id_user_id_kind_pk" PRIMARY KEY("org_id","user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "backup_parts" ADD CONSTRAINT "backup_parts_backup_id_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."backups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_choices" ADD CONSTRAINT "export_choices_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_choices" ADD CONSTRAINT "export_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_org_created_idx" ON "backups" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "backups_running_idx" ON "backups" USING btree ("state","locked_until");
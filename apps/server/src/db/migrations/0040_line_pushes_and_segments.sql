CREATE TABLE "line_pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"friend_id" uuid NOT NULL,
	"source" text NOT NULL,
	"text" text NOT NULL,
	"retry_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_segment_chunks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"send_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"line_user_ids" jsonb NOT NULL,
	"retry_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "line_segment_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"text" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"error" text,
	"total" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped_opt_out" integer DEFAULT 0 NOT NULL,
	"skipped_blocked" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "reminder_minute" smallint;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_channels" ADD COLUMN "stop_keywords" jsonb;--> statement-breakpoint
ALTER TABLE "line_friends" ADD COLUMN "opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "no_marketing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "line_pushes" ADD CONSTRAINT "line_pushes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_pushes" ADD CONSTRAINT "line_pushes_friend_id_line_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."line_friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_segment_chunks" ADD CONSTRAINT "line_segment_chunks_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_segment_chunks" ADD CONSTRAINT "line_segment_chunks_send_id_line_segment_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."line_segment_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_segment_sends" ADD CONSTRAINT "line_segment_sends_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_segment_sends" ADD CONSTRAINT "line_segment_sends_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_pushes_source_idx" ON "line_pushes" USING btree ("org_id","source");--> statement-breakpoint
CREATE INDEX "line_pushes_due_idx" ON "line_pushes" USING btree ("run_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "line_pushes_friend_idx" ON "line_pushes" USING btree ("friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "line_segment_chunks_seq_idx" ON "line_segment_chunks" USING btree ("send_id","seq");--> statement-breakpoint
CREATE INDEX "line_segment_chunks_due_idx" ON "line_segment_chunks" USING btree ("run_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "line_segment_sends_org_idx" ON "line_segment_sends" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "line_segment_sends_due_idx" ON "line_segment_sends" USING btree ("scheduled_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE INDEX "reservations_remind_idx" ON "reservations" USING btree ("date") WHERE status = 'pending' and reminded_at is null;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_reminder_minute_check" CHECK ("businesses"."reminder_minute" between 0 and 1439);
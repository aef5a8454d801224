CREATE TABLE "mail_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"source" text NOT NULL,
	"sender_user_id" uuid NOT NULL,
	"contact_id" uuid,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"via" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'Asia/Taipei' NOT NULL;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "hook_secret" text;--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "hook_secret_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "run_workflows" boolean;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_sends" ADD CONSTRAINT "mail_sends_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_sends_source_idx" ON "mail_sends" USING btree ("org_id","source");--> statement-breakpoint
CREATE INDEX "mail_sends_due_idx" ON "mail_sends" USING btree ("run_at") WHERE status in ('queued', 'sending');
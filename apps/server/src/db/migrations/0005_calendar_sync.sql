CREATE TABLE "calendar_feeds" (
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_sync_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"email" text,
	"display_name" text,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"id_token" text,
	"token_expires_at" timestamp with time zone,
	"calendars" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"calendar_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sync_type" text DEFAULT 'twoWay' NOT NULL,
	"sync_tokens" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"pull_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_sync_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"calendar_id" text NOT NULL,
	"event_id" text NOT NULL,
	"etag" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_sync_pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_sync_accounts" ADD CONSTRAINT "calendar_sync_accounts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_sync_accounts" ADD CONSTRAINT "calendar_sync_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_sync_links" ADD CONSTRAINT "calendar_sync_links_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_sync_links" ADD CONSTRAINT "calendar_sync_links_account_id_calendar_sync_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."calendar_sync_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_sync_pushes" ADD CONSTRAINT "calendar_sync_pushes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_sync_pushes" ADD CONSTRAINT "calendar_sync_pushes_account_id_calendar_sync_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."calendar_sync_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_owner_idx" ON "calendar_feeds" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_sync_accounts_owner_idx" ON "calendar_sync_accounts" USING btree ("org_id","user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_sync_links_schedule_idx" ON "calendar_sync_links" USING btree ("account_id","schedule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_sync_links_event_idx" ON "calendar_sync_links" USING btree ("account_id","calendar_id","event_id");--> statement-breakpoint
CREATE INDEX "calendar_sync_links_org_idx" ON "calendar_sync_links" USING btree ("org_id","schedule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_sync_pushes_schedule_idx" ON "calendar_sync_pushes" USING btree ("account_id","schedule_id");--> statement-breakpoint
CREATE INDEX "calendar_sync_pushes_due_idx" ON "calendar_sync_pushes" USING btree ("run_at");
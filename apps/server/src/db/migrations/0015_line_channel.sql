CREATE TABLE "line_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"completed_steps" integer DEFAULT 0 NOT NULL,
	"channel_id" text,
	"channel_secret" text,
	"access_token" text,
	"token_expires_at" timestamp with time zone,
	"bot_user_id" text,
	"bot_name" text,
	"basic_id" text,
	"picture_url" text,
	"chat_mode" text,
	"webhook_token" text NOT NULL,
	"webhook_token_hash" text NOT NULL,
	"webhook_tested_at" timestamp with time zone,
	"webhook_active" boolean,
	"test_message_at" timestamp with time zone,
	"connected_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_friends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"channel_row_id" uuid NOT NULL,
	"line_user_id" text NOT NULL,
	"display_name" text NOT NULL,
	"picture_url" text,
	"status" text DEFAULT 'followed' NOT NULL,
	"contact_id" uuid,
	"owner_user_id" uuid,
	"unread" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_message" text,
	"last_message_kind" text,
	"reply_token" text,
	"reply_token_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"friend_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"sticker" jsonb,
	"line_message_id" text,
	"file_id" uuid,
	"sent_by_user_id" uuid,
	"via" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"channel_row_id" uuid NOT NULL,
	"webhook_event_id" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"event" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "line_channels" ADD CONSTRAINT "line_channels_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_channels" ADD CONSTRAINT "line_channels_connected_by_user_id_users_id_fk" FOREIGN KEY ("connected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_friends" ADD CONSTRAINT "line_friends_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_friends" ADD CONSTRAINT "line_friends_channel_row_id_line_channels_id_fk" FOREIGN KEY ("channel_row_id") REFERENCES "public"."line_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_friends" ADD CONSTRAINT "line_friends_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_friends" ADD CONSTRAINT "line_friends_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_messages" ADD CONSTRAINT "line_messages_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_messages" ADD CONSTRAINT "line_messages_friend_id_line_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."line_friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_messages" ADD CONSTRAINT "line_messages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_messages" ADD CONSTRAINT "line_messages_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_webhook_events" ADD CONSTRAINT "line_webhook_events_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_webhook_events" ADD CONSTRAINT "line_webhook_events_channel_row_id_line_channels_id_fk" FOREIGN KEY ("channel_row_id") REFERENCES "public"."line_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_channels_org_idx" ON "line_channels" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "line_channels_webhook_idx" ON "line_channels" USING btree ("webhook_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "line_friends_user_idx" ON "line_friends" USING btree ("channel_row_id","line_user_id");--> statement-breakpoint
CREATE INDEX "line_friends_org_recent_idx" ON "line_friends" USING btree ("org_id","last_message_at");--> statement-breakpoint
CREATE INDEX "line_friends_org_contact_idx" ON "line_friends" USING btree ("org_id","contact_id");--> statement-breakpoint
CREATE INDEX "line_messages_friend_idx" ON "line_messages" USING btree ("org_id","friend_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "line_webhook_events_once_idx" ON "line_webhook_events" USING btree ("channel_row_id","webhook_event_id");--> statement-breakpoint
CREATE INDEX "line_webhook_events_pending_idx" ON "line_webhook_events" USING btree ("event_time") WHERE processed_at is null;
CREATE TABLE "saved_filters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_segment_sends" ALTER COLUMN "tag_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "line_friends" ADD COLUMN "awaiting_reply_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_friends" ADD COLUMN "awaiting_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_messages" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "line_messages" ADD COLUMN "file_size" integer;--> statement-breakpoint
ALTER TABLE "line_segment_sends" ADD COLUMN "saved_filter_id" uuid;--> statement-breakpoint
ALTER TABLE "line_segment_sends" ADD COLUMN "kind" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "line_segment_sends" ADD COLUMN "messages" jsonb;--> statement-breakpoint
ALTER TABLE "line_segment_sends" ADD COLUMN "image_file_id" uuid;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_filters" ADD CONSTRAINT "saved_filters_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_filters_org_idx" ON "saved_filters" USING btree ("org_id","name");--> statement-breakpoint
ALTER TABLE "line_segment_sends" ADD CONSTRAINT "line_segment_sends_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_friends_awaiting_idx" ON "line_friends" USING btree ("awaiting_reply_since") WHERE awaiting_reply_since is not null and awaiting_notice_at is null;
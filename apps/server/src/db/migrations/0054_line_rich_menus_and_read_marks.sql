CREATE TABLE "line_rich_menus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"rich_menu_id" text NOT NULL,
	"chat_bar_text" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"areas" jsonb NOT NULL,
	"image_file_id" uuid,
	"published_by_user_id" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_messages" ADD COLUMN "mark_as_read_token" text;--> statement-breakpoint
ALTER TABLE "line_messages" ADD COLUMN "read_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_rich_menus" ADD CONSTRAINT "line_rich_menus_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_rich_menus" ADD CONSTRAINT "line_rich_menus_channel_id_line_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."line_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_rich_menus" ADD CONSTRAINT "line_rich_menus_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_rich_menus" ADD CONSTRAINT "line_rich_menus_published_by_user_id_users_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_rich_menus_org_idx" ON "line_rich_menus" USING btree ("org_id");
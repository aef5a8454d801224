ALTER TABLE "line_messages" ADD COLUMN "mark_as_read_token" text;--> statement-breakpoint
ALTER TABLE "line_messages" ADD COLUMN "read_marked_at" timestamp with time zone;
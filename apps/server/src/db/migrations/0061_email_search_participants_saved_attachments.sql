CREATE TABLE "saved_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"email_id" uuid,
	"attachment_index" integer NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"subject" text NOT NULL,
	"saved_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emails" drop column "search_text";--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(subject, '') || ' ' || coalesce("from" ->> 'name', '') || ' ' || coalesce("from" ->> 'address', '') || ' ' || coalesce(lodestar_json_values("to", 'name'), '') || ' ' || coalesce(lodestar_json_values("to", 'address'), '') || ' ' || coalesce(lodestar_json_values(cc, 'name'), '') || ' ' || coalesce(lodestar_json_values(cc, 'address'), '') || ' ' || coalesce(left(text, 20000), ''))) STORED;--> statement-breakpoint
ALTER TABLE "emails" drop column "search_bigrams";--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "search_bigrams" text[] GENERATED ALWAYS AS (lodestar_bigrams(coalesce(subject, '') || ' ' || coalesce("from" ->> 'name', '') || ' ' || coalesce("from" ->> 'address', '') || ' ' || coalesce(lodestar_json_values("to", 'name'), '') || ' ' || coalesce(lodestar_json_values("to", 'address'), '') || ' ' || coalesce(lodestar_json_values(cc, 'name'), '') || ' ' || coalesce(lodestar_json_values(cc, 'address'), '') || ' ' || coalesce(left(text, 20000), ''))) STORED;--> statement-breakpoint
ALTER TABLE "saved_attachments" ADD CONSTRAINT "saved_attachments_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_attachments" ADD CONSTRAINT "saved_attachments_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_attachments" ADD CONSTRAINT "saved_attachments_email_id_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_attachments" ADD CONSTRAINT "saved_attachments_saved_by_user_id_users_id_fk" FOREIGN KEY ("saved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_attachments_once_idx" ON "saved_attachments" USING btree ("email_id","attachment_index");--> statement-breakpoint
CREATE INDEX "saved_attachments_record_idx" ON "saved_attachments" USING btree ("org_id","entity_type","entity_id");--> statement-breakpoint
-- hand-written below: dropping the search columns dropped their indexes, which the schema (and the snapshot) still holds.
CREATE INDEX "emails_search_trgm_idx" ON "emails" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "emails_search_bigrams_idx" ON "emails" USING gin ("search_bigrams") WITH (fastupdate=off);

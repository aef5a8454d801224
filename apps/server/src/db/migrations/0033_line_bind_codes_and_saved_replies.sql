CREATE TABLE "line_bind_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by_user_id" uuid,
	"used_at" timestamp with time zone,
	"used_by_friend_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"title" text NOT NULL,
	"texts" jsonb NOT NULL,
	"quick_replies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "line_friends_org_contact_idx";--> statement-breakpoint
ALTER TABLE "line_bind_codes" ADD CONSTRAINT "line_bind_codes_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_bind_codes" ADD CONSTRAINT "line_bind_codes_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_bind_codes" ADD CONSTRAINT "line_bind_codes_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_bind_codes" ADD CONSTRAINT "line_bind_codes_used_by_friend_id_line_friends_id_fk" FOREIGN KEY ("used_by_friend_id") REFERENCES "public"."line_friends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_saved_replies" ADD CONSTRAINT "line_saved_replies_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_saved_replies" ADD CONSTRAINT "line_saved_replies_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_bind_codes_code_idx" ON "line_bind_codes" USING btree ("org_id","code");--> statement-breakpoint
CREATE INDEX "line_bind_codes_contact_idx" ON "line_bind_codes" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "line_bind_codes_friend_idx" ON "line_bind_codes" USING btree ("used_by_friend_id") WHERE used_by_friend_id is not null;--> statement-breakpoint
CREATE INDEX "line_saved_replies_org_idx" ON "line_saved_replies" USING btree ("org_id","title");--> statement-breakpoint
CREATE UNIQUE INDEX "line_friends_org_contact_uq" ON "line_friends" USING btree ("org_id","contact_id") WHERE contact_id is not null;
CREATE TABLE "carddav_app_passwords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"tag_id" uuid,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "carddav_sync_states" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carddav_sync_states_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" uuid NOT NULL,
	"app_password_id" uuid NOT NULL,
	"ctag" text NOT NULL,
	"cards" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carddav_app_passwords" ADD CONSTRAINT "carddav_app_passwords_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carddav_app_passwords" ADD CONSTRAINT "carddav_app_passwords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carddav_sync_states" ADD CONSTRAINT "carddav_sync_states_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carddav_sync_states" ADD CONSTRAINT "carddav_sync_states_app_password_id_carddav_app_passwords_id_fk" FOREIGN KEY ("app_password_id") REFERENCES "public"."carddav_app_passwords"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carddav_app_passwords_owner_idx" ON "carddav_app_passwords" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carddav_app_passwords_secret_idx" ON "carddav_app_passwords" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "carddav_sync_states_version_idx" ON "carddav_sync_states" USING btree ("org_id","app_password_id","ctag");
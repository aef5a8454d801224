CREATE TABLE "apple_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect" text,
	"user_id" uuid,
	"ticket_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "apple_subject" text;--> statement-breakpoint
ALTER TABLE "apple_sign_ins" ADD CONSTRAINT "apple_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "apple_sign_ins_state_hash_idx" ON "apple_sign_ins" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "apple_sign_ins_ticket_hash_idx" ON "apple_sign_ins" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "apple_sign_ins_expires_at_idx" ON "apple_sign_ins" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_apple_subject_unique" UNIQUE("apple_subject");
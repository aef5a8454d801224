CREATE TABLE "first_run_guides" (
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"current" text NOT NULL,
	"done" text[] DEFAULT '{}'::text[] NOT NULL,
	"skipped" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "first_run_guides_org_id_user_id_pk" PRIMARY KEY("org_id","user_id"),
	CONSTRAINT "first_run_guides_status_check" CHECK ("first_run_guides"."status" in ('open', 'dismissed', 'finished'))
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "invited_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "first_run_guides" ADD CONSTRAINT "first_run_guides_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_run_guides" ADD CONSTRAINT "first_run_guides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
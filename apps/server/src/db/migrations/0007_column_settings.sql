CREATE TABLE "column_settings" (
	"org_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "column_settings_org_id_entity_pk" PRIMARY KEY("org_id","entity"),
	CONSTRAINT "column_settings_entity_check" CHECK ("column_settings"."entity" in ('contact', 'company'))
);
--> statement-breakpoint
ALTER TABLE "column_settings" ADD CONSTRAINT "column_settings_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
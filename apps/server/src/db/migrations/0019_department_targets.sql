CREATE TABLE "department_targets" (
	"org_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"target" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "department_targets_org_id_department_id_year_month_pk" PRIMARY KEY("org_id","department_id","year","month"),
	CONSTRAINT "department_targets_check" CHECK ("department_targets"."month" between 1 and 12 and "department_targets"."target" >= 0)
);
--> statement-breakpoint
ALTER TABLE "department_targets" ADD CONSTRAINT "department_targets_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_targets" ADD CONSTRAINT "department_targets_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;
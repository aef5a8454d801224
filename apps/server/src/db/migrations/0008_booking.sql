CREATE TABLE "booking_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"title" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"title" text NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"selection_type" text DEFAULT 'single' NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"description" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_groups_selection_type_check" CHECK ("booking_groups"."selection_type" in ('single', 'multiple'))
);
--> statement-breakpoint
CREATE TABLE "booking_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"title" text NOT NULL,
	"fixed" boolean DEFAULT false NOT NULL,
	"hour" smallint NOT NULL,
	"minute" smallint NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"pay_type" text NOT NULL,
	"price_type" text,
	"price" numeric(14, 2),
	"price_base" numeric(14, 2),
	"price_min" numeric(14, 2),
	"price_max" numeric(14, 2),
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_items_duration_check" CHECK ("booking_items"."hour" between 0 and 23 and "booking_items"."minute" in (0, 30)),
	CONSTRAINT "booking_items_price_type_check" CHECK (("booking_items"."pay_type" = 'free' and "booking_items"."price_type" is null) or ("booking_items"."pay_type" = 'charge' and "booking_items"."price_type" in ('PriceFixed', 'PriceBase', 'PriceRange')))
);
--> statement-breakpoint
CREATE TABLE "booking_service_groups" (
	"org_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	CONSTRAINT "booking_service_groups_service_id_group_id_pk" PRIMARY KEY("service_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "booking_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"category_id" uuid,
	"title" text NOT NULL,
	"hour" smallint NOT NULL,
	"minute" smallint NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"pay_type" text NOT NULL,
	"price_type" text,
	"price" numeric(14, 2),
	"price_base" numeric(14, 2),
	"price_min" numeric(14, 2),
	"price_max" numeric(14, 2),
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_services_duration_check" CHECK ("booking_services"."hour" between 0 and 23 and "booking_services"."minute" in (0, 30)),
	CONSTRAINT "booking_services_price_type_check" CHECK (("booking_services"."pay_type" = 'free' and "booking_services"."price_type" is null) or ("booking_services"."pay_type" = 'charge' and "booking_services"."price_type" in ('PriceFixed', 'PriceBase', 'PriceRange')))
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"id_name" text NOT NULL,
	"name" text NOT NULL,
	"concurrent_booking" smallint NOT NULL,
	"time_zone" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"hours" jsonb NOT NULL,
	"owner_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_concurrent_booking_check" CHECK ("businesses"."concurrent_booking" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "reservation_slots" (
	"org_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"date" date NOT NULL,
	"minute" smallint NOT NULL,
	"capacity" integer NOT NULL,
	"people_booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reservation_slots_business_id_date_minute_pk" PRIMARY KEY("business_id","date","minute"),
	CONSTRAINT "reservation_slots_minute_check" CHECK ("reservation_slots"."minute" between 0 and 1410 and "reservation_slots"."minute" % 30 = 0),
	CONSTRAINT "reservation_slots_people_check" CHECK ("reservation_slots"."people_booked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reservations_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text NOT NULL,
	"date" date NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"people" integer NOT NULL,
	"services" jsonb NOT NULL,
	"service_ids" uuid[] NOT NULL,
	"estimated_amount" numeric(14, 2) NOT NULL,
	"contact_id" uuid,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"note" text,
	"owner_user_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('pending', 'completed', 'cancelled')),
	CONSTRAINT "reservations_source_check" CHECK ("reservations"."source" in ('staff', 'public')),
	CONSTRAINT "reservations_people_check" CHECK ("reservations"."people" >= 1),
	CONSTRAINT "reservations_minutes_check" CHECK ("reservations"."start_minute" >= 0 and "reservations"."start_minute" < "reservations"."end_minute" and "reservations"."end_minute" <= 1440)
);
--> statement-breakpoint
ALTER TABLE "booking_categories" ADD CONSTRAINT "booking_categories_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_groups" ADD CONSTRAINT "booking_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_group_id_booking_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."booking_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_service_groups" ADD CONSTRAINT "booking_service_groups_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_service_groups" ADD CONSTRAINT "booking_service_groups_service_id_booking_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."booking_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_service_groups" ADD CONSTRAINT "booking_service_groups_group_id_booking_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."booking_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_category_id_booking_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."booking_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_slots" ADD CONSTRAINT "reservation_slots_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_slots" ADD CONSTRAINT "reservation_slots_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_categories_org_idx" ON "booking_categories" USING btree ("org_id","sort");--> statement-breakpoint
CREATE INDEX "booking_groups_org_idx" ON "booking_groups" USING btree ("org_id","sort");--> statement-breakpoint
CREATE INDEX "booking_items_group_idx" ON "booking_items" USING btree ("group_id","sort");--> statement-breakpoint
CREATE INDEX "booking_service_groups_group_idx" ON "booking_service_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "booking_services_org_idx" ON "booking_services" USING btree ("org_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_org_idx" ON "businesses" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_id_name_idx" ON "businesses" USING btree ("id_name");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_request_key_idx" ON "reservations" USING btree ("business_id","request_key");--> statement-breakpoint
CREATE INDEX "reservations_org_start_idx" ON "reservations" USING btree ("org_id","start_at","id");--> statement-breakpoint
CREATE INDEX "reservations_org_status_start_idx" ON "reservations" USING btree ("org_id","status","start_at","id");--> statement-breakpoint
CREATE INDEX "reservations_org_contact_idx" ON "reservations" USING btree ("org_id","contact_id");--> statement-breakpoint
CREATE INDEX "reservations_service_ids_idx" ON "reservations" USING gin ("service_ids");
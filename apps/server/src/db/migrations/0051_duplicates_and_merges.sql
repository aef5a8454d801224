CREATE TABLE "duplicate_pairs" (
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"record_a" uuid NOT NULL,
	"record_b" uuid NOT NULL,
	"score" integer NOT NULL,
	"reasons" text[] NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_pairs_org_id_kind_record_a_record_b_pk" PRIMARY KEY("org_id","kind","record_a","record_b")
);
--> statement-breakpoint
CREATE TABLE "record_match_keys" (
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"key_type" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "record_match_keys_org_id_kind_key_type_key_record_id_pk" PRIMARY KEY("org_id","kind","key_type","key","record_id")
);
--> statement-breakpoint
CREATE TABLE "record_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"survivor_id" uuid NOT NULL,
	"merged_ids" uuid[] NOT NULL,
	"originals" jsonb NOT NULL,
	"moves" jsonb NOT NULL,
	"merged_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_pairs" ADD CONSTRAINT "duplicate_pairs_dismissed_by_user_id_users_id_fk" FOREIGN KEY ("dismissed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_match_keys" ADD CONSTRAINT "record_match_keys_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_merges" ADD CONSTRAINT "record_merges_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_merges" ADD CONSTRAINT "record_merges_merged_by_user_id_users_id_fk" FOREIGN KEY ("merged_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duplicate_pairs_rank_idx" ON "duplicate_pairs" USING btree ("org_id","kind","score" DESC NULLS LAST,"record_a","record_b") WHERE dismissed_at is null;--> statement-breakpoint
CREATE INDEX "duplicate_pairs_record_a_idx" ON "duplicate_pairs" USING btree ("record_a");--> statement-breakpoint
CREATE INDEX "duplicate_pairs_record_b_idx" ON "duplicate_pairs" USING btree ("record_b");--> statement-breakpoint
CREATE INDEX "record_match_keys_record_idx" ON "record_match_keys" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "record_merges_org_kind_idx" ON "record_merges" USING btree ("org_id","kind","created_at");
CREATE TABLE "import_chunks" (
	"import_id" uuid NOT NULL,
	"chunk" integer NOT NULL,
	CONSTRAINT "import_chunks_import_id_chunk_pk" PRIMARY KEY("import_id","chunk")
);
--> statement-breakpoint
CREATE TABLE "import_failures" (
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"column" text NOT NULL,
	"reason" text NOT NULL,
	"cells" jsonb NOT NULL,
	CONSTRAINT "import_failures_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
CREATE TABLE "import_records" (
	"import_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"action" text NOT NULL,
	"previous" jsonb
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"state" text DEFAULT 'ready' NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text,
	"file_bytes" bigint NOT NULL,
	"encoding" text NOT NULL,
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"duplicates" text DEFAULT 'skip' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"locked_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_chunks" ADD CONSTRAINT "import_chunks_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_failures" ADD CONSTRAINT "import_failures_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_records" ADD CONSTRAINT "import_records_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_records_import_idx" ON "import_records" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "imports_org_created_idx" ON "imports" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "imports_state_idx" ON "imports" USING btree ("state","locked_until");
CREATE TABLE "data_changes" (
	"org_id" uuid NOT NULL,
	"area" text NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "data_changes_org_area_xid_idx" ON "data_changes" USING btree ("org_id","area","xid");--> statement-breakpoint
CREATE INDEX "data_changes_changed_at_idx" ON "data_changes" USING btree ("changed_at");
--> statement-breakpoint
-- hand-written below
-- Every write statement on a table that a cached read depends on leaves one row per workspace it touched (areas as
-- trigger arguments). Statement-level with transition tables: an import of 50 000 rows adds one row, not 50 000.
CREATE FUNCTION "lodestar_record_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "data_changes" ("org_id", "area") SELECT DISTINCT c."org_id", a."area" FROM "changed" c CROSS JOIN unnest(TG_ARGV) AS a("area");
  RETURN NULL;
END $$;--> statement-breakpoint
-- A renamed user changes the owner names shown in every workspace: one row under the nil workspace id.
CREATE FUNCTION "lodestar_record_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "data_changes" ("org_id", "area") VALUES ('00000000-0000-0000-0000-000000000000', 'users');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_name_changes" AFTER UPDATE OF "first_name", "last_name" ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_user_change"();--> statement-breakpoint
CREATE TRIGGER "deals_insert_changes" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "deals_update_changes" AFTER UPDATE ON "deals" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "deals_delete_changes" AFTER DELETE ON "deals" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "sales_stages_insert_changes" AFTER INSERT ON "sales_stages" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "sales_stages_update_changes" AFTER UPDATE ON "sales_stages" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "sales_stages_delete_changes" AFTER DELETE ON "sales_stages" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "sales_stage_types_insert_changes" AFTER INSERT ON "sales_stage_types" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "sales_stage_types_update_changes" AFTER UPDATE ON "sales_stage_types" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "sales_stage_types_delete_changes" AFTER DELETE ON "sales_stage_types" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "contacts_insert_changes" AFTER INSERT ON "contacts" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "contacts_update_changes" AFTER UPDATE ON "contacts" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "contacts_delete_changes" AFTER DELETE ON "contacts" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "companies_insert_changes" AFTER INSERT ON "companies" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "companies_update_changes" AFTER UPDATE ON "companies" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "companies_delete_changes" AFTER DELETE ON "companies" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals');--> statement-breakpoint
CREATE TRIGGER "members_insert_changes" AFTER INSERT ON "members" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'calendar');--> statement-breakpoint
CREATE TRIGGER "members_update_changes" AFTER UPDATE ON "members" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'calendar');--> statement-breakpoint
CREATE TRIGGER "members_delete_changes" AFTER DELETE ON "members" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'calendar');--> statement-breakpoint
CREATE TRIGGER "departments_insert_changes" AFTER INSERT ON "departments" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'calendar');--> statement-breakpoint
CREATE TRIGGER "departments_update_changes" AFTER UPDATE ON "departments" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'calendar');--> statement-breakpoint
CREATE TRIGGER "departments_delete_changes" AFTER DELETE ON "departments" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'calendar');--> statement-breakpoint
CREATE TRIGGER "schedules_insert_changes" AFTER INSERT ON "schedules" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');--> statement-breakpoint
CREATE TRIGGER "schedules_update_changes" AFTER UPDATE ON "schedules" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');--> statement-breakpoint
CREATE TRIGGER "schedules_delete_changes" AFTER DELETE ON "schedules" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');--> statement-breakpoint
CREATE TRIGGER "schedule_exceptions_insert_changes" AFTER INSERT ON "schedule_exceptions" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');--> statement-breakpoint
CREATE TRIGGER "schedule_exceptions_update_changes" AFTER UPDATE ON "schedule_exceptions" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');--> statement-breakpoint
CREATE TRIGGER "schedule_exceptions_delete_changes" AFTER DELETE ON "schedule_exceptions" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');--> statement-breakpoint
CREATE TRIGGER "schedule_viewer_picks_insert_changes" AFTER INSERT ON "schedule_viewer_picks" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');--> statement-breakpoint
CREATE TRIGGER "schedule_viewer_picks_update_changes" AFTER UPDATE ON "schedule_viewer_picks" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');--> statement-breakpoint
CREATE TRIGGER "schedule_viewer_picks_delete_changes" AFTER DELETE ON "schedule_viewer_picks" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');--> statement-breakpoint
CREATE TRIGGER "reservations_insert_changes" AFTER INSERT ON "reservations" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');--> statement-breakpoint
CREATE TRIGGER "reservations_update_changes" AFTER UPDATE ON "reservations" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');--> statement-breakpoint
CREATE TRIGGER "reservations_delete_changes" AFTER DELETE ON "reservations" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');--> statement-breakpoint
CREATE TRIGGER "businesses_insert_changes" AFTER INSERT ON "businesses" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');--> statement-breakpoint
CREATE TRIGGER "businesses_update_changes" AFTER UPDATE ON "businesses" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');--> statement-breakpoint
CREATE TRIGGER "businesses_delete_changes" AFTER DELETE ON "businesses" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('calendar');

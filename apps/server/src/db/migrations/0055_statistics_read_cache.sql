-- Statistics answers from the read cache (platform/read-cache.ts, area 'statistics'): every table a statistics answer
-- reads leaves a change row, so a kept answer is reused only while none of them changed. The tables that already
-- had change triggers get them again with 'statistics' added (one insert per statement still); the others get new ones.
-- Contacts are not among them: no figure reads them, and they are the most written table.
DROP TRIGGER "deals_insert_changes" ON "deals";
--> statement-breakpoint
DROP TRIGGER "deals_update_changes" ON "deals";
--> statement-breakpoint
DROP TRIGGER "deals_delete_changes" ON "deals";
--> statement-breakpoint
CREATE TRIGGER "deals_insert_changes" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'statistics');
--> statement-breakpoint
CREATE TRIGGER "deals_update_changes" AFTER UPDATE ON "deals" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'statistics');
--> statement-breakpoint
CREATE TRIGGER "deals_delete_changes" AFTER DELETE ON "deals" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'statistics');
--> statement-breakpoint
DROP TRIGGER "sales_stages_insert_changes" ON "sales_stages";
--> statement-breakpoint
DROP TRIGGER "sales_stages_update_changes" ON "sales_stages";
--> statement-breakpoint
DROP TRIGGER "sales_stages_delete_changes" ON "sales_stages";
--> statement-breakpoint
CREATE TRIGGER "sales_stages_insert_changes" AFTER INSERT ON "sales_stages" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'statistics');
--> statement-breakpoint
CREATE TRIGGER "sales_stages_update_changes" AFTER UPDATE ON "sales_stages" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'statistics');
--> statement-breakpoint
CREATE TRIGGER "sales_stages_delete_changes" AFTER DELETE ON "sales_stages" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'statistics');
--> statement-breakpoint
DROP TRIGGER "sales_stage_types_insert_changes" ON "sales_stage_types";
--> statement-breakpoint
DROP TRIGGER "sales_stage_types_update_changes" ON "sales_stage_types";
--> statement-breakpoint
DROP TRIGGER "sales_stage_types_delete_changes" ON "sales_stage_types";
--> statement-breakpoint
CREATE TRIGGER "sales_stage_types_insert_changes" AFTER INSERT ON "sales_stage_types" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'statistics');
--> statement-breakpoint
CREATE TRIGGER "sales_stage_types_update_changes" AFTER UPDATE ON "sales_stage_types" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'statistics');
--> statement-breakpoint
CREATE TRIGGER "sales_stage_types_delete_changes" AFTER DELETE ON "sales_stage_types" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'statistics');
--> statement-breakpoint
DROP TRIGGER "companies_insert_changes" ON "companies";
--> statement-breakpoint
DROP TRIGGER "companies_update_changes" ON "companies";
--> statement-breakpoint
DROP TRIGGER "companies_delete_changes" ON "companies";
--> statement-breakpoint
CREATE TRIGGER "companies_insert_changes" AFTER INSERT ON "companies" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'statistics');
--> statement-breakpoint
CREATE TRIGGER "companies_update_changes" AFTER UPDATE ON "companies" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'statistics');
--> statement-breakpoint
CREATE TRIGGER "companies_delete_changes" AFTER DELETE ON "companies" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'statistics');
--> statement-breakpoint
DROP TRIGGER "members_insert_changes" ON "members";
--> statement-breakpoint
DROP TRIGGER "members_update_changes" ON "members";
--> statement-breakpoint
DROP TRIGGER "members_delete_changes" ON "members";
--> statement-breakpoint
CREATE TRIGGER "members_insert_changes" AFTER INSERT ON "members" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'calendar', 'statistics');
--> statement-breakpoint
CREATE TRIGGER "members_update_changes" AFTER UPDATE ON "members" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'calendar', 'statistics');
--> statement-breakpoint
CREATE TRIGGER "members_delete_changes" AFTER DELETE ON "members" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'calendar', 'statistics');
--> statement-breakpoint
DROP TRIGGER "departments_insert_changes" ON "departments";
--> statement-breakpoint
DROP TRIGGER "departments_update_changes" ON "departments";
--> statement-breakpoint
DROP TRIGGER "departments_delete_changes" ON "departments";
--> statement-breakpoint
CREATE TRIGGER "departments_insert_changes" AFTER INSERT ON "departments" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'calendar', 'statistics');
--> statement-breakpoint
CREATE TRIGGER "departments_update_changes" AFTER UPDATE ON "departments" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'calendar', 'statistics');
--> statement-breakpoint
CREATE TRIGGER "departments_delete_changes" AFTER DELETE ON "departments" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('deals', 'calendar', 'statistics');
--> statement-breakpoint
CREATE TRIGGER "deal_targets_insert_changes" AFTER INSERT ON "deal_targets" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "deal_targets_update_changes" AFTER UPDATE ON "deal_targets" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "deal_targets_delete_changes" AFTER DELETE ON "deal_targets" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "department_targets_insert_changes" AFTER INSERT ON "department_targets" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "department_targets_update_changes" AFTER UPDATE ON "department_targets" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "department_targets_delete_changes" AFTER DELETE ON "department_targets" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "deal_product_lines_insert_changes" AFTER INSERT ON "deal_product_lines" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "deal_product_lines_update_changes" AFTER UPDATE ON "deal_product_lines" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "deal_product_lines_delete_changes" AFTER DELETE ON "deal_product_lines" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "deal_cost_lines_insert_changes" AFTER INSERT ON "deal_cost_lines" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "deal_cost_lines_update_changes" AFTER UPDATE ON "deal_cost_lines" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "deal_cost_lines_delete_changes" AFTER DELETE ON "deal_cost_lines" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "sales_items_insert_changes" AFTER INSERT ON "sales_items" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "sales_items_update_changes" AFTER UPDATE ON "sales_items" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "sales_items_delete_changes" AFTER DELETE ON "sales_items" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "deal_lost_reasons_insert_changes" AFTER INSERT ON "deal_lost_reasons" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "deal_lost_reasons_update_changes" AFTER UPDATE ON "deal_lost_reasons" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');
--> statement-breakpoint
CREATE TRIGGER "deal_lost_reasons_delete_changes" AFTER DELETE ON "deal_lost_reasons" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "lodestar_record_change"('statistics');

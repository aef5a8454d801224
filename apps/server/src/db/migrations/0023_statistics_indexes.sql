-- Custom SQL migration file, put your code below! --
-- hand-written below
-- Statistics and activity reports (issues 14, 15): each figure reads an index range instead of every deal of the
-- workspace. drizzle-orm's index builder has no INCLUDE, so these covering indexes are written here (listed in
-- deals.table.ts and activity-items.table.ts); the plans behind them are in bench/README.md ("What the plans said").
-- The amount in cents beside the numeric amount, for sums over many deals: summing bigint is ~4× cheaper than
-- numeric (the dashboard's open pipeline adds every open deal). Written by PostgreSQL, never by the app; drizzle's
-- schema leaves it out, so the ORM's selects and inserts never see it (deals.metrics names it in SQL).
ALTER TABLE "deals" ADD COLUMN "amount_cents" bigint GENERATED ALWAYS AS ((amount * 100)::bigint) STORED;
--> statement-breakpoint
-- Won in a period (dashboard, performance, forecast, sales ranking, product ranking): by completed date.
CREATE INDEX "deals_org_won_on_idx" ON "deals" ("org_id", "completed_date") INCLUDE ("amount", "owner_user_id") WHERE deleted_at is null and stage = 1000;
--> statement-breakpoint
-- Lost in a period: by the time the deal moved to lost (deals.metrics lostIn bounds it in UTC before the local-date test).
CREATE INDEX "deals_org_lost_on_idx" ON "deals" ("org_id", "stage_changed_at") INCLUDE ("owner_user_id") WHERE deleted_at is null and stage = -9999;
--> statement-breakpoint
-- Open deals by expected close, largest first within a day: the expected-close list in index order, the forecast's
-- pipeline per month and the dashboard's open and expected totals as index-only scans.
CREATE INDEX "deals_org_open_expected_idx" ON "deals" ("org_id", "estimated_end_date", "amount" DESC, "id") INCLUDE ("amount_cents", "closing_rate", "owner_user_id") WHERE deleted_at is null and stage not in (1000, -9999);
--> statement-breakpoint
-- Key deals: open, largest amount then highest closing rate first — the first ten in index order.
CREATE INDEX "deals_org_open_key_idx" ON "deals" ("org_id", "amount" DESC, "closing_rate" DESC, "estimated_end_date", "id") WHERE deleted_at is null and stage not in (1000, -9999);
--> statement-breakpoint
-- Stalled deals: per open stage, those whose stage changed before the stage's alert.
CREATE INDEX "deals_org_open_stage_idx" ON "deals" ("org_id", "stage", "stage_changed_at") WHERE deleted_at is null and stage not in (1000, -9999);
--> statement-breakpoint
-- The funnel: deals of a stage type started in the period, per stage.
CREATE INDEX "deals_org_started_idx" ON "deals" ("org_id", "stage_type_id", "start_date") INCLUDE ("stage", "amount", "stage_changed_at") WHERE deleted_at is null;
--> statement-breakpoint
-- The team report sums points per person and item over a range: the same key, now covering (index-only scan).
DROP INDEX "activity_points_user_day_idx";
--> statement-breakpoint
CREATE INDEX "activity_points_user_day_idx" ON "activity_points" ("org_id", "user_id", "earned_on") INCLUDE ("activity_item_id", "point");

import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { updatedAtColumn } from '../../../db/columns.ts';

/**
 * report/setting: which activity items (null = all, in the items' order) and which columns a workspace's
 * activity report shows. One row per workspace, absent until first saved (the default shows everything).
 */
export const activityReportSettings = pgTable('activity_report_settings', {
  orgId: orgIdColumn().primaryKey(),
  itemIds: uuid('item_ids').array(),
  columns: text('columns').array().notNull(),
  updatedAt: updatedAtColumn(),
});

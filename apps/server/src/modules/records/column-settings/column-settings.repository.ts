import type { ColumnSetting, ColumnSettingEntity } from '@lodestar/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { columnSettings } from './column-settings.table.ts';

export async function findColumns(db: Db, orgId: string, entity: ColumnSettingEntity): Promise<ColumnSetting['columns'] | null> {
  const [row] = await db
    .select({ columns: columnSettings.columns })
    .from(columnSettings)
    .where(and(eq(columnSettings.orgId, orgId), eq(columnSettings.entity, entity)))
    .limit(1);
  return row?.columns ?? null;
}

export async function saveColumns(db: Db, orgId: string, entity: ColumnSettingEntity, columns: ColumnSetting['columns']): Promise<void> {
  await db
    .insert(columnSettings)
    .values({ orgId, entity, columns })
    .onConflictDoUpdate({ target: [columnSettings.orgId, columnSettings.entity], set: { columns, updatedAt: sql`now()` } });
}

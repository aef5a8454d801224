import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { lineRichMenus } from './line.table.ts';

export type RichMenuRow = typeof lineRichMenus.$inferSelect;

export async function findRichMenu(db: Db, orgId: string): Promise<RichMenuRow | undefined> {
  const [row] = await db.select().from(lineRichMenus).where(eq(lineRichMenus.orgId, orgId)).limit(1);
  return row;
}

/** The newly published menu replaces the workspace's row; answers the LINE id it replaced (deleted at LINE next). */
export async function replaceRichMenu(db: Db, orgId: string, values: Omit<typeof lineRichMenus.$inferInsert, 'id' | 'orgId'>): Promise<{ row: RichMenuRow; previousRichMenuId: string | null }> {
  return db.transaction(async (tx) => {
    const [previous] = await tx.select({ richMenuId: lineRichMenus.richMenuId }).from(lineRichMenus).where(eq(lineRichMenus.orgId, orgId)).for('update');
    const [row] = await tx
      .insert(lineRichMenus)
      .values({ orgId, ...values })
      .onConflictDoUpdate({ target: lineRichMenus.orgId, set: { ...values } })
      .returning();
    return { row: row!, previousRichMenuId: previous && previous.richMenuId !== values.richMenuId ? previous.richMenuId : null };
  });
}

export async function deleteRichMenu(db: Db, orgId: string, richMenuId: string): Promise<void> {
  await db.delete(lineRichMenus).where(and(eq(lineRichMenus.orgId, orgId), eq(lineRichMenus.richMenuId, richMenuId)));
}

import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../access/users/users.table.ts';
import { notes } from './notes.table.ts';
import { personNameSql } from '../../../db/person-name.ts';

export type NoteRow = typeof notes.$inferSelect;

export async function listNotes(db: Db, orgId: string, entityType: string, entityId: string, limit: number) {
  return db
    .select({
      note: notes,
      // A subquery by primary key, not a join: one table to plan (PGlite plans every statement; the contact page's).
      authorName: sql<string | null>`(select nullif(${personNameSql(users.firstName, users.lastName)}, '') from ${users} where ${users.id} = ${notes.authorUserId})`,
    })
    .from(notes)
    .where(and(eq(notes.orgId, orgId), eq(notes.entityType, entityType), eq(notes.entityId, entityId)))
    .orderBy(desc(notes.createdAt), desc(notes.id))
    .limit(limit);
}

export async function insertNote(
  db: Db,
  orgId: string,
  values: { entityType: string; entityId: string; content: string; authorUserId: string },
): Promise<NoteRow> {
  const [row] = await db.insert(notes).values({ ...values, orgId }).returning();
  return row!;
}

export async function findNote(db: Db, orgId: string, id: string): Promise<NoteRow | undefined> {
  const [row] = await db.select().from(notes).where(and(eq(notes.orgId, orgId), eq(notes.id, id))).limit(1);
  return row;
}

export async function deleteNote(db: Db, orgId: string, id: string): Promise<void> {
  await db.delete(notes).where(and(eq(notes.orgId, orgId), eq(notes.id, id)));
}

export async function deleteNotesOf(db: Db, orgId: string, entityType: string, entityIds: string[]): Promise<void> {
  if (entityIds.length === 0) return;
  await db.delete(notes).where(and(eq(notes.orgId, orgId), eq(notes.entityType, entityType), inArray(notes.entityId, entityIds)));
}

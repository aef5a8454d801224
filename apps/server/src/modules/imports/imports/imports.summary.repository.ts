import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { timelineEvents } from '../../access/timeline/timeline.table.ts';
import { users } from '../../access/users/users.table.ts';
import { imports } from './imports.table.ts';

/**
 * The imports that created or changed a record, latest first, with their count: found through the record's own
 * timeline entries (indexed by record), whose import marker names the import (chunk-writer.ts).
 */
export function importsOfRecord(db: Db, orgId: string, entityType: string, entityId: string, limit: number) {
  const at = sql<Date>`max(${timelineEvents.createdAt})`;
  return db
    .select({
      id: imports.id,
      fileName: imports.fileName,
      at,
      created: sql<boolean>`bool_or(${timelineEvents.action} = 'create')`,
      byFirstName: users.firstName,
      byLastName: users.lastName,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(timelineEvents)
    .innerJoin(imports, and(eq(imports.orgId, timelineEvents.orgId), sql`${imports.id}::text = ${timelineEvents.changes} -> 'import' ->> 1`))
    .leftJoin(users, eq(users.id, imports.userId))
    .where(
      and(
        eq(timelineEvents.orgId, orgId),
        eq(timelineEvents.entityType, entityType),
        eq(timelineEvents.entityId, entityId),
        sql`${timelineEvents.changes} ? 'import'`,
      ),
    )
    .groupBy(imports.id, users.firstName, users.lastName)
    .orderBy(desc(at), desc(imports.id))
    .limit(limit);
}

import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';
import { orgIdColumn } from '../tenant-columns.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/** Every change of a record: who, what (field → [before, after]), when. */
export const timelineEvents = pgTable(
  'timeline_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    createdAt: createdAtColumn(),
  },
    // id last: a record's page reads it backwards in (created_at, id) order, the timeline's keyset (timeline.repository.ts).
  (t) => [index('timeline_events_org_entity_idx').on(t.orgId, t.entityType, t.entityId, t.createdAt, t.id)],
);

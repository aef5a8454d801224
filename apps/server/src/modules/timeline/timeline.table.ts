import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/organizations.table.ts';
import { users } from '../users/users.table.ts';

/**
 * What happened to a record (contact, company, deal...), shown on its timeline. Generic over the entity
 * so every module writes through one function (timeline.service.ts recordTimelineEvent).
 */
export const timelineEvents = pgTable(
  'timeline_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** e.g. 'ownerTransferred', 'created', 'stageChanged'. */
    action: text('action').notNull(),
    /** { field: { from, to } } for changes; free-form for other actions. */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('timeline_events_entity_idx').on(t.orgId, t.entityType, t.entityId, t.createdAt)],
);

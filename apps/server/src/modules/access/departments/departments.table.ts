import { foreignKey, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';
import { orgIdColumn } from '../tenant-columns.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/** A hierarchy (parent_id) with a direct supervisor; drives the sameDepartment and subordinates scopes. */
export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    parentId: uuid('parent_id'),
    supervisorUserId: uuid('supervisor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }).onDelete('cascade'),
    index('departments_org_id_parent_id_idx').on(t.orgId, t.parentId),
    index('departments_org_id_supervisor_idx').on(t.orgId, t.supervisorUserId),
  ],
);

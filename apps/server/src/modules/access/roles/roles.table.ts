import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../tenant-columns.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

/** A workspace's custom roles (the built-in ones are not stored; contract access/roles.ts). */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('roles_org_id_name_idx').on(t.orgId, t.name)],
);

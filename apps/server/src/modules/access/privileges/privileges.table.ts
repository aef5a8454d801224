import type { PrivilegeFeatures } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn } from '../tenant-columns.ts';
import { createdAtColumn } from '../../../db/columns.ts';

export const privileges = pgTable(
  'privileges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    /** The built-in administrator privilege: all features, all methods, scope all. */
    isAdministrator: boolean('is_administrator').notNull().default(false),
    /** The built-in "member" privilege new invitations get by default (renaming it keeps it the default). */
    isDefault: boolean('is_default').notNull().default(false),
    features: jsonb('features').$type<PrivilegeFeatures>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('privileges_org_id_idx').on(t.orgId)],
);

/**
 * A privilege assigned to a node (a user or a department) for one feature (docs/product.md: "assign users to a
 * feature with a node type"). Effective privilege of a user for a feature: their user node's assignment,
 * else their department's, else their member privilege. One privilege per node and feature.
 */
export const privilegeAssignments = pgTable(
  'privilege_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    privilegeId: uuid('privilege_id')
      .notNull()
      .references(() => privileges.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    nodeType: text('node_type', { enum: ['user', 'department'] }).notNull(),
    /** A department id, or a user (account) id. */
    nodeId: uuid('node_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('privilege_assignments_node_idx').on(t.orgId, t.feature, t.nodeType, t.nodeId),
    index('privilege_assignments_org_id_privilege_id_idx').on(t.orgId, t.privilegeId),
    index('privilege_assignments_org_id_node_id_idx').on(t.orgId, t.nodeId),
    check('privilege_assignments_node_type_check', sql`${t.nodeType} in ('user', 'department')`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { departments } from '../departments/departments.table.ts';
import { privileges } from '../privileges/privileges.table.ts';
import { roles } from '../roles/roles.table.ts';
import { users } from '../users/users.table.ts';
import { orgIdColumn } from '../tenant-columns.ts';
import { createdAtColumn } from '../../../db/columns.ts';

/** A user's membership of a workspace (or an invitation to it); only the members module writes it. */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    /** Null while the invitation is addressed to an email that has no account yet. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    invitedEmail: text('invited_email'),
    /** Who sent the invitation (the invitation page names them); null for members who created or joined otherwise. */
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['invited', 'activated', 'deactivated'] }).notNull(),
    isSystemAdministrator: boolean('is_system_administrator').notNull().default(false),
    privilegeId: uuid('privilege_id').references(() => privileges.id, { onDelete: 'set null' }),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    /** A custom role (null: the built-in one, contract access/roles.ts); a role held is never deleted. */
    roleId: uuid('role_id').references(() => roles.id, { onDelete: 'restrict' }),
    /** Legacy free-text role: migration 0011 moved every value into `roles` and emptied it; nothing reads it. */
    legacyRoleName: text('role_name'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('members_org_id_user_id_idx').on(t.orgId, t.userId),
    uniqueIndex('members_org_id_invited_email_idx').on(t.orgId, t.invitedEmail),
    index('members_user_id_idx').on(t.userId),
    index('members_org_id_department_id_idx').on(t.orgId, t.departmentId),
    index('members_role_id_idx').on(t.roleId),
    check('members_user_or_email', sql`${t.userId} is not null or ${t.invitedEmail} is not null`),
    check('members_status_check', sql`${t.status} in ('invited', 'activated', 'deactivated')`),
  ],
);

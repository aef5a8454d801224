import { z } from 'zod';

/**
 * Roles (docs/product.md#team-and-access): what a user is called in the workspace (role.name in user lists and pickers),
 * apart from their privilege (what they may do). Every member holds a custom role when one is assigned, else
 * a built-in one: administrator for system administrators, member for everyone else. Built-in roles are
 * named by key (translated by the web) and cannot be renamed or deleted.
 */
export const builtInRoles = ['administrator', 'member'] as const;
export type BuiltInRole = (typeof builtInRoles)[number];

export const roleNameSchema = z.string().trim().min(1).max(50);

/** A member's role where users are listed: id null for a built-in role. */
export const memberRoleSchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  builtIn: z.enum(builtInRoles).nullable(),
});
export type MemberRole = z.infer<typeof memberRoleSchema>;

export const roleHolderSchema = z.object({ memberId: z.string(), userId: z.string().nullable(), name: z.string(), email: z.string() });

/** A role of the settings page, with who holds it (invited and activated members; deactivated ones are left out). */
export const roleSchema = z.object({
  /** The key for a built-in role, else the custom role's uuid. */
  id: z.string(),
  name: z.string(),
  builtIn: z.enum(builtInRoles).nullable(),
  holders: z.array(roleHolderSchema),
});
export type Role = z.infer<typeof roleSchema>;

export const roleCreateBodySchema = z.object({ name: roleNameSchema });
export const roleEditBodySchema = z.object({ id: z.uuid(), name: roleNameSchema });
export const roleDeleteQuerySchema = z.object({ id: z.uuid() });

import { z } from 'zod';

/**
 * Departments (docs/product.md#fields, #permissions): a tree by parentId with a direct supervisor. The subordinates
 * scope of a supervisor is everyone in the departments they supervise and every department below them.
 */
export const departmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  /** An account id (an activated member of the workspace), or null. */
  supervisorUserId: z.string().nullable(),
  supervisorName: z.string().nullable(),
  /** Members (any status) assigned to this department itself, not its children. */
  memberCount: z.number().int(),
});
export type Department = z.infer<typeof departmentSchema>;

const departmentNameSchema = z.string().trim().min(1).max(100);

/** POST /api/settings/department/create?orgId= */
export const departmentCreateBodySchema = z.object({
  name: departmentNameSchema,
  parentId: z.uuid().nullable().optional(),
  supervisorUserId: z.uuid().nullable().optional(),
});
export type DepartmentCreateBody = z.infer<typeof departmentCreateBodySchema>;

/**
 * PUT /api/settings/department/edit?orgId= — only present fields change; null clears.
 * A parent that is the department itself or one of its descendants → 409 DEPARTMENT_CYCLE.
 */
export const departmentEditBodySchema = z.object({
  id: z.uuid(),
  name: departmentNameSchema.optional(),
  parentId: z.uuid().nullable().optional(),
  supervisorUserId: z.uuid().nullable().optional(),
});
export type DepartmentEditBody = z.infer<typeof departmentEditBodySchema>;

/** DELETE /api/settings/department/delete?orgId=&id= — refused (409 DEPARTMENT_NOT_EMPTY) while it has sub-departments or members. */
export const departmentDeleteQuerySchema = z.object({ orgId: z.uuid(), id: z.uuid() });

/** PUT /api/settings/department/assign?orgId= — move members into a department (null: no department). */
export const departmentAssignBodySchema = z.object({
  departmentId: z.uuid().nullable(),
  memberIds: z.array(z.uuid()).min(1).max(500),
});

/** GET /api/settings/department/list?orgId= answers a flat list ordered by name; build the tree from parentId. */
export const departmentListSchema = z.array(departmentSchema);

import { z } from 'zod';

/**
 * docs/product.md#permissions: privileges are per feature, each with methods and a visibility scope.
 * These are the pure rules; the server turns them into allow/deny and an owner predicate.
 */
export const features = [
  'contact', 'company', 'opportunity', 'calendar', 'performanceReport', 'activityReport',
  'productSalesRanking', 'contactTag', 'companyTag', 'social', 'automation',
] as const;
export type Feature = (typeof features)[number];

/**
 * Stored names of the two privileges every workspace gets. The names are stable keys: the web shows
 * them translated (privileges:builtIn.*) and never writes a translation back.
 */
export const builtInPrivileges = ['administrator', 'member'] as const;
export type BuiltInPrivilege = (typeof builtInPrivileges)[number];

export const methods = ['view', 'create', 'edit', 'delete', 'export', 'import', 'transfer'] as const;
export type Method = (typeof methods)[number];

/** mine < sameDepartment / subordinates < all. */
export const visibilityScopes = ['mine', 'sameDepartment', 'subordinates', 'all'] as const;
export type VisibilityScope = (typeof visibilityScopes)[number];

export interface FeaturePrivilege {
  methods: Method[];
  scope: VisibilityScope;
}
export type PrivilegeFeatures = Record<Feature, FeaturePrivilege>;

/** Tag features only use create/edit/delete (docs/product.md#permissions: tag permissions). */
const tagMethods: Method[] = ['create', 'edit', 'delete'];
/** Automation (workflows, docs/product.md#workflows): view the workflows and their run log, or edit them. */
const automationMethods: Method[] = ['view', 'edit'];

export function fullPrivilegeFeatures(): PrivilegeFeatures {
  return Object.fromEntries(
    features.map((f) => [f, { methods: [...featureMethods(f)], scope: 'all' }]),
  ) as PrivilegeFeatures;
}

/** A new member's default: work on their own records, view and create tags. */
export function memberPrivilegeFeatures(): PrivilegeFeatures {
  return Object.fromEntries(
    features.map((f) => [
      f,
      f === 'automation'
        ? { methods: [], scope: 'all' }
        : f.endsWith('Tag')
          ? { methods: ['create'], scope: 'all' }
          : { methods: ['view', 'create', 'edit', 'delete', 'export'], scope: 'mine' },
    ]),
  ) as PrivilegeFeatures;
}

/** GET /api/privilege/user/features: the caller's effective privileges in one org (polled every 30 s). */
export interface MyPrivileges {
  isSystemAdministrator: boolean;
  isTopAdministrator: boolean;
  features: PrivilegeFeatures;
}


export const featurePrivilegeSchema = z.object({
  methods: z.array(z.enum(methods)),
  scope: z.enum(visibilityScopes),
});
export const privilegeFeaturesSchema = z.object(
  Object.fromEntries(features.map((f) => [f, featurePrivilegeSchema])) as Record<Feature, typeof featurePrivilegeSchema>,
);
export const myPrivilegesSchema = z.object({
  isSystemAdministrator: z.boolean(),
  isTopAdministrator: z.boolean(),
  features: privilegeFeaturesSchema,
});

/** The methods a feature can take: tag features only create/edit/delete (docs/product.md#permissions). */
export function featureMethods(feature: Feature): readonly Method[] {
  if (feature === 'automation') return automationMethods;
  return feature.endsWith('Tag') ? tagMethods : methods;
}

// ---- settings/privilege (docs/product.md#api) ----

export const privilegeSummarySchema = z.object({
  id: z.string(),
  privilegeName: z.string(),
  /** The built-in administrator privilege: every method, scope all; cannot be deleted or edited. */
  isAdministrator: z.boolean(),
  /** The built-in "member" privilege new invitations get unless another is chosen; cannot be deleted. */
  isDefault: z.boolean(),
  /** Members holding it as their privilege. */
  userCount: z.number().int(),
});
export type PrivilegeSummary = z.infer<typeof privilegeSummarySchema>;

export const privilegeDetailSchema = privilegeSummarySchema.extend({ features: privilegeFeaturesSchema });
export type PrivilegeDetail = z.infer<typeof privilegeDetailSchema>;

const privilegeNameSchema = z.string().trim().min(1).max(50);

/** POST /api/settings/privilege/create?orgId= — copyFromId copies that privilege's features (else the member defaults). */
export const privilegeCreateBodySchema = z.object({
  privilegeName: privilegeNameSchema,
  copyFromId: z.uuid().nullable().optional(),
});
/** PUT /api/settings/privilege/edit?orgId= — rename. */
export const privilegeEditBodySchema = z.object({ id: z.uuid(), privilegeName: privilegeNameSchema });
/** GET /api/settings/privilege/get?orgId=&id= */
export const privilegeGetQuerySchema = z.object({ orgId: z.uuid(), id: z.uuid() });
/**
 * DELETE /api/settings/privilege/delete?orgId=&id=&reassignTo= — while members hold it (or it is assigned to
 * nodes) it is refused with 409 PRIVILEGE_IN_USE unless reassignTo names another privilege, which they then get.
 */
export const privilegeDeleteQuerySchema = z.object({ orgId: z.uuid(), id: z.uuid(), reassignTo: z.uuid().optional() });

/** PUT /api/settings/privilege/feature/edit?orgId= — methods must be among featureMethods(feature). */
export const privilegeFeatureEditBodySchema = z.object({
  id: z.uuid(),
  feature: z.enum(features),
  methods: z.array(z.enum(methods)),
  scope: z.enum(visibilityScopes),
});

// ---- privilege/user (docs/product.md#api) ----

/** GET /api/privilege/user/feature?orgId=&feature= — the caller's methods for one feature. */
export const featureQuerySchema = z.object({ orgId: z.uuid(), feature: z.enum(features) });
export const featureMethodsSchema = z.array(z.enum(methods));

/**
 * Per-feature assignment: a privilege can be assigned, for one feature, to a node of the workspace —
 * a user or a department. A user's privilege for a feature is, first found:
 * their own user-node assignment → their department's assignment → their member privilege.
 */
export const nodeTypes = ['user', 'department'] as const;
export type NodeType = (typeof nodeTypes)[number];
export const privilegeNodeRefSchema = z.object({ nodeType: z.enum(nodeTypes), nodeId: z.uuid() });

/** GET /api/privilege/user/allnode/byfeature?orgId=&feature= — every department and activated user, with what is assigned there. */
export const privilegeNodeSchema = z.object({
  nodeType: z.enum(nodeTypes),
  /** Department id, or the account id of a user. */
  nodeId: z.string(),
  name: z.string(),
  /** Parent department (of a department, or the user's department); null at the top. */
  parentId: z.string().nullable(),
  /** The privilege assigned to this node for the feature, or null. */
  privilegeId: z.string().nullable(),
  privilegeName: z.string().nullable(),
});
export type PrivilegeNode = z.infer<typeof privilegeNodeSchema>;
export const privilegeNodesSchema = z.object({ feature: z.enum(features), nodes: z.array(privilegeNodeSchema) });

/**
 * POST /api/privilege/user/setting?orgId= — the nodes that get `privilegeId` for `feature`. Replaces that
 * privilege's node set for the feature; a node assigned to another privilege for the feature moves here.
 */
export const privilegeAssignBodySchema = z.object({
  privilegeId: z.uuid(),
  feature: z.enum(features),
  nodes: z.array(privilegeNodeRefSchema).max(1000),
});

/** GET /api/privilege/user/list?orgId=&privilegeId= — who holds a privilege and where it is assigned per feature. */
export const privilegeUsersQuerySchema = z.object({ orgId: z.uuid(), privilegeId: z.uuid() });
export const privilegeUsersSchema = z.object({
  holders: z.array(z.object({ memberId: z.string(), userId: z.string().nullable(), name: z.string(), email: z.string() })),
  assignments: z.array(
    z.object({ feature: z.enum(features), nodeType: z.enum(nodeTypes), nodeId: z.string(), name: z.string() }),
  ),
});

/** GET /api/privilege/user/get?orgId=&memberId= — one member's effective privileges and where each feature comes from. */
export const memberPrivilegesQuerySchema = z.object({ orgId: z.uuid(), memberId: z.uuid() });
export const privilegeSources = ['topAdministrator', 'user', 'department', 'member', 'none'] as const;
export const memberPrivilegesSchema = myPrivilegesSchema.extend({
  memberId: z.string(),
  sources: z.object(
    Object.fromEntries(
      features.map((f) => [f, z.object({ via: z.enum(privilegeSources), privilegeId: z.string().nullable() })]),
    ) as Record<Feature, z.ZodObject<{ via: z.ZodEnum<{ [K in (typeof privilegeSources)[number]]: K }>; privilegeId: z.ZodNullable<z.ZodString> }>>,
  ),
});
export type MemberPrivileges = z.infer<typeof memberPrivilegesSchema>;

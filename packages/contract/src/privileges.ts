import { z } from 'zod';

/**
 * Spec section 6: privileges are per feature, each with methods and a visibility scope.
 * These are the pure rules; the server turns them into allow/deny and an owner predicate.
 */
export const features = [
  'contact', 'company', 'opportunity', 'calendar', 'performanceReport', 'activityReport',
  'productSalesRanking', 'contactTag', 'companyTag',
] as const;
export type Feature = (typeof features)[number];

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

/** Tag features only use create/edit/delete (spec section 6: tag permissions). */
const tagMethods: Method[] = ['create', 'edit', 'delete'];

export function fullPrivilegeFeatures(): PrivilegeFeatures {
  return Object.fromEntries(
    features.map((f) => [f, { methods: f.endsWith('Tag') ? [...tagMethods] : [...methods], scope: 'all' }]),
  ) as PrivilegeFeatures;
}

/** A new member's default: work on their own records, view and create tags. */
export function memberPrivilegeFeatures(): PrivilegeFeatures {
  return Object.fromEntries(
    features.map((f) => [
      f,
      f.endsWith('Tag')
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

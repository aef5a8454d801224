import type { Feature, MembershipStatus } from '@lodestar/contract';

/*
 * The access context's query keys (docs/ARCHITECTURE.md, "Contexts"): one registry, so a feature that
 * refreshes another's data (members after a department change, …) names the same key the owner reads.
 * The profile's and the caller's own privileges' keys live in shared/ (profileKeys, permissionKeys),
 * since the app shell reads them too.
 */

export const authKeys = {
  resetLink: (code: string) => ['auth', 'reset-link', code] as const,
  appleConfig: () => ['auth', 'apple-config'] as const,
};

/** Workspaces (the API's organizations). */
export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
  detail: (orgId: string) => [...organizationKeys.all, 'detail', orgId] as const,
};

/** Settings → users (settings/user/...) and the open-users list for pickers. */
export const memberKeys = {
  all: (orgId: string) => ['members', orgId] as const,
  list: (orgId: string, status: MembershipStatus | 'all') => [...memberKeys.all(orgId), 'list', status] as const,
  openUsers: (orgId: string) => [...memberKeys.all(orgId), 'open'] as const,
  /** The invitation page's preview (public: before sign-in). */
  invitation: (orgId: string, memberId: string) => ['invitation', orgId, memberId] as const,
};

export const departmentKeys = {
  all: (orgId: string) => ['departments', orgId] as const,
};

/** settings/privilege and privilege/user (not the caller's own privileges: shared/permissions.ts). */
export const privilegeKeys = {
  all: (orgId: string) => ['privilegeSettings', orgId] as const,
  list: (orgId: string) => [...privilegeKeys.all(orgId), 'list'] as const,
  detail: (orgId: string, id: string) => [...privilegeKeys.all(orgId), 'detail', id] as const,
  users: (orgId: string, id: string) => [...privilegeKeys.all(orgId), 'users', id] as const,
  nodes: (orgId: string, feature: Feature) => [...privilegeKeys.all(orgId), 'nodes', feature] as const,
};

/** Settings → roles (settings/role/...). */
export const roleKeys = {
  all: (orgId: string) => ['roles', orgId] as const,
};

/** Settings → webhooks and a webhook's delivery log. */
export const webhookKeys = {
  all: (orgId: string) => ['webhooks', orgId] as const,
  deliveries: (orgId: string, id: string) => [...webhookKeys.all(orgId), 'deliveries', id] as const,
};

/** Settings → API keys, and the account's personal access tokens. */
export const apiKeyKeys = {
  all: (orgId: string) => ['apiKeys', orgId] as const,
  personal: () => ['apiKeys', 'personal'] as const,
};

/** The signed-in member's bell in a workspace. */
export const notificationKeys = {
  list: (orgId: string) => ['notifications', orgId] as const,
};

/** Settings → Audit log: pages per filter, the chain check and the retention. */
export const auditLogKeys = {
  all: (orgId: string) => ['auditLog', orgId] as const,
  list: (orgId: string, filter: object) => [...auditLogKeys.all(orgId), 'list', filter] as const,
  verify: (orgId: string) => [...auditLogKeys.all(orgId), 'verify'] as const,
  settings: (orgId: string) => [...auditLogKeys.all(orgId), 'settings'] as const,
};

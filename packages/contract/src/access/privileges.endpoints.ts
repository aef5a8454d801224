import { z } from 'zod';
import { endpoints } from '../platform/endpoint.ts';
import {
  featureMethodsSchema,
  featureQuerySchema,
  memberPrivilegesQuerySchema,
  memberPrivilegesSchema,
  myPrivilegesSchema,
  privilegeAssignBodySchema,
  privilegeCreateBodySchema,
  privilegeDeleteQuerySchema,
  privilegeDetailSchema,
  privilegeEditBodySchema,
  privilegeFeatureEditBodySchema,
  privilegeGetQuerySchema,
  privilegeNodesSchema,
  privilegeSummarySchema,
  privilegeUsersQuerySchema,
  privilegeUsersSchema,
} from './privileges.ts';

const adminsOnly = 'System administrators only (403 otherwise).';

/** The caller's privileges (privilege/user) and their management (settings/privilege); docs/product.md#permissions. */
export const privilegesEndpoints = endpoints('privileges', {
  isSystemAdministrator: { method: 'GET', path: '/privilege/user/isSystemAdministrator', access: 'member', response: z.boolean() },
  mine: {
    method: 'GET', path: '/privilege/user/features', access: 'member', response: myPrivilegesSchema,
    description: "The caller's effective privileges in this workspace (the web polls it every 30 000 ms).",
  },
  featureMethods: {
    method: 'GET', path: '/privilege/user/feature', access: 'member', query: featureQuerySchema, response: featureMethodsSchema,
    description: "The caller's methods for one feature (any member).",
  },
  nodesByFeature: {
    method: 'GET', path: '/privilege/user/allnode/byfeature', access: 'member', query: featureQuerySchema, response: privilegeNodesSchema,
    description:
      `${adminsOnly} Every department (nodeType department) and activated user (nodeType user, nodeId = account id) with the privilege assigned to it for the feature. ` +
      "A user's privilege for a feature is their user node's assignment, else their department's, else their member privilege; holders of the administrator privilege and the top administrator always have everything.",
  },
  assignNodes: {
    method: 'POST', path: '/privilege/user/setting', access: 'member', body: privilegeAssignBodySchema, response: z.null(),
    description: `${adminsOnly} Replaces the nodes holding privilegeId for the feature; a node held by another privilege for the feature moves here. Unknown nodes → 404, nothing changed.`,
  },
  holders: {
    method: 'GET', path: '/privilege/user/list', access: 'member', query: privilegeUsersQuerySchema, response: privilegeUsersSchema,
    description: `${adminsOnly} Members holding the privilege, and its per-feature node assignments.`,
  },
  memberPrivileges: {
    method: 'GET', path: '/privilege/user/get', access: 'member', query: memberPrivilegesQuerySchema, response: memberPrivilegesSchema,
    description: `${adminsOnly} One member's effective privileges and, per feature, where they come from.`,
  },
  list: { method: 'GET', path: '/settings/privilege/list', access: 'member', response: z.array(privilegeSummarySchema), description: adminsOnly },
  get: { method: 'GET', path: '/settings/privilege/get', access: 'member', query: privilegeGetQuerySchema, response: privilegeDetailSchema, description: adminsOnly },
  create: {
    method: 'POST', path: '/settings/privilege/create', access: 'member', body: privilegeCreateBodySchema, response: privilegeDetailSchema,
    description: `${adminsOnly} copyFromId copies that privilege's features (copying the administrator privilege gives an ordinary, editable one with every method); without it, the member defaults.`,
  },
  rename: { method: 'PUT', path: '/settings/privilege/edit', access: 'member', body: privilegeEditBodySchema, response: privilegeDetailSchema, description: `${adminsOnly} Rename.` },
  remove: {
    method: 'DELETE', path: '/settings/privilege/delete', access: 'member', query: privilegeDeleteQuerySchema, response: z.null(),
    description: `${adminsOnly} Built-in privileges → 409 PRIVILEGE_BUILT_IN. Held by members or assigned to nodes → 409 PRIVILEGE_IN_USE unless reassignTo names the privilege they get instead.`,
  },
  editFeature: {
    method: 'PUT', path: '/settings/privilege/feature/edit', access: 'member', body: privilegeFeatureEditBodySchema, response: privilegeDetailSchema,
    description: `${adminsOnly} One feature's methods and visibility scope. Tag features take only create/edit/delete (400 methods). The administrator privilege → 409 PRIVILEGE_BUILT_IN.`,
  },
});

import {
  apiKeysEndpoints, backupsEndpoints, importEndpointsByKind, membersEndpoints, privilegesEndpoints, restHooksEndpoints, rolesEndpoints,
  subscriptionsEndpoints, trashEndpoints, usersEndpoints, webhooksEndpoints, type AuditType,
} from '@lodestar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import * as organizationsService from '../organizations/organizations.service.ts';
import * as usersService from '../users/users.service.ts';
import { audit, type AuditInput } from './audit-log.service.ts';

/**
 * Which answered calls are audit entries: one table from the contract's endpoints, checked after the answer (a
 * refused call changed nothing, so it is no entry — except a refused sign-in). The request gives the IP address, the
 * device (user agent) and the member. Work that is no call of these (a merge) calls `audit()` itself.
 */
type Endpoint = { method: string; path: string };
type Target = (request: FastifyRequest) => string | null;

const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
const params = (request: FastifyRequest) => (request.params ?? {}) as Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : Array.isArray(value) ? value.filter((v) => typeof v === 'string').join(', ') || null : null);
const bodyField = (name: string): Target => (r) => text(body(r)[name]);
const paramId: Target = (r) => text(params(r).id);
const queryField = (name: string): Target => (r) => text((r.query as Record<string, unknown> | undefined)?.[name]);

const audited: [Endpoint, AuditType, Target?][] = [
  [membersEndpoints.invite, 'memberInvited', bodyField('emails')],
  [membersEndpoints.edit, 'memberChanged', bodyField('id')],
  [membersEndpoints.deactivate, 'memberDeactivated', bodyField('id')],
  [membersEndpoints.activate, 'memberActivated', bodyField('id')],
  [membersEndpoints.cancelInvitation, 'invitationCancelled', bodyField('id')],
  [privilegesEndpoints.assignNodes, 'privilegeChanged'],
  [privilegesEndpoints.create, 'privilegeChanged', bodyField('privilegeName')],
  [privilegesEndpoints.rename, 'privilegeChanged', bodyField('privilegeName')],
  [privilegesEndpoints.remove, 'privilegeChanged', queryField('id')],
  [privilegesEndpoints.editFeature, 'privilegeChanged', bodyField('feature')],
  [rolesEndpoints.create, 'roleChanged', bodyField('name')],
  [rolesEndpoints.rename, 'roleChanged', bodyField('name')],
  [rolesEndpoints.remove, 'roleChanged', queryField('id')],
  ...Object.entries(importEndpointsByKind).map(([kind, e]): [Endpoint, AuditType, Target] => [e.export, 'exportDownloaded', () => kind]),
  [backupsEndpoints.start, 'backupStarted'],
  [backupsEndpoints.download, 'backupDownloaded', paramId],
  [backupsEndpoints.restore, 'backupRestored'],
  [backupsEndpoints.personalData, 'personalDataExported', paramId],
  [apiKeysEndpoints.create, 'apiKeyCreated', bodyField('name')],
  [apiKeysEndpoints.revoke, 'apiKeyRevoked', paramId],
  [webhooksEndpoints.create, 'webhookCreated', bodyField('url')],
  [webhooksEndpoints.update, 'webhookChanged', bodyField('url')],
  [webhooksEndpoints.remove, 'webhookDeleted', paramId],
  [restHooksEndpoints.subscribe, 'webhookCreated', bodyField('targetUrl')],
  [restHooksEndpoints.unsubscribe, 'webhookDeleted', paramId],
  [trashEndpoints.empty, 'trashEmptied'],
  [trashEndpoints.deleteForever, 'recordsDeletedForever'],
  [subscriptionsEndpoints.checkout, 'billingChanged', () => 'checkout'],
  [subscriptionsEndpoints.change, 'billingChanged', () => 'change'],
  [subscriptionsEndpoints.cancel, 'billingChanged', () => 'cancel'],
  [subscriptionsEndpoints.resume, 'billingChanged', () => 'resume'],
  [subscriptionsEndpoints.redeemCoupon, 'billingChanged', () => 'coupon'],
  [subscriptionsEndpoints.bindCard, 'billingChanged', () => 'card'],
];

const key = (method: string, url: string) => `${method} ${url}`;

async function signInEntries(db: Db, request: FastifyRequest, ok: boolean): Promise<AuditInput[]> {
  const email = text(body(request).email)?.toLowerCase();
  const user = email ? await usersService.findUserByEmail(db, email) : undefined;
  // An address that is no account belongs to no workspace: nobody's log to write it in.
  if (!user) return [];
  const workspaces = await organizationsService.listOrganizations(db, user, { ignoreFrozen: true });
  return workspaces.map((w) => ({
    orgId: w.orgId,
    type: ok ? 'signIn' : 'signInFailed',
    actor: { userId: user.id, label: user.email },
    ip: request.ip,
    userAgent: text(request.headers['user-agent']),
  }));
}

export function registerAuditHooks(app: FastifyInstance): void {
  const byRoute = new Map(audited.map(([e, type, target]) => [key(e.method, `/api${e.path}`), { type, target }]));
  const signIn = key(usersEndpoints.login.method, `/api${usersEndpoints.login.path}`);
  app.addHook('onResponse', async (request, reply) => {
    const route = key(request.method, request.routeOptions.url ?? '');
    try {
      if (route === signIn) {
        if (reply.statusCode < 500) await audit(app.db, ...(await signInEntries(app.db, request, reply.statusCode < 300)));
        return;
      }
      const entry = byRoute.get(route);
      if (!entry || reply.statusCode >= 300 || !request.actor) return;
      const user = request.user;
      await audit(app.db, {
        orgId: request.actor.orgId,
        type: entry.type,
        actor: user ? { userId: user.id, label: request.apiKey ? `${user.email} (API key)` : user.email } : null,
        ip: request.ip,
        userAgent: text(request.headers['user-agent']),
        target: entry.target?.(request) ?? null,
        details: request.apiKey ? { apiKeyId: request.apiKey.id } : {},
      });
    } catch (error) {
      // The call has been answered; a lost entry is logged loudly rather than failing it.
      request.log.error({ err: error, route }, 'audit log entry not written');
    }
  });
}

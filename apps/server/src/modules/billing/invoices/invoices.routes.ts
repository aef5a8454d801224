import { invoicesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { route } from '../../../platform/route.ts';
import { userOf } from '../../access/auth/auth.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import type { InvoicesDeps } from './invoices.deps.ts';
import * as invoicesService from './invoices.service.ts';

/** The e-invoice proof of a charge: the workspace's top administrator, like the purchase history (docs/decisions/0021). */
export function invoicesRoutes(deps: () => InvoicesDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, api.proof, async (request) => {
      const user = userOf(request);
      const { orgId } = request.query;
      const org = await organizationsService.findOrganization(app.db, orgId);
      const membership = org ? await organizationsService.findMembership(app.db, orgId, user.id) : undefined;
      if (!org || membership?.status !== 'activated') throw new AppError('ORG_NOT_FOUND');
      if (org.topAdminUserId !== user.id) throw new AppError('ORG_TOP_ADMIN_ONLY');
      return invoicesService.proof(app.db, deps(), orgId, request.params.id);
    });
  };
}

import { operatorEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { isOperatorEmail } from '../../../platform/operators.ts';
import { route } from '../../../platform/route.ts';
import { userOf } from '../../access/auth/auth.ts';
import * as operatorService from './operator-console.service.ts';
import * as operatorInvoices from './operator-invoices.service.ts';

/**
 * /api/operator/… (issue 30 #15). Every route answers as an unknown route to anyone not named in OPERATOR_EMAILS —
 * workspace administrators included — so the console is not even seen to exist.
 */
export const operatorConsoleRoutes: FastifyPluginAsync = async (app) => {
  const operatorOf = (request: FastifyRequest): operatorService.Operator => {
    const user = userOf(request);
    if (!isOperatorEmail(app.config.operatorEmails, user.email)) throw new AppError('ROUTE_NOT_FOUND');
    return { email: user.email };
  };
  // Checked before the body is validated, so a non-operator learns nothing from a 400 either.
  const onlyOperators = { preValidation: async (request: FastifyRequest) => void operatorOf(request) };
  const now = () => app.billing.now();

  route(app, api.coupons, async (request) => operatorService.listCoupons(app.db, request.query), onlyOperators);
  route(app, api.createCoupon, async (request) => operatorService.createCoupon(app.db, operatorOf(request), request.body), onlyOperators);
  route(app, api.disableCoupon, async (request) => operatorService.disableCoupon(app.db, operatorOf(request), request.params.id, now()), onlyOperators);
  route(app, api.workspaces, async (request) => operatorService.listWorkspaces(app.db, request.query), onlyOperators);
  route(app, api.freezeWorkspace, async (request) => operatorService.setFrozen(app.db, operatorOf(request), request.params.id, request.body.frozen, now()), onlyOperators);
  route(app, api.setWorkspacePlan, async (request) => operatorService.setPlan(app.db, operatorOf(request), request.params.id, request.body.plan), onlyOperators);
  route(app, api.charges, async (request) => operatorService.listCharges(app.db, request.query), onlyOperators);
  const invoiceDeps = () => ({ charges: app.billing.invoices, sales: app.salesInvoices });
  route(app, api.invoices, async () => operatorInvoices.listInvoices(app.db, invoiceDeps()), onlyOperators);
  route(app, api.retryInvoice, async (request) => operatorInvoices.retryInvoice(app.db, invoiceDeps(), operatorOf(request), request.params.source, request.params.id), onlyOperators);
  route(app, api.audit, async (request) => operatorService.listAudit(app.db, request.query), onlyOperators);
};

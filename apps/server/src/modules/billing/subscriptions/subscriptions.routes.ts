import { subscriptionsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { userOf } from '../../access/auth/auth.ts';
import type { BillingDeps } from './subscriptions.deps.ts';
import * as subscriptionsService from './subscriptions.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Billing's gateway, secrets and clock (decorated by app.ts; tests replace the clock or the gateway). */
    billing: BillingDeps;
  }
}

export const subscriptionsRoutes: FastifyPluginAsync = async (app) => {
  const deps = () => app.billing;
  const context = (request: Parameters<typeof userOf>[0] & { query: { orgId: string } }) =>
    subscriptionsService.billingContext(app.db, userOf(request), request.query.orgId);

  route(app, api.catalog, async () => subscriptionsService.catalog(deps()));
  route(app, api.planInfo, async (request) => subscriptionsService.planInfo(app.db, await context(request)));
  route(app, api.checkout, async (request) => subscriptionsService.checkout(app.db, deps(), await context(request), request.body));
  route(app, api.quote, async (request) => subscriptionsService.quote(app.db, deps(), await context(request), request.body));
  route(app, api.change, async (request) => subscriptionsService.changePlan(app.db, deps(), await context(request), request.body));
  route(app, api.cancel, async (request) => subscriptionsService.cancel(app.db, deps(), await context(request)));
  route(app, api.resume, async (request) => subscriptionsService.resume(app.db, await context(request)));
  route(app, api.charges, async (request) => subscriptionsService.listCharges(app.db, await context(request)));
  route(app, api.charge, async (request) => subscriptionsService.getCharge(app.db, deps(), await context(request), request.params.id));
  route(app, api.redeemCoupon, async (request) => subscriptionsService.redeemCoupon(app.db, deps(), await context(request), request.body.code));
  route(app, api.dismissNotices, async (request) => {
    await subscriptionsService.dismissNotices(app.db, deps(), await context(request), request.body.ids);
    return null;
  });
  route(app, api.bindCard, async (request) => subscriptionsService.bindCard(app.db, deps(), await context(request), request.body));
  // Public like a bank's page (reached by an unguessable trade id); sandbox only.
  const sandboxLimit = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };
  route(app, api.sandboxVerification, async (request) => subscriptionsService.sandboxVerification(deps(), request.params.tradeId), sandboxLimit);
  route(app, api.sandboxVerify, async (request) => subscriptionsService.sandboxVerify(app.db, deps(), request.params.tradeId, request.body.approve), sandboxLimit);
  route(app, api.runRenewals, async (request) => subscriptionsService.runRenewalsWithTestClock(app.db, deps(), await context(request), new Date(request.body.at)));
  route(app, api.tappayNotify, async (request, reply) => {
    await subscriptionsService.tappayNotify(app.db, deps(), request.query.token, request.body);
    // TapPay only needs a 200.
    return reply.send({ status: 0 });
  }, { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } });
};

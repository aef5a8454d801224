import { salesInvoicesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import type { SalesInvoicesDeps } from './sales-invoices.deps.ts';
import * as salesInvoices from './sales-invoices.service.ts';
import * as settings from './sales-invoices.settings.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Workspaces' own e-invoices: provider access, operators to alert, a clock (decorated by app.ts; tests replace the clock). */
    salesInvoices: SalesInvoicesDeps;
  }
}

export function salesInvoicesRoutes(deps: () => SalesInvoicesDeps): FastifyPluginAsync {
  return async (app) => {
    route(app, api.listOfDeal, async (request) => salesInvoices.listOfDeal(app.db, actorOf(request), request.params.id));
    route(app, api.issue, async (request) => salesInvoices.issue(app.db, deps(), actorOf(request), request.body));
    route(app, api.void, async (request) => salesInvoices.voidInvoice(app.db, deps(), actorOf(request), request.params.id, request.body.reason));
    route(app, api.allowance, async (request) => salesInvoices.allowance(app.db, deps(), actorOf(request), request.params.id, request.body));
    route(app, api.settings, async (request) => settings.settingsOf(app.db, actorOf(request).orgId));
    route(app, api.saveSettings, async (request) => settings.saveSettings(app.db, deps(), actorOf(request), request.body));
    route(app, api.testConnection, async (request) => settings.testConnection(app.db, deps(), actorOf(request)));
  };
}

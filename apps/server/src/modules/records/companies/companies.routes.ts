import { companiesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { recordRoutes } from '../record-routes.ts';
import * as companiesService from './companies.service.ts';
import * as enrichmentService from './company-enrichment.service.ts';
import { lookUpCompany } from './company-registry.ts';

export const companiesRoutes: FastifyPluginAsync = async (app) => {
  recordRoutes(app, api, {
    list: companiesService.listCompanies,
    view: companiesService.viewCompany,
    get: companiesService.getCompany,
    // Companies have no avatar: the upload, if any, is ignored as before.
    save: (db, actor, body) => companiesService.saveCompany(db, actor, body),
    transfer: companiesService.transferCompanies,
    remove: companiesService.deleteCompanies,
  });
  route(app, api.checkDuplicate, async (request) => companiesService.checkDuplicate(app.db, actorOf(request), request.query));
  // Any member may ask: the registry is public data, and the answer only fills a form the save still checks.
  route(app, api.registryLookup, async (request) => lookUpCompany(app.config.companyRegistry.apiUrl, request.query.taxId, (message) => request.log.warn(message)));
  route(app, api.enrichmentStart, async (request) => enrichmentService.startEnrichment(app.db, actorOf(request), request.body));
  route(app, api.enrichmentList, async (request) => enrichmentService.listEnrichments(app.db, actorOf(request)));
  route(app, api.enrichmentGet, async (request) => enrichmentService.getEnrichment(app.db, actorOf(request), request.params.id));
  route(app, api.associateContacts, async (request) => ({
    count: await companiesService.associateContacts(app.db, actorOf(request), request.body.companyId, request.body.contactIds),
  }));
};

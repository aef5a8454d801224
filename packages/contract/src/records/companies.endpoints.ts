import { countSchema } from '../platform/common.ts';
import { endpoints } from '../platform/endpoint.ts';
import {
  associateContactsBodySchema,
  companyDuplicateQuerySchema,
  companyDuplicateSchema,
  companyListSchema,
  companySaveBodySchema,
  companySchema,
  companyViewSchema,
} from './companies.ts';
import { recordEndpointDefs } from './record-endpoints.ts';
import { companyRegistryAnswerSchema, companyRegistryQuerySchema } from './company-registry.ts';
import { companyEnrichmentBodySchema, companyEnrichmentListSchema, companyEnrichmentParamsSchema, companyEnrichmentSchema } from './company-enrichment.ts';

export const companiesEndpoints = endpoints('companies', {
  ...recordEndpointDefs('company', { list: companyListSchema, view: companyViewSchema, record: companySchema, save: companySaveBodySchema }),
  checkDuplicate: { method: 'GET', path: '/company-check-duplicate', access: 'member', query: companyDuplicateQuerySchema, response: companyDuplicateSchema },
  /** 統編 → the company registry's entry, to fill the company form (records/company-registry.ts). */
  registryLookup: { method: 'GET', path: '/company-registry', access: 'member', query: companyRegistryQuerySchema, response: companyRegistryAnswerSchema },
  enrichmentStart: {
    method: 'POST',
    path: '/company-registry/enrichments',
    access: 'member',
    body: companyEnrichmentBodySchema,
    response: companyEnrichmentSchema,
    successStatus: 202,
    summary: 'Fill companies from the company registry (job)',
    description:
      'Starts filling the chosen companies (or all, or an import\'s) from the company registry as a job (202): empty addresses and other names are filled, never a value already there; dissolved or suspended companies are listed. One at a time per workspace (409 while one runs). Needs the company edit privilege.',
  },
  enrichmentList: {
    method: 'GET',
    path: '/company-registry/enrichments',
    access: 'member',
    response: companyEnrichmentListSchema,
    summary: 'Latest registry enrichments',
    description: 'The workspace\'s five latest registry enrichments, newest first, with their progress and results.',
  },
  enrichmentGet: {
    method: 'GET',
    path: '/company-registry/enrichments/:id',
    access: 'member',
    params: companyEnrichmentParamsSchema,
    response: companyEnrichmentSchema,
    summary: 'One registry enrichment',
    description: 'One registry enrichment\'s progress and result; another workspace\'s answers 404.',
  },
  associateContacts: {
    method: 'POST',
    path: '/associate/create/contactAndCompanyMulti',
    access: 'member',
    body: associateContactsBodySchema,
    response: countSchema,
  },
}, { scope: 'companies' });

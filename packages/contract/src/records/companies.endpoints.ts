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

export const companiesEndpoints = endpoints('companies', {
  ...recordEndpointDefs('company', { list: companyListSchema, view: companyViewSchema, record: companySchema, save: companySaveBodySchema }),
  checkDuplicate: { method: 'GET', path: '/company-check-duplicate', access: 'member', query: companyDuplicateQuerySchema, response: companyDuplicateSchema },
  /** 統編 → the company registry's entry, to fill the company form (records/company-registry.ts). */
  registryLookup: { method: 'GET', path: '/company-registry', access: 'member', query: companyRegistryQuerySchema, response: companyRegistryAnswerSchema },
  associateContacts: {
    method: 'POST',
    path: '/associate/create/contactAndCompanyMulti',
    access: 'member',
    body: associateContactsBodySchema,
    response: countSchema,
  },
}, { scope: 'companies' });

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

export const companiesEndpoints = endpoints('companies', {
  ...recordEndpointDefs('company', { list: companyListSchema, view: companyViewSchema, record: companySchema, save: companySaveBodySchema }),
  checkDuplicate: { method: 'GET', path: '/company-check-duplicate', access: 'member', query: companyDuplicateQuerySchema, response: companyDuplicateSchema },
  associateContacts: {
    method: 'POST',
    path: '/associate/create/contactAndCompanyMulti',
    access: 'member',
    body: associateContactsBodySchema,
    response: countSchema,
  },
}, { scope: 'companies' });

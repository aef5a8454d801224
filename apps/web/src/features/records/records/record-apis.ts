import { companiesEndpoints, contactsEndpoints } from '@lodestar/contract';
import { companyKeys, contactKeys } from '../query-keys.ts';
import { recordApi } from './record-api.ts';

/** Contacts' shared hooks (their pickers live here too, so companies can pick contacts without importing contacts). */
export const contactRecordApi = recordApi(contactsEndpoints, contactKeys);

/** Companies' shared hooks; their contacts show the company's name, so contacts refresh with them. */
export const companyRecordApi = recordApi(companiesEndpoints, companyKeys, (orgId) => [contactKeys.all(orgId)]);

import { endpoints } from '../platform/endpoint.ts';
import { contactListSchema, contactSaveBodySchema, contactSchema, contactViewSchema, recentContactsSchema } from './contacts.ts';
import { recordEndpointDefs } from './record-endpoints.ts';

/** Contacts keep the product's older path word `customer` (docs/product.md#api). */
export const contactsEndpoints = endpoints('contacts', {
  ...recordEndpointDefs('customer', { list: contactListSchema, view: contactViewSchema, record: contactSchema, save: contactSaveBodySchema }),
  recent: { method: 'GET', path: '/customerRecently/week', access: 'member', response: recentContactsSchema },
}, { scope: 'contacts' });

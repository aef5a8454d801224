import { endpoints } from '../platform/endpoint.ts';
import { searchAnswerSchema, searchQuerySchema } from './search.ts';

export const searchEndpoints = endpoints('search', {
  search: { method: 'GET', path: '/search', access: 'member', query: searchQuerySchema, response: searchAnswerSchema, scope: ['contacts', 'companies', 'deals'] },
});

import { idParamsSchema } from '../platform/common.ts';
import { endpoints } from '../platform/endpoint.ts';
import {
  pdpaActionBodySchema,
  pdpaCreateBodySchema,
  pdpaListQuerySchema,
  pdpaRequestListSchema,
  pdpaRequestSchema,
  unsubscribeAnswerSchema,
  unsubscribeLinkSchema,
  unsubscribeBodySchema,
} from './pdpa.ts';

const who = 'Members who may edit the contact record a request on it; the workspace list is for system administrators. Another workspace\'s request answers 404.';

/** A person's requests under Taiwan's PDPA, and the public unsubscribe link of marketing e-mails. */
export const pdpaEndpoints = endpoints('pdpa', {
  list: {
    method: 'GET', path: '/pdpa/requests', access: 'member', query: pdpaListQuerySchema, response: pdpaRequestListSchema,
    description: `Requests by due date, overdue ones flagged. Without contactId: the workspace's (system administrators). ${who}`,
  },
  create: {
    method: 'POST', path: '/pdpa/requests', access: 'member', body: pdpaCreateBodySchema, response: pdpaRequestSchema,
    description: `Records a person's request (view/copy, correct, stop processing, delete) received on a date; its due date follows PDPA article 13. ${who}`,
  },
  act: {
    method: 'POST', path: '/pdpa/requests/:id', access: 'member', params: idParamsSchema, body: pdpaActionBodySchema, response: pdpaRequestSchema,
    description: `Extends (once), completes, refuses a request, or lifts a done restriction. Completing a delete request queues the erase job (state erasing). ${who}`,
  },
  unsubscribeLink: {
    method: 'GET', path: '/pdpa/unsubscribe-link/:id', access: 'member', params: idParamsSchema, response: unsubscribeLinkSchema,
    description: 'The contact\'s signed unsubscribe link (the public page sets its "no marketing" flag), to put in a marketing e-mail. Members who may see the contact; another workspace\'s contact answers 404.',
  },
  unsubscribeView: {
    method: 'POST', path: '/public/unsubscribe/check', access: 'public', body: unsubscribeBodySchema, response: unsubscribeAnswerSchema,
    description: 'The public unsubscribe page: whose link it is (the workspace name) and whether the person already refused marketing. A bad or tampered token answers 404.',
  },
  unsubscribe: {
    method: 'POST', path: '/public/unsubscribe', access: 'public', body: unsubscribeBodySchema, response: unsubscribeAnswerSchema,
    description: 'Sets the contact\'s "no marketing" flag from the signed link of a marketing e-mail (idempotent). A bad or tampered token answers 404.',
  },
});

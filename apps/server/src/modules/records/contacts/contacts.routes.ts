import { contactsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { recordRoutes } from '../record-routes.ts';
import * as contactsService from './contacts.service.ts';

export const contactsRoutes: FastifyPluginAsync = async (app) => {
  recordRoutes(app, api, {
    list: contactsService.listContacts,
    view: contactsService.viewContact,
    get: contactsService.getContact,
    save: contactsService.saveContact,
    transfer: contactsService.transferContacts,
    remove: contactsService.deleteContacts,
  });
  route(app, api.recent, async (request) => contactsService.recentWeek(app.db, actorOf(request)));
};

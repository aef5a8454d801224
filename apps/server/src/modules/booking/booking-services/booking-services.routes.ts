import { bookingServicesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as bookingServicesService from './booking-services.service.ts';

/** Settings of business/service: categories, services, add-on groups and items (writes: system administrators). */
export const bookingServicesRoutes: FastifyPluginAsync = async (app) => {
  // ---- categories ----
  route(app, api.listCategories, async (request) => bookingServicesService.listCategories(app.db, actorOf(request)));
  route(app, api.createCategory, async (request) => bookingServicesService.createCategory(app.db, actorOf(request), request.body.title));
  route(app, api.updateCategory, async (request) => bookingServicesService.updateCategory(app.db, actorOf(request), request.params.id, request.body.title));
  route(app, api.removeCategory, async (request) => {
    await bookingServicesService.deleteCategory(app.db, actorOf(request), request.params.id);
    return null;
  });
  route(app, api.sortCategories, async (request) => {
    await bookingServicesService.sortCategories(app.db, actorOf(request), request.body.ids);
    return null;
  });

  // ---- services ----
  route(app, api.listServices, async (request) => bookingServicesService.listServices(app.db, actorOf(request)));
  route(app, api.createService, async (request) => bookingServicesService.createService(app.db, actorOf(request), request.body));
  route(app, api.updateService, async (request) => bookingServicesService.updateService(app.db, actorOf(request), request.params.id, request.body));
  route(app, api.removeService, async (request) => {
    await bookingServicesService.deleteService(app.db, actorOf(request), request.params.id);
    return null;
  });
  route(app, api.sortServices, async (request) => {
    await bookingServicesService.sortServices(app.db, actorOf(request), request.body.ids);
    return null;
  });

  // ---- additional groups ----
  route(app, api.listGroups, async (request) => bookingServicesService.listGroups(app.db, actorOf(request), request.query.serviceId));
  route(app, api.groupsByService, async (request) => bookingServicesService.listGroups(app.db, actorOf(request), request.query.serviceId));
  route(app, api.createGroup, async (request) => bookingServicesService.createGroup(app.db, actorOf(request), request.body));
  route(app, api.updateGroup, async (request) => bookingServicesService.updateGroup(app.db, actorOf(request), request.params.id, request.body));
  route(app, api.removeGroup, async (request) => {
    await bookingServicesService.deleteGroup(app.db, actorOf(request), request.params.id);
    return null;
  });
  route(app, api.sortGroups, async (request) => {
    await bookingServicesService.sortGroups(app.db, actorOf(request), request.body.ids);
    return null;
  });

  // ---- items ----
  route(app, api.createItem, async (request) => bookingServicesService.createItem(app.db, actorOf(request), request.params.id, request.body));
  route(app, api.sortItems, async (request) => {
    await bookingServicesService.sortItems(app.db, actorOf(request), request.params.id, request.body.ids);
    return null;
  });
  route(app, api.updateItem, async (request) => bookingServicesService.updateItem(app.db, actorOf(request), request.params.id, request.body));
  route(app, api.removeItem, async (request) => {
    await bookingServicesService.deleteItem(app.db, actorOf(request), request.params.id);
    return null;
  });
};

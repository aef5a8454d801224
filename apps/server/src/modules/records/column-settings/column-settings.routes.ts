import { columnSettingsEndpoints as api, type ColumnSetting, type ColumnSettingEntity, type Endpoint } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as columnSettingsService from './column-settings.service.ts';

/** Contacts' and companies' list columns: the same reading and saving, each under its own path. */
export const columnSettingsRoutes: FastifyPluginAsync = async (app) => {
  // The service completes the setting from the same key list the endpoint's schema is built from.
  const list = (entity: ColumnSettingEntity, read: Endpoint, save: Endpoint) => {
    route(app, read, async (request) => columnSettingsService.getColumnSetting(app.db, actorOf(request), entity));
    route(app, save, async (request) => columnSettingsService.saveColumnSetting(app.db, actorOf(request), entity, request.body as ColumnSetting));
  };
  list('contact', api.contactColumns, api.saveContactColumns);
  list('company', api.companyColumns, api.saveCompanyColumns);
};

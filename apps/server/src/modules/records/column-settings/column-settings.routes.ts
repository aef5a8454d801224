import { companyColumnSettingSchema, contactColumnSettingSchema, orgIdQuerySchema, type ColumnSetting, type ColumnSettingEntity } from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as columnSettingsService from './column-settings.service.ts';

const tags = ['settings'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };

/** Paths follow the product's names for the lists ("customer" for contacts), like /api/dealFieldSetting. */
export const columnSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = <S extends typeof contactColumnSettingSchema | typeof companyColumnSettingSchema>(entity: ColumnSettingEntity, path: string, schema: S) => {
    app.get(path, { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(schema) } } }, async (request) =>
      // The service completes the setting from the same key list the schema is built from.
      ok((await columnSettingsService.getColumnSetting(app.db, actorOf(request), entity)) as z.infer<S>),
    );
    app.post(
      path,
      { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: schema, response: { 200: envelope(schema) } } },
      async (request) => ok((await columnSettingsService.saveColumnSetting(app.db, actorOf(request), entity, request.body as ColumnSetting)) as z.infer<S>),
    );
  };
  list('contact', '/customerFieldSetting', contactColumnSettingSchema);
  list('company', '/companyFieldSetting', companyColumnSettingSchema);
};

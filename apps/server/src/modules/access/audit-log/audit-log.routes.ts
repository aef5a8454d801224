import { auditLogEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf, userOf } from '../auth/auth.ts';
import * as auditLogService from './audit-log.service.ts';

/** Settings → Audit log (system administrators). */
export const auditLogRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.list, async (request) => auditLogService.listEntries(app.db, actorOf(request), request.query));
  route(app, api.export, async (request, reply) => {
    const csv = await auditLogService.exportCsv(app.db, actorOf(request), request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="audit-log.csv"')
      .header('cache-control', 'no-store')
      .send(csv);
  });
  route(app, api.verify, async (request) => auditLogService.verify(app.db, actorOf(request)));
  route(app, api.settings, async (request) => auditLogService.getSettings(app.db, actorOf(request)));
  route(app, api.saveSettings, async (request) => auditLogService.saveSettings(app.db, actorOf(request), userOf(request).email, request.body));
};

import { contactImportsEndpoints as api, importFields, recordFieldLabels } from '@lodestar/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { requestLocale } from '../../../platform/i18n.ts';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { assertCan } from '../../access/privileges/access-core.ts';
import { csvLine, utf8Bom } from './csv-file.ts';
import { exportContacts } from './exports.service.ts';
import { runImports } from './imports.runner.ts';
import * as importsService from './imports.service.ts';

const csv = (reply: FastifyReply, fileName: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store');

/** Contact import (emptyForm, upload, detail, field, store, undo, failed rows) and export. */
export const importsRoutes: FastifyPluginAsync = async (app) => {
  const dataDir = app.config.dataDir;
  route(app, api.emptyForm, async (request, reply) => {
    assertCan(actorOf(request), 'contact', 'import');
    const labels = recordFieldLabels[requestLocale(request)];
    return csv(reply, 'contacts-template.csv').send(utf8Bom + csvLine(importFields.contact.filter((f) => f !== 'firstName' && f !== 'lastName').map((f) => labels[f]!)));
  });
  route(app, api.upload, async (request) => importsService.upload(app.db, actorOf(request), 'contact', dataDir, request as never));
  route(app, api.detail, async (request) => importsService.detail(app.db, actorOf(request), 'contact', request.params.id, dataDir, requestLocale(request)));
  route(app, api.field, async (request) =>
    importsService.setField(app.db, actorOf(request), 'contact', request.params.id, request.body, dataDir, requestLocale(request)),
  );
  route(app, api.store, async (request) => {
    const imp = await importsService.store(app.db, actorOf(request), 'contact', request.params.id);
    // Start at once in this process; the imports.run job continues it after a restart or on another server.
    app.background.run('imports.run', () => runImports(app.db, dataDir));
    return importsService.toDetail(app.db, dataDir, imp, requestLocale(request));
  });
  route(app, api.undo, async (request) => {
    const actor = actorOf(request);
    await importsService.undo(app.db, actor, 'contact', request.params.id);
    return importsService.detail(app.db, actor, 'contact', request.params.id, dataDir, requestLocale(request));
  });
  route(app, api.failed, async (request, reply) => {
    const text = await importsService.failedCsv(app.db, actorOf(request), 'contact', request.params.id, requestLocale(request));
    return csv(reply, 'failed-rows.csv').send(text);
  });
  route(app, api.export, async (request, reply) => {
    const stream = exportContacts(app.db, actorOf(request), request.body, requestLocale(request));
    return csv(reply, 'contacts.csv').send(stream);
  });
};

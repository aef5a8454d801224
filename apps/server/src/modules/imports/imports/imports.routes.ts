import { fieldLabel, importEndpointsByKind, importFields, importKinds, type ImportKind } from '@lodestar/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { requestLocale } from '../../../platform/i18n.ts';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { assertCan } from '../../access/privileges/access-core.ts';
import { csvLine, utf8Bom } from '../../../platform/csv.ts';
import { exportChoice, exportRecords } from './exports.service.ts';
import { importThreadOf } from './import-thread.ts';
import { runImportJob } from './imports.runner.ts';
import * as importsService from './imports.service.ts';
import { specFor } from './specs.ts';
import { runUndos } from './undo.runner.ts';

const download = (reply: FastifyReply, fileName: string, contentType = 'text/csv; charset=utf-8') =>
  reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store');

/** The template's columns: a contact's name is one column (the first/last name pair is for files that split it; a phone type column for Google's). */
const templateFields = (kind: ImportKind) => importFields[kind].filter((f) => kind !== 'contact' || (f !== 'firstName' && f !== 'lastName' && f !== 'phoneType'));

/** One kind's import (emptyForm, upload, detail, field, store, undo, failed rows) and export. */
function kindRoutes(app: FastifyInstance, kind: ImportKind) {
  const api = importEndpointsByKind[kind];
  const dataDir = app.config.dataDir;
  const thread = importThreadOf(app.databaseUrl, app.config);
  route(app, api.emptyForm, async (request, reply) => {
    assertCan(actorOf(request), specFor(kind).feature, 'import');
    const locale = requestLocale(request);
    return download(reply, `${kind}-template.csv`).send(utf8Bom + csvLine(templateFields(kind).map((f) => fieldLabel(locale, kind, f))));
  });
  route(app, api.upload, async (request) => importsService.upload(app.db, actorOf(request), kind, dataDir, request as never, thread));
  route(app, api.detail, async (request) => importsService.detail(app.db, actorOf(request), kind, request.params.id, dataDir, requestLocale(request)));
  route(app, api.field, async (request) =>
    importsService.setField(app.db, actorOf(request), kind, request.params.id, request.body, dataDir, requestLocale(request)),
  );
  route(app, api.store, async (request) => {
    const imp = await importsService.store(app.db, actorOf(request), kind, request.params.id);
    // Start at once in this process; the imports.run job continues it after a restart or on another server.
    app.background.run('imports.run', () => runImportJob(app.db, dataDir, thread));
    return importsService.toDetail(app.db, dataDir, imp, requestLocale(request));
  });
  route(app, api.undo, async (request) => {
    const imp = await importsService.startUndo(app.db, actorOf(request), kind, request.params.id);
    // Like the run: start at once in this process; the imports.undo job continues it after a restart or on another server.
    app.background.run('imports.undo', () => runUndos(app.db));
    return importsService.toDetail(app.db, dataDir, imp, requestLocale(request));
  });
  route(app, api.failed, async (request, reply) => {
    const text = await importsService.failedCsv(app.db, actorOf(request), kind, request.params.id, requestLocale(request));
    return download(reply, 'failed-rows.csv').send(text);
  });
  route(app, api.export, async (request, reply) => {
    const file = await exportRecords(app.db, actorOf(request), kind, request.body, requestLocale(request));
    return download(reply, file.fileName, file.contentType).send(file.stream);
  });
  route(app, api.exportChoice, async (request) => exportChoice(app.db, actorOf(request), kind));
}

/** Import and export of contacts, companies and deals: one set of routes per kind over the same machinery. */
export const importsRoutes: FastifyPluginAsync = async (app) => {
  for (const kind of importKinds) kindRoutes(app, kind);
};

import { backupsEndpoints } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { runBackups } from './backups.runner.ts';
import * as backupsService from './backups.service.ts';

/** Settings → Backup and a contact's "download this person's data" (backups.service.ts). */
export const backupsRoutes: FastifyPluginAsync = async (app) => {
  const dataDir = app.config.dataDir;
  // Started at once in this process; the backups.run job continues after a restart or on another server.
  const kick = () => app.background.run('backups.run', () => runBackups(app.db, dataDir));
  route(app, backupsEndpoints.list, async (request) => ({ items: await backupsService.listBackups(app.db, actorOf(request)) }));
  route(app, backupsEndpoints.start, async (request) => {
    const backup = await backupsService.startBackup(app.db, actorOf(request));
    kick();
    return backup;
  });
  route(app, backupsEndpoints.detail, async (request) => backupsService.getBackup(app.db, actorOf(request), request.params.id));
  route(app, backupsEndpoints.download, async (request, reply) => {
    const file = await backupsService.backupFile(app.db, actorOf(request), dataDir, request.params.id);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.stream);
  });
  route(app, backupsEndpoints.restore, async (request) => {
    const backup = await backupsService.startRestore(app.db, actorOf(request), dataDir, request as never);
    kick();
    return backup;
  });
  route(app, backupsEndpoints.personalData, async (request) => {
    const backup = await backupsService.startPersonalData(app.db, actorOf(request), request.params.id);
    kick();
    return backup;
  });
};

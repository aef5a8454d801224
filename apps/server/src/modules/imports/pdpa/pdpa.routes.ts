import { pdpaEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { lazySecrets } from '../../../platform/secrets.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { runBackups } from '../backups/backups.runner.ts';
import { runErasures } from './pdpa.erase.ts';
import * as pdpaService from './pdpa.service.ts';
import { checkLink, unsubscribe, unsubscribeLink } from './pdpa.unsubscribe.ts';
import * as contactsService from '../../records/contacts/contacts.service.ts';

const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

/** A person's PDPA requests (pdpa.service.ts) and the public unsubscribe link (pdpa.unsubscribe.ts). */
export const pdpaRoutes: FastifyPluginAsync = async (app) => {
  const dataDir = app.config.dataDir;
  const secrets = lazySecrets(app.config);
  route(app, api.list, async (request) => pdpaService.listRequests(app.db, actorOf(request), request.query));
  route(app, api.create, async (request) => pdpaService.createRequest(app.db, actorOf(request), request.body));
  route(app, api.act, async (request) => {
    const answer = await pdpaService.act(app.db, actorOf(request), request.params.id, request.body);
    // Started at once in this process; the pdpa.erase and backups.run jobs continue after a restart.
    if (answer.state === 'erasing') app.background.run('pdpa.erase', () => runErasures(app.db, dataDir));
    if (answer.backupId) app.background.run('backups.run', () => runBackups(app.db, dataDir));
    return answer;
  });
  route(app, api.unsubscribeLink, async (request) => {
    const actor = actorOf(request);
    await contactsService.assertAccessible(app.db, actor, request.params.id, 'view');
    return { url: unsubscribeLink(secrets(), app.config.publicUrl, actor.orgId, request.params.id) };
  });
  route(app, api.unsubscribeView, async (request) => checkLink(app.db, secrets(), request.body.token), perMinute(30));
  route(app, api.unsubscribe, async (request) => unsubscribe(app.db, secrets(), request.body.token), perMinute(30));
};

import { workflowHookLimits, workflowsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../../platform/route.ts';
import { lazySecrets } from '../../../platform/secrets.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as workflowsHooks from './workflows.hooks.ts';
import * as workflowsService from './workflows.service.ts';

export const workflowsRoutes: FastifyPluginAsync = async (app) => {
  const config = { blockPrivate: app.config.outboundHosts.blockPrivate };
  const secrets = lazySecrets(app.config);
  route(app, api.list, async (request) => workflowsService.listWorkflows(app.db, actorOf(request)));
  route(app, api.create, async (request) => workflowsService.createWorkflow(app.db, actorOf(request), request.body, config));
  route(app, api.update, async (request) => workflowsService.updateWorkflow(app.db, actorOf(request), request.params.id, request.body, config));
  route(app, api.remove, async (request) => workflowsService.deleteWorkflow(app.db, actorOf(request), request.params.id));
  route(app, api.dryRun, async (request) => workflowsService.dryRun(app.db, actorOf(request), request.body, config));
  route(app, api.runs, async (request) => workflowsService.listRuns(app.db, actorOf(request), request.query));
  route(app, api.replay, async (request) => workflowsService.replayRun(app.db, actorOf(request), request.params.id, request.body.fromStep));
  route(app, api.testClock, async (request) => workflowsService.runWithTestClock(app.db, actorOf(request), app.config.billing.testClock, request.body.days));
  route(app, api.rotateHookSecret, async (request) => workflowsHooks.rotateHookSecret(app.db, secrets(), actorOf(request), request.params.id));
  await app.register(async (scope) => {
    const rawBodies = new WeakMap<object, Buffer>();
    // The signature is over the raw bytes: JSON bodies are kept as they came and parsed only after the check.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: workflowHookLimits.maxBytes }, (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      done(null, undefined);
    });
    route(
      scope,
      api.receiveHook,
      async (request) => workflowsHooks.receiveHook(app.db, secrets(), request.params.id, rawBodies.get(request as unknown as FastifyRequest), request.headers),
      // Per workflow (its URL), not per address: one sender behind many addresses is still one sender.
      { config: { rateLimit: { max: workflowHookLimits.perMinute, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => (request.params as { id?: string }).id ?? request.ip } } },
    );
  });
};

import { workflowsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as workflowsService from './workflows.service.ts';

export const workflowsRoutes: FastifyPluginAsync = async (app) => {
  const config = { blockPrivate: app.config.outboundHosts.blockPrivate };
  route(app, api.list, async (request) => workflowsService.listWorkflows(app.db, actorOf(request)));
  route(app, api.create, async (request) => workflowsService.createWorkflow(app.db, actorOf(request), request.body, config));
  route(app, api.update, async (request) => workflowsService.updateWorkflow(app.db, actorOf(request), request.params.id, request.body, config));
  route(app, api.remove, async (request) => workflowsService.deleteWorkflow(app.db, actorOf(request), request.params.id));
  route(app, api.dryRun, async (request) => workflowsService.dryRun(app.db, actorOf(request), request.body, config));
  route(app, api.runs, async (request) => workflowsService.listRuns(app.db, actorOf(request), request.query));
  route(app, api.replay, async (request) => workflowsService.replayRun(app.db, actorOf(request), request.params.id, request.body.fromStep));
  route(app, api.testClock, async (request) => workflowsService.runWithTestClock(app.db, actorOf(request), app.config.billing.testClock, request.body.days));
};

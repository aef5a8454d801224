import { firstRunGuideEndpoints as api, type GuideStepBody } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../auth/auth.ts';
import * as guideService from './first-run-guide.service.ts';

/** The caller's own first-run guide in the workspace (docs/product.md "First-run guide"). */
export const firstRunGuideRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.state, async (request) => guideService.getGuide(app.db, actorOf(request)));
  route(app, api.step, async (request) => guideService.recordStep(app.db, actorOf(request), request.body as GuideStepBody));
  route(app, api.finish, async (request) => guideService.closeGuide(app.db, actorOf(request), 'finished'));
  route(app, api.dismiss, async (request) => guideService.closeGuide(app.db, actorOf(request), 'dismissed'));
  route(app, api.reopen, async (request) => guideService.reopenGuide(app.db, actorOf(request)));
};

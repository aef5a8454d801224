import { dealsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { cachedRead } from '../../../platform/read-cache.ts';
import { actorOf } from '../../access/auth/auth.ts';
import { actorCacheKey } from '../../access/privileges/access-core.ts';
import * as dealsService from './deals.service.ts';

export const dealsRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.filter, async (request) => dealsService.dealsFilter(app.db, actorOf(request)));
  route(app, api.list, async (request) => dealsService.listDeals(app.db, actorOf(request), request.query), { builtAnswer: true });
  route(app, api.pick, async (request) => dealsService.pickDeals(app.db, actorOf(request), request.query.keywords, request.query.limit));
  // The board's column totals add up every deal of the pipeline: reused until a deal, stage, contact or company
  // changes (platform/read-cache.ts). A card's stalled flag may lag the clock by READ_CACHE_MS.
  route(app, api.board, async (request) => {
    const actor = actorOf(request);
    const { stageTypeId, limit, keywords } = request.query;
    const key = `board|${actorCacheKey(actor)}|${stageTypeId ?? ''}|${limit}|${keywords ?? ''}`;
    return cachedRead(app.db, { orgId: actor.orgId, areas: ['deals'], key }, () => dealsService.board(app.db, actor, request.query));
  });
  route(app, api.boardColumn, async (request) => dealsService.boardColumn(app.db, actorOf(request), request.query));
  route(app, api.view, async (request) => dealsService.viewDeal(app.db, actorOf(request), request.params.id), { builtAnswer: true });
  route(app, api.get, async (request) => dealsService.getDeal(app.db, actorOf(request), request.params.id));
  route(app, api.create, async (request) => dealsService.createDeal(app.db, actorOf(request), request.body));
  route(app, api.update, async (request) => dealsService.updateDeal(app.db, actorOf(request), request.params.id, request.body));
  route(app, api.moveToStage, async (request) => dealsService.moveDealToStage(app.db, actorOf(request), request.params.id, request.body));
  route(app, api.remove, async (request) => {
    await dealsService.deleteDeal(app.db, actorOf(request), request.params.id);
    return null;
  });
  route(app, api.duplicate, async (request) => dealsService.duplicateDeal(app.db, actorOf(request), request.params.id));
  route(app, api.transfer, async (request) => {
    await dealsService.transferDeal(app.db, actorOf(request), request.body.dealId, request.body.transferUserId);
    return null;
  });
  route(app, api.fieldSetting, async (request) => dealsService.fieldSetting(app.db, actorOf(request)));
  route(app, api.saveFieldSetting, async (request) => dealsService.saveFieldSetting(app.db, actorOf(request), request.body));
  route(app, api.targets, async (request) => dealsService.listTargets(app.db, actorOf(request), request.query.year, request.query.uid));
  route(app, api.saveTarget, async (request) => dealsService.saveTarget(app.db, actorOf(request), request.body));
  route(app, api.departmentTargets, async (request) => dealsService.listDepartmentTargets(app.db, actorOf(request), request.query.year, request.query.departmentId));
  route(app, api.saveDepartmentTarget, async (request) => dealsService.saveDepartmentTarget(app.db, actorOf(request), request.body));
  route(app, api.funnel, async (request) => dealsService.funnel(app.db, actorOf(request), request.query.stageTypeId));
  route(app, api.recentWeek, async (request) => dealsService.recentWeek(app.db, actorOf(request)));
  route(app, api.associateFilter, async (request) => dealsService.associateFilter(app.db, actorOf(request), request.query));
};

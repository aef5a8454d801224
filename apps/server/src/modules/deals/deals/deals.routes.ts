import {
  associateFilterQuerySchema,
  associateFilterSchema,
  dealBoardColumnQuerySchema,
  dealBoardPageSchema,
  dealBoardQuerySchema,
  dealBoardSchema,
  dealCreateBodySchema,
  dealFieldSettingSchema,
  dealFunnelQuerySchema,
  dealFunnelSchema,
  dealIdSchema,
  dealListQuerySchema,
  dealListSchema,
  dealPickerQuerySchema,
  dealPickerSchema,
  dealSchema,
  dealsFilterSchema,
  dealStageBodySchema,
  dealTargetBodySchema,
  dealTargetListSchema,
  dealTargetQuerySchema,
  dealTargetSchema,
  dealTransferBodySchema,
  dealUpdateBodySchema,
  dealViewSchema,
  idParamsSchema,
  orgIdQuerySchema,
  recentDealsSchema,
} from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as dealsService from './deals.service.ts';

const tags = ['deals'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };

export const dealsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/deals-filter',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(dealsFilterSchema) } } },
    async (request) => ok(await dealsService.dealsFilter(app.db, actorOf(request))),
  );

  app.get(
    '/page/deal/list',
    { ...guarded, schema: { tags, security, querystring: dealListQuerySchema, response: { 200: envelope(dealListSchema) } } },
    async (request) => ok(await dealsService.listDeals(app.db, actorOf(request), request.query)),
  );

  app.get(
    '/list-without-pagenation',
    { ...guarded, schema: { tags, security, querystring: dealPickerQuerySchema, response: { 200: envelope(dealPickerSchema) } } },
    async (request) => ok(await dealsService.pickDeals(app.db, actorOf(request), request.query.keywords, request.query.limit)),
  );

  app.get(
    '/deal/board',
    { ...guarded, schema: { tags, security, querystring: dealBoardQuerySchema, response: { 200: envelope(dealBoardSchema) } } },
    async (request) => ok(await dealsService.board(app.db, actorOf(request), request.query)),
  );

  app.get(
    '/deal/board/column',
    { ...guarded, schema: { tags, security, querystring: dealBoardColumnQuerySchema, response: { 200: envelope(dealBoardPageSchema) } } },
    async (request) => ok(await dealsService.boardColumn(app.db, actorOf(request), request.query)),
  );

  app.get(
    '/page/deal/view/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(dealViewSchema) } } },
    async (request) => ok(await dealsService.viewDeal(app.db, actorOf(request), request.params.id)),
  );

  app.get(
    '/deal/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(dealSchema) } } },
    async (request) => ok(await dealsService.getDeal(app.db, actorOf(request), request.params.id)),
  );

  app.post(
    '/deal',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: dealCreateBodySchema, response: { 200: envelope(dealIdSchema) } } },
    async (request) => ok(await dealsService.createDeal(app.db, actorOf(request), request.body)),
  );

  app.put(
    '/deal/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, body: dealUpdateBodySchema, response: { 200: envelope(dealIdSchema) } } },
    async (request) => ok(await dealsService.updateDeal(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/deal/:id/stage',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, body: dealStageBodySchema, response: { 200: envelope(dealSchema) } } },
    async (request) => ok(await dealsService.moveDealToStage(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/deal/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await dealsService.deleteDeal(app.db, actorOf(request), request.params.id);
      return ok(null);
    },
  );

  app.post(
    '/deal-duplicate/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(dealIdSchema) } } },
    async (request) => ok(await dealsService.duplicateDeal(app.db, actorOf(request), request.params.id)),
  );

  app.post(
    '/dealTransfer',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: dealTransferBodySchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await dealsService.transferDeal(app.db, actorOf(request), request.body.dealId, request.body.transferUserId);
      return ok(null);
    },
  );

  app.get(
    '/dealFieldSetting',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(dealFieldSettingSchema) } } },
    async (request) => ok(await dealsService.fieldSetting(app.db, actorOf(request))),
  );

  app.post(
    '/dealFieldSetting',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: dealFieldSettingSchema, response: { 200: envelope(dealFieldSettingSchema) } } },
    async (request) => ok(await dealsService.saveFieldSetting(app.db, actorOf(request), request.body)),
  );

  app.get(
    '/dealTarget',
    { ...guarded, schema: { tags, security, querystring: dealTargetQuerySchema, response: { 200: envelope(dealTargetListSchema) } } },
    async (request) => ok(await dealsService.listTargets(app.db, actorOf(request), request.query.year, request.query.uid)),
  );

  app.post(
    '/dealTarget',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: dealTargetBodySchema, response: { 200: envelope(dealTargetSchema) } } },
    async (request) => ok(await dealsService.saveTarget(app.db, actorOf(request), request.body)),
  );

  app.get(
    '/statistics/dealFunnel',
    { ...guarded, schema: { tags, security, querystring: dealFunnelQuerySchema, response: { 200: envelope(dealFunnelSchema) } } },
    async (request) => ok(await dealsService.funnel(app.db, actorOf(request), request.query.stageTypeId)),
  );

  app.get(
    '/dealRecently/week',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, response: { 200: envelope(recentDealsSchema) } } },
    async (request) => ok(await dealsService.recentWeek(app.db, actorOf(request))),
  );

  app.get(
    '/associate/filter',
    { ...guarded, schema: { tags, security, querystring: associateFilterQuerySchema, response: { 200: envelope(associateFilterSchema) } } },
    async (request) => ok(await dealsService.associateFilter(app.db, actorOf(request), request.query)),
  );
};

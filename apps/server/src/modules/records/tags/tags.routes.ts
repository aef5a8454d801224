import { tagsEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as tagsService from './tags.service.ts';

export const tagsRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.tree, async (request) => tagsService.tagTreeWithCounts(app.db, actorOf(request), request.params.kind));
  route(app, api.create, async (request) => tagsService.createTag(app.db, actorOf(request), request.params.kind, request.body));
  route(app, api.createType, async (request) => tagsService.createTagType(app.db, actorOf(request), request.params.kind, request.body.name));
  route(app, api.saveTree, async (request) => tagsService.saveTreeAndAnswer(app.db, actorOf(request), request.params.kind, request.body.tree));
  route(app, api.setShown, async (request) => {
    await tagsService.setShow(app.db, actorOf(request), request.params.kind, request.body.id, request.body.isShow);
    return null;
  });
  route(app, api.apply, async (request) => ({ count: await tagsService.applyTags(app.db, actorOf(request), request.params.kind, request.body) }));
  route(app, api.setRecordTags, async (request) => {
    await tagsService.setRecordTags(app.db, actorOf(request), request.params.kind, request.body.id, request.body.tagIds);
    return null;
  });
  route(app, api.remove, async (request) => {
    await tagsService.deleteTagEverywhere(app.db, actorOf(request), request.params.kind, request.params.id);
    return null;
  });
};

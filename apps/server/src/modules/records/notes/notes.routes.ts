import { notesEndpoints as api } from '@lodestar/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../platform/route.ts';
import { actorOf } from '../../access/auth/auth.ts';
import * as notesService from './notes.service.ts';

/** Notes and the timeline of a record (contact, company, deal or schedule). */
export const notesRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.list, async (request) => notesService.listNotes(app.db, actorOf(request), request.query.entityType, request.query.entityId));
  route(app, api.create, async (request) => notesService.createNote(app.db, actorOf(request), request.body));
  route(app, api.remove, async (request) => {
    await notesService.deleteNote(app.db, actorOf(request), request.params.id);
    return null;
  });
  route(app, api.timeline, async (request) => notesService.listTimeline(app.db, actorOf(request), request.query.entityType, request.query.entityId));
};

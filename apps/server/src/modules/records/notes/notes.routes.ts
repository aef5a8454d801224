import { idParamsSchema, noteCreateBodySchema, noteSchema, orgIdQuerySchema, recordRefQuerySchema, timelineEventSchema } from '@lodestar/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireMember, requireUser } from '../../access/auth/auth.ts';
import { envelope, ok } from '../../../platform/errors.ts';
import * as notesService from './notes.service.ts';

const tags = ['notes'];
const security = [{ bearerAuth: [] }];
const guarded = { onRequest: requireUser, preHandler: requireMember };

/** Notes and the timeline of a record (contact or company). */
export const notesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notes',
    { ...guarded, schema: { tags, security, querystring: recordRefQuerySchema, response: { 200: envelope(z.array(noteSchema)) } } },
    async (request) => ok(await notesService.listNotes(app.db, actorOf(request), request.query.entityType, request.query.entityId)),
  );
  app.post(
    '/notes',
    { ...guarded, schema: { tags, security, querystring: orgIdQuerySchema, body: noteCreateBodySchema, response: { 200: envelope(noteSchema) } } },
    async (request) => ok(await notesService.createNote(app.db, actorOf(request), request.body)),
  );
  app.delete(
    '/notes/:id',
    { ...guarded, schema: { tags, security, params: idParamsSchema, querystring: orgIdQuerySchema, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await notesService.deleteNote(app.db, actorOf(request), request.params.id);
      return ok(null);
    },
  );
  app.get(
    '/timeline',
    { ...guarded, schema: { tags, security, querystring: recordRefQuerySchema, response: { 200: envelope(z.array(timelineEventSchema)) } } },
    async (request) => ok(await notesService.listTimeline(app.db, actorOf(request), request.query.entityType, request.query.entityId)),
  );
};

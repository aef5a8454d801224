import { z } from 'zod';
import { idParamsSchema } from '../platform/common.ts';
import { endpoints } from '../platform/endpoint.ts';
import { noteCreateBodySchema, noteSchema, recordRefQuerySchema, timelineEventSchema } from './notes.ts';

/**
 * A record's notes (written by users) and its timeline (the automatic event log), both under the
 * `notes` tag (docs/product.md#screens).
 */
export const notesEndpoints = endpoints('notes', {
  list: { method: 'GET', path: '/notes', access: 'member', query: recordRefQuerySchema, response: z.array(noteSchema) },
  create: { method: 'POST', path: '/notes', access: 'member', body: noteCreateBodySchema, response: noteSchema },
  remove: { method: 'DELETE', path: '/notes/:id', access: 'member', params: idParamsSchema, response: z.null() },
  timeline: { method: 'GET', path: '/timeline', access: 'member', query: recordRefQuerySchema, response: z.array(timelineEventSchema) },
}, { scope: 'notes' });

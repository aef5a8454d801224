import type { Note, NoteCreateBody, RecordEntityType } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import * as notesRepository from './notes.repository.ts';

/**
 * A kind of record that carries notes: how to check that the actor may see (`view`) or edit it — 404 unless
 * it is live and visible, 403 when the method is not granted. Contacts and companies register here, and so
 * do the contexts above records (deals, schedules), in wiring.ts, so notes never import them.
 */
export interface NoteTarget {
  assertAccessible(db: Db, actor: Actor, id: string, method: 'view' | 'edit'): Promise<void>;
}

const noteTargets = new Map<RecordEntityType, NoteTarget>();

/** Keyed by entity type: registering again replaces. */
export function registerNoteTarget(entityType: RecordEntityType, target: NoteTarget): void {
  noteTargets.set(entityType, target);
}

/**
 * Notes follow their record: seeing it lets you read them, editing it lets you add and remove. The record
 * pages' summary and merged timeline (records/record-summary) check their record the same way.
 */
export async function assertRecord(db: Db, actor: Actor, entityType: RecordEntityType, entityId: string, method: 'view' | 'edit') {
  const target = noteTargets.get(entityType);
  if (!target) throw new Error(`no note target registered for ${entityType} (see wiring.ts)`);
  await target.assertAccessible(db, actor, entityId, method);
}

function toNote(row: notesRepository.NoteRow, authorName: string | null): Note {
  return {
    id: row.id,
    entityType: row.entityType as RecordEntityType,
    entityId: row.entityId,
    content: row.content,
    author: row.authorUserId ? { userId: row.authorUserId, name: authorName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Without a privilege check: callers have already checked the record. */
export async function notesOf(db: Db, orgId: string, entityType: RecordEntityType, entityId: string, limit = 100): Promise<Note[]> {
  const rows = await notesRepository.listNotes(db, orgId, entityType, entityId, limit);
  return rows.map((r) => toNote(r.note, r.authorName));
}

export async function listNotes(db: Db, actor: Actor, entityType: RecordEntityType, entityId: string): Promise<Note[]> {
  await assertRecord(db, actor, entityType, entityId, 'view');
  return notesOf(db, actor.orgId, entityType, entityId);
}

export async function createNote(db: Db, actor: Actor, input: NoteCreateBody): Promise<Note> {
  await assertRecord(db, actor, input.entityType, input.entityId, 'edit');
  const row = await notesRepository.insertNote(db, actor.orgId, { ...input, authorUserId: actor.userId });
  await timelineService.record(db, actor.orgId, actor.userId, input.entityType, [input.entityId], 'note', { note: [null, input.content] });
  return toNote(row, null);
}

/** The author, or someone who may edit the record, removes a note. */
export async function deleteNote(db: Db, actor: Actor, id: string): Promise<void> {
  const note = await notesRepository.findNote(db, actor.orgId, id);
  if (!note) throw new AppError('NOT_FOUND');
  await assertRecord(db, actor, note.entityType as RecordEntityType, note.entityId, note.authorUserId === actor.userId ? 'view' : 'edit');
  await notesRepository.deleteNote(db, actor.orgId, id);
  await timelineService.record(db, actor.orgId, actor.userId, note.entityType, [note.entityId], 'note', { note: [note.content, null] });
}

/** Purged records take their notes and timeline with them. */
export async function forget(db: Db, orgId: string, entityType: RecordEntityType, entityIds: string[]): Promise<void> {
  await notesRepository.deleteNotesOf(db, orgId, entityType, entityIds);
  await timelineService.forget(db, orgId, entityType, entityIds);
}

export async function listTimeline(db: Db, actor: Actor, entityType: RecordEntityType, entityId: string) {
  await assertRecord(db, actor, entityType, entityId, 'view');
  return timelineService.listTimeline(db, actor.orgId, entityType, entityId);
}

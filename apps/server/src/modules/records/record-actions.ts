import type { TagKind } from '@lodestar/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import * as records from '../../db/records.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import * as organizationsService from '../access/organizations/organizations.service.ts';
import { assertCan, type Actor } from '../access/privileges/access-core.ts';
import * as tagsService from './tags/tags.service.ts';
import * as timelineService from '../access/timeline/timeline.service.ts';

/**
 * What contacts and companies (and later deals) do alike to many records at once: delete to the
 * trash, transfer owners, tag — each checked by the record's privilege feature and visibility scope,
 * all-or-nothing (an id that is missing or not visible is a 404 with nothing changed), and written
 * to the timeline.
 */
export interface RecordKind {
  entityType: 'contact' | 'company';
  feature: 'contact' | 'company';
  tagKind: TagKind;
  records: records.RecordTable;
  visibility: (db: Db, actor: Actor) => Promise<SQL>;
}

/** 400 naming ownerUserId unless the owner is an activated member of the workspace. */
export async function assertOwner(db: Db, orgId: string, userId: string): Promise<void> {
  const member = await organizationsService.findMembership(db, orgId, userId);
  if (member?.status !== 'activated') throw fieldError('ownerUserId', 'invalidValue');
}

export function recordActions(kind: RecordKind) {
  const r = kind.records;
  const log = (db: Db, actor: Actor, ids: string[], action: Parameters<typeof timelineService.record>[5], changes?: timelineService.Changes) =>
    timelineService.record(db, actor.orgId, actor.userId, kind.entityType, ids, action, changes);

  async function accessibleIds(db: Db, actor: Actor, ids: string[], method: 'edit' | 'delete' | 'transfer'): Promise<string[]> {
    assertCan(actor, kind.feature, method);
    const unique = [...new Set(ids)];
    const found = await records.findVisibleIds(db, r, actor.orgId, unique, await kind.visibility(db, actor));
    if (found.length !== unique.length) throw new AppError('NOT_FOUND');
    return unique;
  }

  return {
    accessibleIds,

    /** To the trash. */
    async remove(db: Db, actor: Actor, ids: string[]): Promise<number> {
      const targets = await accessibleIds(db, actor, ids, 'delete');
      await records.softDelete(db, r, actor.orgId, targets);
      await log(db, actor, targets, 'delete');
      return targets.length;
    },

    /** Owner transfer, single or by group. */
    async transfer(db: Db, actor: Actor, ids: string[], ownerUserId: string): Promise<number> {
      const targets = await accessibleIds(db, actor, ids, 'transfer');
      await assertOwner(db, actor.orgId, ownerUserId);
      await records.setColumns(db, r, actor.orgId, targets, { ownerUserId });
      await log(db, actor, targets, 'transfer', { ownerUserId: [null, ownerUserId] });
      return targets.length;
    },

    /** Set one column on many records (e.g. link contacts to a company), needing edit. */
    async setColumn(db: Db, actor: Actor, ids: string[], key: string, value: unknown): Promise<number> {
      const targets = await accessibleIds(db, actor, ids, 'edit');
      await records.setColumns(db, r, actor.orgId, targets, { [key]: value });
      await log(db, actor, targets, 'associate', { [key]: [null, value] });
      return targets.length;
    },

    /** What tags asks of these records (tags.service TaggedRecords). */
    tagged: {
    /** tags/{kind}/apply: add (or remove) tags on many records; needs edit on each. */
    async applyTags(db: Db, actor: Actor, ids: string[], tagIds: string[], remove: boolean): Promise<number> {
      const targets = await accessibleIds(db, actor, ids, 'edit');
      if (remove) {
        await records.removeTags(db, r, actor.orgId, targets, tagIds);
      } else {
        await tagsService.assertApplicable(db, actor.orgId, kind.tagKind, tagIds);
        await records.addTags(db, r, actor.orgId, targets, tagIds);
      }
      await log(db, actor, targets, 'tag', { tagIds: remove ? [tagIds, null] : [null, tagIds] });
      return targets.length;
    },

    /** tags/{kind}/singleUpdate: the whole tag set of one record. */
    async setTags(db: Db, actor: Actor, id: string, tagIds: string[]): Promise<void> {
      await accessibleIds(db, actor, [id], 'edit');
      await tagsService.assertApplicable(db, actor.orgId, kind.tagKind, tagIds);
      const before = await records.tagIdsOf(db, r, actor.orgId, id);
      const after = [...new Set(tagIds)];
      await records.setColumns(db, r, actor.orgId, [id], { tagIds: after });
      await log(db, actor, [id], 'tag', { tagIds: [before, after] });
    },

    /** A deleted tag leaves every record. */
    async dropTags(db: Db, orgId: string, tagIds: string[]): Promise<void> {
      await records.dropTagEverywhere(db, r, orgId, tagIds);
    },

    async tagCounts(db: Db, orgId: string): Promise<Map<string, number>> {
      return new Map((await records.countTagUse(db, r, orgId)).map((c) => [c.tag, c.n]));
    },
    } satisfies tagsService.TaggedRecords,
  };
}

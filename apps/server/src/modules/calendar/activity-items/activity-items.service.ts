import {
  activityTargets,
  type ActivityItem,
  type ActivityItemSaveBody,
  type ActivityItemUpdateBody,
  type ActivityProfile,
  type ActivityProfileSaveBody,
  type ActivityProfileUpdateBody,
  type UserActivity,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import * as membersService from '../../access/members/members.service.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as activityItemsRepository from './activity-items.repository.ts';

function toItem(row: activityItemsRepository.ActivityItemRow, isSelect?: boolean): ActivityItem {
  return { id: row.id, name: row.name, point: row.point, targetNum: row.targetNum, ...(isSelect === undefined ? {} : { isSelect }) };
}

// ---- items (settings/activityList) ----

export async function listItems(db: Db, actor: Actor): Promise<{ items: ActivityItem[] }> {
  return { items: (await activityItemsRepository.listItems(db, actor.orgId)).map((row) => toItem(row)) };
}

export async function getItem(db: Db, actor: Actor, id: string): Promise<ActivityItem> {
  const [row] = await activityItemsRepository.findItems(db, actor.orgId, [id]);
  if (!row) throw new AppError('NOT_FOUND');
  return toItem(row);
}

export async function createItem(db: Db, actor: Actor, input: ActivityItemSaveBody): Promise<ActivityItem> {
  assertSystemAdministrator(actor);
  return toItem(await activityItemsRepository.insertItem(db, actor.orgId, input));
}

export async function updateItem(db: Db, actor: Actor, id: string, input: ActivityItemUpdateBody): Promise<ActivityItem> {
  assertSystemAdministrator(actor);
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const row = Object.keys(values).length
    ? await activityItemsRepository.updateItem(db, actor.orgId, id, values)
    : (await activityItemsRepository.findItems(db, actor.orgId, [id]))[0];
  if (!row) throw new AppError('NOT_FOUND');
  return toItem(row);
}

/** Earned points keep the item's copied name and point. */
export async function deleteItem(db: Db, actor: Actor, id: string): Promise<void> {
  assertSystemAdministrator(actor);
  if (!(await activityItemsRepository.deleteItem(db, actor.orgId, id))) throw new AppError('NOT_FOUND');
}

// ---- profiles (settings/activity) ----

async function toProfiles(db: Db, orgId: string, rows: activityItemsRepository.ActivityProfileRow[]): Promise<ActivityProfile[]> {
  const ids = rows.map((r) => r.id);
  const [items, users] = await Promise.all([activityItemsRepository.profileItems(db, orgId, ids), activityItemsRepository.profileUsers(db, orgId, ids)]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    items: items.filter((i) => i.profileId === row.id).map((i) => toItem(i.item)),
    weightScore: row.weightScore,
    dailyTargetCount: row.dailyTargetCount,
    users: users.filter((u) => u.profileId === row.id).map((u) => ({ userId: u.userId, name: u.name })),
    ...activityTargets(row),
  }));
}

async function loadProfile(db: Db, orgId: string, id: string): Promise<ActivityProfile> {
  const row = await activityItemsRepository.findProfile(db, orgId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return (await toProfiles(db, orgId, [row]))[0]!;
}

export async function listProfiles(db: Db, actor: Actor): Promise<{ items: ActivityProfile[] }> {
  return { items: await toProfiles(db, actor.orgId, await activityItemsRepository.listProfiles(db, actor.orgId)) };
}

export function getProfile(db: Db, actor: Actor, id: string): Promise<ActivityProfile> {
  return loadProfile(db, actor.orgId, id);
}

/** Items and users must belong to the workspace: 400 naming the field. */
async function checkProfileReferences(db: Db, orgId: string, input: { itemIds?: string[] | undefined; userIds?: string[] | undefined }) {
  if (input.itemIds?.length) {
    const found = await activityItemsRepository.findItems(db, orgId, input.itemIds);
    if (found.length !== new Set(input.itemIds).size) throw fieldError('itemIds', 'invalidValue');
  }
  if (input.userIds?.length) {
    const found = await membersService.findActivatedUserIds(db, orgId, [...new Set(input.userIds)]);
    if (found.length !== new Set(input.userIds).size) throw fieldError('userIds', 'invalidValue');
  }
}

export async function createProfile(db: Db, actor: Actor, input: ActivityProfileSaveBody): Promise<ActivityProfile> {
  assertSystemAdministrator(actor);
  await checkProfileReferences(db, actor.orgId, input);
  const id = await db.transaction(async (tx) => {
    const row = await activityItemsRepository.insertProfile(tx, actor.orgId, {
      name: input.name,
      weightScore: input.weightScore,
      dailyTargetCount: input.dailyTargetCount,
    });
    await activityItemsRepository.replaceProfileItems(tx, actor.orgId, row.id, [...new Set(input.itemIds)]);
    await activityItemsRepository.replaceProfileUsers(tx, actor.orgId, row.id, [...new Set(input.userIds)]);
    return row.id;
  });
  return loadProfile(db, actor.orgId, id);
}

export async function updateProfile(db: Db, actor: Actor, id: string, input: ActivityProfileUpdateBody): Promise<ActivityProfile> {
  assertSystemAdministrator(actor);
  await checkProfileReferences(db, actor.orgId, input);
  await db.transaction(async (tx) => {
    const { itemIds, userIds, ...columns } = input;
    const values = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
    const row = await activityItemsRepository.updateProfile(tx, actor.orgId, id, values);
    if (!row) throw new AppError('NOT_FOUND');
    if (itemIds) await activityItemsRepository.replaceProfileItems(tx, actor.orgId, id, [...new Set(itemIds)]);
    if (userIds) await activityItemsRepository.replaceProfileUsers(tx, actor.orgId, id, [...new Set(userIds)]);
  });
  return loadProfile(db, actor.orgId, id);
}

export async function deleteProfile(db: Db, actor: Actor, id: string): Promise<void> {
  assertSystemAdministrator(actor);
  if (!(await activityItemsRepository.deleteProfile(db, actor.orgId, id))) throw new AppError('NOT_FOUND');
}

// ---- for schedules ----

/** The items a user picks from: their profile's, or every item of the workspace without a profile. */
export async function pickableItems(db: Db, orgId: string, userId: string): Promise<UserActivity> {
  const profileId = await activityItemsRepository.profileIdOfUser(db, orgId, userId);
  if (!profileId) return { profileId: null, items: (await activityItemsRepository.listItems(db, orgId)).map((row) => toItem(row)) };
  const rows = await activityItemsRepository.profileItems(db, orgId, [profileId]);
  return { profileId, items: rows.map((r) => toItem(r.item)) };
}

/** GET /api/userActivity. */
export function userActivity(db: Db, actor: Actor): Promise<UserActivity> {
  return pickableItems(db, actor.orgId, actor.userId);
}

/** Every id must be an item of the workspace: 400 naming `field` otherwise. */
export async function assertItems(db: Db, orgId: string, ids: string[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set((await activityItemsRepository.findItems(db, orgId, ids)).map((r) => r.id));
  const bad = ids.findIndex((id) => !found.has(id));
  if (bad >= 0) throw fieldError(`${field}.${bad}`, 'invalidValue');
}

/** Items of ids (deleted ones left out), for a schedule's picked items. */
export async function itemsByIds(db: Db, orgId: string, ids: string[]): Promise<ActivityItem[]> {
  const rows = await activityItemsRepository.findItems(db, orgId, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is activityItemsRepository.ActivityItemRow => r !== undefined).map((r) => toItem(r));
}

/** A completed occurrence earns its items' points for its owner (idempotent per occurrence and item). */
export async function recordCompletion(
  db: Db,
  orgId: string,
  completion: { userId: string; scheduleId: string; occurrenceDate: string; earnedOn: string; itemIds: string[] },
): Promise<void> {
  const items = await activityItemsRepository.findItems(db, orgId, completion.itemIds);
  await activityItemsRepository.insertPoints(
    db,
    orgId,
    items.map((item) => ({
      userId: completion.userId,
      scheduleId: completion.scheduleId,
      occurrenceDate: completion.occurrenceDate,
      activityItemId: item.id,
      itemName: item.name,
      point: item.point,
      earnedOn: completion.earnedOn,
    })),
  );
}

/** Takes back the points of one occurrence, of the occurrences from a date, or of whole schedules. */
export function clearCompletion(db: Db, orgId: string, scheduleIds: string[], occurrence?: { date: string } | { from: string }): Promise<void> {
  return activityItemsRepository.deletePoints(db, orgId, scheduleIds, occurrence);
}

/** Σ points a user earned between two local dates (inclusive), for the activity reports. */
export function pointsBetween(db: Db, orgId: string, userId: string, from: string, to: string): Promise<number> {
  return activityItemsRepository.sumPoints(db, orgId, userId, from, to);
}

import { defaultBusinessHours, formatTimeOfDay, localNow, parseTimeOfDay, type Business, type BusinessSaveBody } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as organizationsService from '../../access/organizations/organizations.service.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as businessesRepository from './businesses.repository.ts';

export type BusinessRow = businessesRepository.BusinessRow;

export function toBusiness(row: BusinessRow): Business {
  // Always seven weekdays, Sunday first, whatever was stored.
  const hours = defaultBusinessHours().map((d) => {
    const stored = row.hours.find((h) => h.weekday === d.weekday);
    return stored ? { ...stored, breaks: stored.breaks ?? [] } : { ...d, isOpen: false };
  });
  return {
    id: row.id,
    idName: row.idName,
    name: row.name,
    concurrentBooking: row.concurrentBooking,
    timeZone: row.timeZone,
    isPublic: row.isPublic,
    reminderTime: row.reminderMinute === null ? null : formatTimeOfDay(row.reminderMinute),
    hours,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/business: any member may read it (the reservation dialog needs it); null before setup. */
export async function getBusiness(db: Db, actor: Actor): Promise<Business | null> {
  const row = await businessesRepository.findBusiness(db, actor.orgId);
  return row ? toBusiness(row) : null;
}

/** The workspace's business row by id, or 404 BUSINESS_NOT_FOUND (also for another workspace's id). */
export async function findBusinessOrFail(db: Db, orgId: string, businessId?: string): Promise<BusinessRow> {
  const row = businessId
    ? await businessesRepository.findBusinessById(db, orgId, businessId)
    : await businessesRepository.findBusiness(db, orgId);
  if (!row) throw new AppError('BUSINESS_NOT_FOUND');
  return row;
}

/**
 * Inside a booking transaction: the business's current concurrentBooking, share-locked so a concurrent save
 * (which rewrites the seats' capacity) is ordered before or after the booking, never in between.
 */
export async function lockCapacity(tx: Db, orgId: string, businessId: string): Promise<number> {
  const capacity = await businessesRepository.lockCapacity(tx, orgId, businessId);
  if (capacity === undefined) throw new AppError('BUSINESS_NOT_FOUND');
  return capacity;
}

/** The public page's business: missing and not-public look the same (404). */
export async function findPublicBusinessOrFail(db: Db, idName: string): Promise<BusinessRow> {
  const row = await businessesRepository.findPublicBusiness(db, idName.toLowerCase());
  if (!row) throw new AppError('BUSINESS_NOT_FOUND');
  return row;
}

export async function isIdNameAvailable(db: Db, actor: Actor, idName: string): Promise<boolean> {
  return !(await businessesRepository.isIdNameTaken(db, actor.orgId, idName));
}

export interface CapacityChange {
  orgId: string;
  businessId: string;
  /** The business's local today: seats from this date on take the new capacity. */
  fromDate: string;
  capacity: number;
}
export type CapacityListener = (tx: Db, change: CapacityChange) => Promise<void>;

/**
 * Called inside the save's transaction with the saved concurrentBooking. Reservations (which own the seat
 * rows and already use this module) register here from apps/server/src/wiring.ts; keyed, so registering
 * again replaces.
 */
const capacityListeners = new Map<string, CapacityListener>();

export function onCapacityChange(key: string, listener: CapacityListener): void {
  capacityListeners.set(key, listener);
}

function isIdNameConflict(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return cause?.code === '23505' && (cause.constraint === undefined || cause.constraint === 'businesses_id_name_idx');
}

/**
 * PUT /api/business (system administrators). idName is unique across workspaces (409 BUSINESS_ID_NAME_TAKEN,
 * also when two workspaces race for it: the unique index decides). A changed concurrentBooking applies to
 * the seats of today and later in the same transaction.
 */
export async function saveBusiness(db: Db, actor: Actor, input: BusinessSaveBody): Promise<Business> {
  assertSystemAdministrator(actor);
  if (await businessesRepository.isIdNameTaken(db, actor.orgId, input.idName)) throw new AppError('BUSINESS_ID_NAME_TAKEN');
  const name = input.name ?? (await organizationsService.findOrganization(db, actor.orgId))?.name ?? input.idName;
  const values = {
    idName: input.idName,
    name,
    concurrentBooking: input.concurrentBooking,
    timeZone: input.timeZone,
    isPublic: input.isPublic,
    reminderMinute: input.reminderTime === null ? null : parseTimeOfDay(input.reminderTime),
    hours: [...input.hours].sort((a, b) => a.weekday - b.weekday),
  };
  try {
    const row = await db.transaction(async (tx) => {
      const saved = await businessesRepository.upsertBusiness(tx, actor.orgId, actor.userId, values);
      const today = localNow(new Date(), saved.timeZone).date;
      for (const listener of capacityListeners.values()) await listener(tx, { orgId: actor.orgId, businessId: saved.id, fromDate: today, capacity: saved.concurrentBooking });
      return saved;
    });
    return toBusiness(row);
  } catch (error) {
    if (isIdNameConflict(error)) throw new AppError('BUSINESS_ID_NAME_TAKEN');
    throw error;
  }
}

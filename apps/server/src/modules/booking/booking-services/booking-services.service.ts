import {
  durationOf,
  isSortAllowed,
  moneyToCents,
  centsToMoney,
  priceColumnsOf,
  priceDisplay,
  type AdditionalGroup,
  type AdditionalGroupBody,
  type AdditionalItem,
  type AdditionalItemBody,
  type BookableService,
  type BookingCategory,
  type BookingService,
  type BookingServiceBody,
  type BookingServiceList,
  type PriceColumns,
  type ReservationServiceChoice,
  type ReservationServiceLine,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as bookingServicesRepository from './booking-services.repository.ts';

type ServiceRow = bookingServicesRepository.ServiceRow;
type GroupRow = bookingServicesRepository.GroupRow;
type ItemRow = bookingServicesRepository.ItemRow;

// ---- answers ----

function priceFields(row: PriceColumns) {
  return {
    isFree: row.payType === 'free',
    payType: row.payType,
    priceType: row.priceType,
    price: row.price,
    priceBase: row.priceBase,
    priceMin: row.priceMin,
    priceMax: row.priceMax,
    ...priceDisplay(row),
  };
}

function toCategory(row: bookingServicesRepository.CategoryRow): BookingCategory {
  return { id: row.id, title: row.title };
}

function toService(row: ServiceRow, groupIds: string[]): BookingService {
  return {
    id: row.id,
    title: row.title,
    categoryId: row.categoryId,
    hour: row.hour,
    minute: row.minute,
    isOpen: row.isOpen,
    ...priceFields(row),
    additionalGroups: groupIds,
    sort: row.sort,
  };
}

function toItem(row: ItemRow): AdditionalItem {
  return {
    id: row.id,
    groupId: row.groupId,
    title: row.title,
    hour: row.hour,
    minute: row.minute,
    isOpen: row.isOpen,
    ...priceFields(row),
    fixed: row.fixed,
    sort: row.sort,
  };
}

function toGroup(row: GroupRow, services: Array<{ id: string; title: string }>, items: ItemRow[]): AdditionalGroup {
  return {
    id: row.id,
    title: row.title,
    isOpen: row.isOpen,
    selectionType: row.selectionType,
    isRequired: row.isRequired,
    description: row.description,
    services,
    items: items.map(toItem),
    sort: row.sort,
  };
}

// ---- categories ----

export async function listCategories(db: Db, actor: Actor): Promise<BookingCategory[]> {
  return (await bookingServicesRepository.listCategories(db, actor.orgId)).map(toCategory);
}

export async function createCategory(db: Db, actor: Actor, title: string): Promise<BookingCategory> {
  assertSystemAdministrator(actor);
  return toCategory(await bookingServicesRepository.insertCategory(db, actor.orgId, title));
}

export async function updateCategory(db: Db, actor: Actor, id: string, title: string): Promise<BookingCategory> {
  assertSystemAdministrator(actor);
  const row = await bookingServicesRepository.updateCategory(db, actor.orgId, id, title);
  if (!row) throw new AppError('BOOKING_CATEGORY_NOT_FOUND');
  return toCategory(row);
}

/** Its services stay, uncategorized (the foreign key sets null). */
export async function deleteCategory(db: Db, actor: Actor, id: string): Promise<void> {
  assertSystemAdministrator(actor);
  if (!(await bookingServicesRepository.deleteCategory(db, actor.orgId, id))) throw new AppError('BOOKING_CATEGORY_NOT_FOUND');
}

// ---- services ----

function groupIdsByService(attachments: Array<{ serviceId: string; groupId: string }>): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const a of attachments) map.set(a.serviceId, [...(map.get(a.serviceId) ?? []), a.groupId]);
  return map;
}

/** GET /api/booking/services: categories and every service (members read; administrators edit). */
export async function listServices(db: Db, actor: Actor): Promise<BookingServiceList> {
  const [categories, services, attachments] = await Promise.all([
    bookingServicesRepository.listCategories(db, actor.orgId),
    bookingServicesRepository.listServices(db, actor.orgId),
    bookingServicesRepository.listAttachments(db, actor.orgId),
  ]);
  const groups = groupIdsByService(attachments);
  return { categories: categories.map(toCategory), services: services.map((s) => toService(s, groups.get(s.id) ?? [])) };
}

/** Every id must be this workspace's (404 naming the kind otherwise). */
async function assertAllExist(db: Db, orgId: string, kind: 'service' | 'group', ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await bookingServicesRepository.existingIds(db, orgId, kind, unique);
  if (found.length !== unique.length) throw new AppError(kind === 'service' ? 'BOOKING_SERVICE_NOT_FOUND' : 'BOOKING_GROUP_NOT_FOUND');
  return unique;
}

function serviceValues(input: BookingServiceBody): bookingServicesRepository.ServiceValues {
  return { title: input.title, categoryId: input.category, hour: input.time.hour, minute: input.time.minute, isOpen: input.isOpen, ...priceColumnsOf(input) };
}

async function saveService(db: Db, actor: Actor, id: string | null, input: BookingServiceBody): Promise<BookingService> {
  assertSystemAdministrator(actor);
  if (input.category && !(await bookingServicesRepository.findCategory(db, actor.orgId, input.category))) throw new AppError('BOOKING_CATEGORY_NOT_FOUND');
  const groupIds = await assertAllExist(db, actor.orgId, 'group', input.additional.map((a) => a.groupId));
  const row = await db.transaction(async (tx) => {
    const saved = id
      ? await bookingServicesRepository.updateService(tx, actor.orgId, id, serviceValues(input))
      : await bookingServicesRepository.insertService(tx, actor.orgId, serviceValues(input));
    if (!saved) throw new AppError('BOOKING_SERVICE_NOT_FOUND');
    await bookingServicesRepository.setGroupsOfService(tx, actor.orgId, saved.id, groupIds);
    return saved;
  });
  const attachments = await bookingServicesRepository.listAttachments(db, actor.orgId, { serviceIds: [row.id] });
  return toService(row, attachments.map((a) => a.groupId));
}

export function createService(db: Db, actor: Actor, input: BookingServiceBody): Promise<BookingService> {
  return saveService(db, actor, null, input);
}

export function updateService(db: Db, actor: Actor, id: string, input: BookingServiceBody): Promise<BookingService> {
  return saveService(db, actor, id, input);
}

/** Reservations keep their copy of the service; only the offer changes. */
export async function deleteService(db: Db, actor: Actor, id: string): Promise<void> {
  assertSystemAdministrator(actor);
  if (!(await bookingServicesRepository.deleteService(db, actor.orgId, id))) throw new AppError('BOOKING_SERVICE_NOT_FOUND');
}

/**
 * Sort saves: the whole ordered list, exactly the current ids (400 naming `ids` otherwise), fixed items at
 * their index (409 BOOKING_ITEM_FIXED). The current rows are locked first so concurrent saves serialize.
 */
async function saveSortOrder(db: Db, actor: Actor, kind: bookingServicesRepository.SortableTable, ids: string[], groupId?: string): Promise<void> {
  assertSystemAdministrator(actor);
  if (kind === 'items' && groupId) await findGroupOrFail(db, actor.orgId, groupId);
  await db.transaction(async (tx) => {
    const current = await bookingServicesRepository.lockOrder(tx, actor.orgId, kind, groupId);
    const verdict = isSortAllowed(current, ids);
    if (verdict === 'mismatch') throw fieldError('ids', 'invalidValue');
    if (verdict === 'fixedMoved') throw new AppError('BOOKING_ITEM_FIXED');
    await bookingServicesRepository.saveOrder(tx, actor.orgId, kind, ids);
  });
}

export const sortServices = (db: Db, actor: Actor, ids: string[]) => saveSortOrder(db, actor, 'services', ids);
export const sortCategories = (db: Db, actor: Actor, ids: string[]) => saveSortOrder(db, actor, 'categories', ids);
export const sortGroups = (db: Db, actor: Actor, ids: string[]) => saveSortOrder(db, actor, 'groups', ids);
export const sortItems = (db: Db, actor: Actor, groupId: string, ids: string[]) => saveSortOrder(db, actor, 'items', ids, groupId);

// ---- additional groups and items ----

async function findGroupOrFail(db: Db, orgId: string, id: string): Promise<GroupRow> {
  const row = await bookingServicesRepository.findGroup(db, orgId, id);
  if (!row) throw new AppError('BOOKING_GROUP_NOT_FOUND');
  return row;
}

/** GET /api/booking/groups[?serviceId]: groups with their services and items (three statements). */
export async function listGroups(db: Db, actor: Actor, serviceId?: string): Promise<AdditionalGroup[]> {
  let groupIds: string[] | undefined;
  if (serviceId) {
    if (!(await bookingServicesRepository.findService(db, actor.orgId, serviceId))) throw new AppError('BOOKING_SERVICE_NOT_FOUND');
    groupIds = (await bookingServicesRepository.listAttachments(db, actor.orgId, { serviceIds: [serviceId] })).map((a) => a.groupId);
  }
  return groupsWithDetails(db, actor.orgId, groupIds);
}

async function groupsWithDetails(db: Db, orgId: string, groupIds?: string[]): Promise<AdditionalGroup[]> {
  const groups = await bookingServicesRepository.listGroups(db, orgId, groupIds ? { ids: groupIds } : {});
  const ids = groups.map((g) => g.id);
  const [attachments, items, services] = await Promise.all([
    bookingServicesRepository.listAttachments(db, orgId, { groupIds: ids }),
    bookingServicesRepository.listItems(db, orgId, ids),
    bookingServicesRepository.listServices(db, orgId),
  ]);
  const titles = new Map(services.map((s) => [s.id, s.title]));
  return groups.map((g) =>
    toGroup(
      g,
      attachments.filter((a) => a.groupId === g.id).map((a) => ({ id: a.serviceId, title: titles.get(a.serviceId) ?? '' })),
      items.filter((i) => i.groupId === g.id),
    ),
  );
}

async function saveGroup(db: Db, actor: Actor, id: string | null, input: AdditionalGroupBody): Promise<AdditionalGroup> {
  assertSystemAdministrator(actor);
  const serviceIds = await assertAllExist(db, actor.orgId, 'service', input.serviceIds);
  const values = { title: input.title, isOpen: input.isOpen, selectionType: input.selectionType, isRequired: input.isRequired, description: input.description || null };
  const row = await db.transaction(async (tx) => {
    const saved = id ? await bookingServicesRepository.updateGroup(tx, actor.orgId, id, values) : await bookingServicesRepository.insertGroup(tx, actor.orgId, values);
    if (!saved) throw new AppError('BOOKING_GROUP_NOT_FOUND');
    await bookingServicesRepository.setServicesOfGroup(tx, actor.orgId, saved.id, serviceIds);
    return saved;
  });
  const [group] = await groupsWithDetails(db, actor.orgId, [row.id]);
  return group!;
}

export const createGroup = (db: Db, actor: Actor, input: AdditionalGroupBody) => saveGroup(db, actor, null, input);
export const updateGroup = (db: Db, actor: Actor, id: string, input: AdditionalGroupBody) => saveGroup(db, actor, id, input);

export async function deleteGroup(db: Db, actor: Actor, id: string): Promise<void> {
  assertSystemAdministrator(actor);
  if (!(await bookingServicesRepository.deleteGroup(db, actor.orgId, id))) throw new AppError('BOOKING_GROUP_NOT_FOUND');
}

function itemValues(input: AdditionalItemBody): bookingServicesRepository.ItemValues {
  return { title: input.title, hour: input.time.hour, minute: input.time.minute, isOpen: input.isOpen, fixed: input.fixed, ...priceColumnsOf(input) };
}

export async function createItem(db: Db, actor: Actor, groupId: string, input: AdditionalItemBody): Promise<AdditionalItem> {
  assertSystemAdministrator(actor);
  await findGroupOrFail(db, actor.orgId, groupId);
  return toItem(await bookingServicesRepository.insertItem(db, actor.orgId, groupId, itemValues(input)));
}

export async function updateItem(db: Db, actor: Actor, id: string, input: AdditionalItemBody): Promise<AdditionalItem> {
  assertSystemAdministrator(actor);
  const row = await bookingServicesRepository.updateItem(db, actor.orgId, id, itemValues(input));
  if (!row) throw new AppError('BOOKING_ITEM_NOT_FOUND');
  return toItem(row);
}

export async function deleteItem(db: Db, actor: Actor, id: string): Promise<void> {
  assertSystemAdministrator(actor);
  if (!(await bookingServicesRepository.deleteItem(db, actor.orgId, id))) throw new AppError('BOOKING_ITEM_NOT_FOUND');
}

// ---- the offer and the choices of a reservation ----

/** Open services with their open groups and open items (the dialog and the public page); four statements. */
export async function bookableServices(db: Db, orgId: string): Promise<{ categories: BookingCategory[]; services: BookableService[] }> {
  const [categories, services, attached, openItems] = await Promise.all([
    bookingServicesRepository.listCategories(db, orgId),
    bookingServicesRepository.listServices(db, orgId, { openOnly: true }),
    bookingServicesRepository.listGroupsOfServices(db, orgId, null),
    bookingServicesRepository.listItemsOfServices(db, orgId, null, { openOnly: true }),
  ]);
  return {
    categories: categories.map(toCategory),
    services: services.map((s) => {
      const { additionalGroups: _groups, sort: _sort, isOpen: _open, ...service } = toService(s, []);
      return {
        ...service,
        groups: attached
          .filter((a) => a.serviceId === s.id && a.group.isOpen)
          .map(({ group }) => ({
            id: group.id,
            title: group.title,
            selectionType: group.selectionType,
            isRequired: group.isRequired,
            description: group.description,
            items: openItems
              .filter((i) => i.groupId === group.id)
              .map((i) => {
                const { sort: _s, isOpen: _o, fixed: _f, ...item } = toItem(i);
                return item;
              }),
          }))
          .filter((g) => g.items.length > 0),
      };
    }),
  };
}

export interface PricedChoices {
  lines: ReservationServiceLine[];
  serviceIds: string[];
  /** Minutes of services and add-ons. */
  duration: number;
  estimatedAmount: string;
}

/**
 * Checks what a reservation (or monthTime) chose against the workspace's open services, groups and items
 * and prices it, in three statements whatever the number of services. No service → 400
 * RESERVATION_SERVICE_REQUIRED (reserviceTip1); unknown or closed ones → 404; more than one pick in a
 * single-choice group → 400; with `requireGroups`, a required group without a pick → 400 RESERVATION_ADDON_REQUIRED.
 */
export async function priceChoices(db: Db, orgId: string, choices: ReservationServiceChoice[], options: { requireGroups: boolean }): Promise<PricedChoices> {
  if (choices.length === 0) throw new AppError('RESERVATION_SERVICE_REQUIRED');
  const serviceIds = [...new Set(choices.map((c) => c.serviceId))];
  if (serviceIds.length !== choices.length) throw fieldError('services', 'invalidValue');
  const [services, attached, items] = await Promise.all([
    bookingServicesRepository.listServices(db, orgId, { ids: serviceIds, openOnly: true }),
    bookingServicesRepository.listGroupsOfServices(db, orgId, serviceIds),
    bookingServicesRepository.listItemsOfServices(db, orgId, serviceIds, { openOnly: true }),
  ]);
  const byId = new Map(services.map((s) => [s.id, s]));
  const lines: ReservationServiceLine[] = [];
  let cents = 0n;
  const parts: Array<{ hour: number; minute: number }> = [];
  choices.forEach((choice, index) => {
    const service = byId.get(choice.serviceId);
    if (!service) throw new AppError('BOOKING_SERVICE_NOT_FOUND');
    const groups = attached.filter((a) => a.serviceId === service.id && a.group.isOpen).map((a) => a.group);
    const picked: ReservationServiceLine['items'] = [];
    for (const add of choice.additionalServices) {
      if (add.mainServiceId && add.mainServiceId !== service.id) throw fieldError(`services.${index}.additionalServices`, 'invalidValue');
      const group = groups.find((g) => g.id === add.groupId);
      if (!group) throw new AppError('BOOKING_GROUP_NOT_FOUND');
      const ids = [...new Set(add.serviceIds)];
      if (group.selectionType === 'single' && ids.length > 1) throw fieldError(`services.${index}.additionalServices`, 'invalidValue');
      for (const itemId of ids) {
        const item = items.find((i) => i.id === itemId && i.groupId === group.id);
        if (!item) throw new AppError('BOOKING_ITEM_NOT_FOUND');
        const { estimatedAmount } = priceDisplay(item);
        picked.push({ groupId: group.id, itemId: item.id, title: item.title, hour: item.hour, minute: item.minute, estimatedAmount });
        cents += moneyToCents(estimatedAmount);
        parts.push(item);
      }
    }
    if (options.requireGroups) {
      for (const group of groups) {
        const offered = items.some((i) => i.groupId === group.id);
        if (group.isRequired && offered && !picked.some((p) => p.groupId === group.id)) {
          throw new AppError('RESERVATION_ADDON_REQUIRED', { field: group.title });
        }
      }
    }
    const { estimatedAmount } = priceDisplay(service);
    cents += moneyToCents(estimatedAmount);
    parts.push(service);
    lines.push({ serviceId: service.id, title: service.title, hour: service.hour, minute: service.minute, estimatedAmount, items: picked });
  });
  return { lines, serviceIds, duration: durationOf(parts), estimatedAmount: centsToMoney(cents) };
}

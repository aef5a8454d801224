import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { bookingCategories, bookingGroups, bookingItems, bookingServiceGroups, bookingServices } from './booking-services.table.ts';

export type CategoryRow = typeof bookingCategories.$inferSelect;
export type ServiceRow = typeof bookingServices.$inferSelect;
export type GroupRow = typeof bookingGroups.$inferSelect;
export type ItemRow = typeof bookingItems.$inferSelect;
export type ServiceValues = Omit<typeof bookingServices.$inferInsert, 'id' | 'orgId' | 'sort' | 'createdAt' | 'updatedAt'>;
export type GroupValues = Omit<typeof bookingGroups.$inferInsert, 'id' | 'orgId' | 'sort' | 'createdAt' | 'updatedAt'>;
export type ItemValues = Omit<typeof bookingItems.$inferInsert, 'id' | 'orgId' | 'groupId' | 'sort' | 'createdAt' | 'updatedAt'>;

/** The next sort position of a list (new rows go last). */
const nextSort = (table: PgTable, where: ReturnType<typeof sql>) => sql`(select coalesce(max(sort), 0) + 1 from ${table} where ${where})`;

// ---- categories ----

export function listCategories(db: Db, orgId: string): Promise<CategoryRow[]> {
  return db.select().from(bookingCategories).where(eq(bookingCategories.orgId, orgId)).orderBy(asc(bookingCategories.sort), asc(bookingCategories.createdAt));
}

export async function findCategory(db: Db, orgId: string, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(bookingCategories).where(and(eq(bookingCategories.orgId, orgId), eq(bookingCategories.id, id)));
  return row;
}

export async function insertCategory(db: Db, orgId: string, title: string): Promise<CategoryRow> {
  const [row] = await db
    .insert(bookingCategories)
    .values({ orgId, title, sort: nextSort(bookingCategories, sql`org_id = ${orgId}`) })
    .returning();
  return row!;
}

export async function updateCategory(db: Db, orgId: string, id: string, title: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .update(bookingCategories)
    .set({ title })
    .where(and(eq(bookingCategories.orgId, orgId), eq(bookingCategories.id, id)))
    .returning();
  return row;
}

export async function deleteCategory(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(bookingCategories)
    .where(and(eq(bookingCategories.orgId, orgId), eq(bookingCategories.id, id)))
    .returning({ id: bookingCategories.id });
  return rows.length > 0;
}

// ---- services ----

export function listServices(db: Db, orgId: string, options: { openOnly?: boolean; ids?: string[] } = {}): Promise<ServiceRow[]> {
  const where = [eq(bookingServices.orgId, orgId)];
  if (options.openOnly) where.push(eq(bookingServices.isOpen, true));
  if (options.ids) where.push(inArray(bookingServices.id, options.ids));
  return db.select().from(bookingServices).where(and(...where)).orderBy(asc(bookingServices.sort), asc(bookingServices.createdAt));
}

export async function findService(db: Db, orgId: string, id: string): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(bookingServices).where(and(eq(bookingServices.orgId, orgId), eq(bookingServices.id, id)));
  return row;
}

export async function insertService(db: Db, orgId: string, values: ServiceValues): Promise<ServiceRow> {
  const [row] = await db
    .insert(bookingServices)
    .values({ ...values, orgId, sort: nextSort(bookingServices, sql`org_id = ${orgId}`) })
    .returning();
  return row!;
}

export async function updateService(db: Db, orgId: string, id: string, values: ServiceValues): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(bookingServices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(bookingServices.orgId, orgId), eq(bookingServices.id, id)))
    .returning();
  return row;
}

export async function deleteService(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(bookingServices)
    .where(and(eq(bookingServices.orgId, orgId), eq(bookingServices.id, id)))
    .returning({ id: bookingServices.id });
  return rows.length > 0;
}

// ---- service ↔ group ----

/** Attachments (service id, group id) in the groups' order; optionally of some services or groups only. */
export function listAttachments(db: Db, orgId: string, filter: { serviceIds?: string[]; groupIds?: string[] } = {}) {
  const where = [eq(bookingServiceGroups.orgId, orgId)];
  if (filter.serviceIds) where.push(inArray(bookingServiceGroups.serviceId, filter.serviceIds));
  if (filter.groupIds) where.push(inArray(bookingServiceGroups.groupId, filter.groupIds));
  return db
    .select({ serviceId: bookingServiceGroups.serviceId, groupId: bookingServiceGroups.groupId })
    .from(bookingServiceGroups)
    .innerJoin(bookingGroups, eq(bookingGroups.id, bookingServiceGroups.groupId))
    .where(and(...where))
    .orderBy(asc(bookingGroups.sort), asc(bookingGroups.createdAt));
}

export async function setGroupsOfService(db: Db, orgId: string, serviceId: string, groupIds: string[]): Promise<void> {
  await db.delete(bookingServiceGroups).where(and(eq(bookingServiceGroups.orgId, orgId), eq(bookingServiceGroups.serviceId, serviceId)));
  if (groupIds.length > 0) await db.insert(bookingServiceGroups).values(groupIds.map((groupId) => ({ orgId, serviceId, groupId })));
}

export async function setServicesOfGroup(db: Db, orgId: string, groupId: string, serviceIds: string[]): Promise<void> {
  await db.delete(bookingServiceGroups).where(and(eq(bookingServiceGroups.orgId, orgId), eq(bookingServiceGroups.groupId, groupId)));
  if (serviceIds.length > 0) await db.insert(bookingServiceGroups).values(serviceIds.map((serviceId) => ({ orgId, serviceId, groupId })));
}

/** Which of these ids exist in the workspace. */
export async function existingIds(db: Db, orgId: string, kind: 'service' | 'group', ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const table = kind === 'service' ? bookingServices : bookingGroups;
  const rows = await db.select({ id: table.id }).from(table).where(and(eq(table.orgId, orgId), inArray(table.id, ids)));
  return rows.map((r) => r.id);
}

// ---- groups and items ----

export function listGroups(db: Db, orgId: string, options: { ids?: string[]; openOnly?: boolean } = {}): Promise<GroupRow[]> {
  const where = [eq(bookingGroups.orgId, orgId)];
  if (options.ids) where.push(inArray(bookingGroups.id, options.ids));
  if (options.openOnly) where.push(eq(bookingGroups.isOpen, true));
  return db.select().from(bookingGroups).where(and(...where)).orderBy(asc(bookingGroups.sort), asc(bookingGroups.createdAt));
}

export async function findGroup(db: Db, orgId: string, id: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(bookingGroups).where(and(eq(bookingGroups.orgId, orgId), eq(bookingGroups.id, id)));
  return row;
}

export async function insertGroup(db: Db, orgId: string, values: GroupValues): Promise<GroupRow> {
  const [row] = await db
    .insert(bookingGroups)
    .values({ ...values, orgId, sort: nextSort(bookingGroups, sql`org_id = ${orgId}`) })
    .returning();
  return row!;
}

export async function updateGroup(db: Db, orgId: string, id: string, values: GroupValues): Promise<GroupRow | undefined> {
  const [row] = await db
    .update(bookingGroups)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(bookingGroups.orgId, orgId), eq(bookingGroups.id, id)))
    .returning();
  return row;
}

export async function deleteGroup(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db.delete(bookingGroups).where(and(eq(bookingGroups.orgId, orgId), eq(bookingGroups.id, id))).returning({ id: bookingGroups.id });
  return rows.length > 0;
}

export function listItems(db: Db, orgId: string, groupIds: string[], options: { openOnly?: boolean } = {}): Promise<ItemRow[]> {
  if (groupIds.length === 0) return Promise.resolve([]);
  const where = [eq(bookingItems.orgId, orgId), inArray(bookingItems.groupId, groupIds)];
  if (options.openOnly) where.push(eq(bookingItems.isOpen, true));
  return db.select().from(bookingItems).where(and(...where)).orderBy(asc(bookingItems.sort), asc(bookingItems.createdAt));
}

export async function findItem(db: Db, orgId: string, id: string): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(bookingItems).where(and(eq(bookingItems.orgId, orgId), eq(bookingItems.id, id)));
  return row;
}

export async function insertItem(db: Db, orgId: string, groupId: string, values: ItemValues): Promise<ItemRow> {
  const [row] = await db
    .insert(bookingItems)
    .values({ ...values, orgId, groupId, sort: nextSort(bookingItems, sql`group_id = ${groupId}`) })
    .returning();
  return row!;
}

export async function updateItem(db: Db, orgId: string, id: string, values: ItemValues): Promise<ItemRow | undefined> {
  const [row] = await db
    .update(bookingItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(bookingItems.orgId, orgId), eq(bookingItems.id, id)))
    .returning();
  return row;
}

export async function deleteItem(db: Db, orgId: string, id: string): Promise<boolean> {
  const rows = await db.delete(bookingItems).where(and(eq(bookingItems.orgId, orgId), eq(bookingItems.id, id))).returning({ id: bookingItems.id });
  return rows.length > 0;
}

// ---- sort saves ----

export type SortableTable = 'categories' | 'services' | 'groups' | 'items';

/** The current order of a list (ids with their fixed flag), locked so two sort saves do not interleave. */
export async function lockOrder(db: Db, orgId: string, kind: SortableTable, groupId?: string): Promise<Array<{ id: string; fixed: boolean }>> {
  if (kind === 'items') {
    return db
      .select({ id: bookingItems.id, fixed: bookingItems.fixed })
      .from(bookingItems)
      .where(and(eq(bookingItems.orgId, orgId), eq(bookingItems.groupId, groupId ?? '')))
      .orderBy(asc(bookingItems.sort), asc(bookingItems.createdAt))
      .for('update');
  }
  const t = kind === 'categories' ? bookingCategories : kind === 'services' ? bookingServices : bookingGroups;
  const rows = await db.select({ id: t.id }).from(t).where(eq(t.orgId, orgId)).orderBy(asc(t.sort), asc(t.createdAt)).for('update');
  return rows.map((r) => ({ id: r.id, fixed: false }));
}

/** One statement: every id gets its position in `ids` as its sort. */
export async function saveOrder(db: Db, orgId: string, kind: SortableTable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const t = kind === 'categories' ? bookingCategories : kind === 'services' ? bookingServices : kind === 'groups' ? bookingGroups : bookingItems;
  const order = `{${ids.join(',')}}`;
  await db
    .update(t)
    .set({ sort: sql`array_position(${order}::uuid[], ${t.id})` })
    .where(and(eq(t.orgId, orgId), inArray(t.id, ids)));
}

// ---- what a reservation chose (a fixed number of statements, whatever the number of services) ----

/** The groups attached to these services (null: to any service), with the service they hang on. */
export function listGroupsOfServices(db: Db, orgId: string, serviceIds: string[] | null) {
  if (serviceIds?.length === 0) return Promise.resolve([]);
  return db
    .select({ serviceId: bookingServiceGroups.serviceId, group: bookingGroups })
    .from(bookingServiceGroups)
    .innerJoin(bookingGroups, eq(bookingGroups.id, bookingServiceGroups.groupId))
    .where(and(eq(bookingServiceGroups.orgId, orgId), serviceIds ? inArray(bookingServiceGroups.serviceId, serviceIds) : undefined))
    .orderBy(asc(bookingGroups.sort), asc(bookingGroups.createdAt));
}

/** The items of every group attached to these services (null: to any service). */
export function listItemsOfServices(db: Db, orgId: string, serviceIds: string[] | null, options: { openOnly?: boolean } = {}): Promise<ItemRow[]> {
  if (serviceIds?.length === 0) return Promise.resolve([]);
  const attached = db
    .select({ groupId: bookingServiceGroups.groupId })
    .from(bookingServiceGroups)
    .where(and(eq(bookingServiceGroups.orgId, orgId), serviceIds ? inArray(bookingServiceGroups.serviceId, serviceIds) : undefined));
  const where = [eq(bookingItems.orgId, orgId), inArray(bookingItems.groupId, attached)];
  if (options.openOnly) where.push(eq(bookingItems.isOpen, true));
  return db.select().from(bookingItems).where(and(...where)).orderBy(asc(bookingItems.sort), asc(bookingItems.createdAt));
}

import { defaultColor, type Cost, type CostSaveBody, type Product, type ProductSaveBody } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { assertSystemAdministrator, type Actor } from '../../access/privileges/access-core.ts';
import * as salesItemsRepository from './sales-items.repository.ts';
import { assertRoom } from '../../billing/plan-limits.ts';

type Kind = salesItemsRepository.SalesItemKind;
type Row = salesItemsRepository.SalesItemRow;

/** Products and costs answer the same fields; products add their colour. */
export function toProduct(row: Row): Product {
  return { id: row.id, name: row.name, label: row.name, color: row.color ?? defaultColor, defaultPrice: row.defaultPrice, sort: row.sort };
}
export function toCost(row: Row): Cost {
  return { id: row.id, name: row.name, label: row.name, defaultPrice: row.defaultPrice, sort: row.sort };
}

export async function listProducts(db: Db, orgId: string): Promise<Product[]> {
  return (await salesItemsRepository.listItems(db, orgId, 'product')).map(toProduct);
}
export async function listCosts(db: Db, orgId: string): Promise<Cost[]> {
  return (await salesItemsRepository.listItems(db, orgId, 'cost')).map(toCost);
}

/** Items of the workspace by id (for deal lines: the colour of a product, ids that must belong here). */
export async function findItems(db: Db, orgId: string, kind: Kind, ids: string[]): Promise<Row[]> {
  return salesItemsRepository.findItems(db, orgId, kind, [...new Set(ids)]);
}

/** Free workspaces: 5 products (docs/product.md#limits); costs are not limited by count. */
async function assertRoomForItem(db: Db, orgId: string, kind: Kind): Promise<void> {
  if (kind !== 'product') return;
  await assertRoom(db, orgId, 'products', () => salesItemsRepository.countItems(db, orgId, kind));
}

const valuesOf = (kind: Kind, input: ProductSaveBody | CostSaveBody) => ({
  name: input.name,
  color: kind === 'product' ? ((input as ProductSaveBody).color ?? defaultColor) : null,
  defaultPrice: input.defaultPrice,
});

export async function createItem(db: Db, actor: Actor, kind: Kind, input: ProductSaveBody | CostSaveBody): Promise<Row> {
  assertSystemAdministrator(actor);
  await assertRoomForItem(db, actor.orgId, kind);
  return salesItemsRepository.insertItem(db, actor.orgId, kind, valuesOf(kind, input));
}

export async function updateItem(db: Db, actor: Actor, kind: Kind, id: string, input: ProductSaveBody | CostSaveBody): Promise<Row> {
  assertSystemAdministrator(actor);
  const row = await salesItemsRepository.updateItem(db, actor.orgId, kind, id, valuesOf(kind, input));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function deleteItem(db: Db, actor: Actor, kind: Kind, id: string): Promise<void> {
  assertSystemAdministrator(actor);
  if (!(await salesItemsRepository.deleteItem(db, actor.orgId, kind, id))) throw new AppError('NOT_FOUND');
}

import type { DealCostLine, DealProductLine, DealUpdateBody } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import * as salesItemsService from '../sales-items/sales-items.service.ts';
import * as dealsRepository from './deals.repository.ts';

/**
 * A deal's lines: what it sells (product lines) and what it costs (cost lines). Each line keeps its own
 * copy of name and prices (docs/product.md#fields), and may point at the sales item it came from.
 */

/** The sales items a deal's lines point at must belong to the workspace: 400 naming the line. */
export async function checkItems(db: Db, orgId: string, kind: 'product' | 'cost', field: string, ids: (string | null | undefined)[]): Promise<void> {
  const wanted = ids.filter((id): id is string => Boolean(id));
  const found = new Set((await salesItemsService.findItems(db, orgId, kind, wanted)).map((i) => i.id));
  const bad = ids.findIndex((id) => id && !found.has(id));
  if (bad >= 0) throw fieldError(`${field}.${bad}.${kind}Id`, 'invalidValue');
}

/** The rows to store for the lines sent (undefined: the lines stay as they are). */
export const productLinesOf = (input: DealUpdateBody['products']) =>
  input?.map((p) => ({ productId: p.productId ?? null, name: p.name, singlePrice: p.singlePrice, quotedPrice: p.quotedPrice, num: p.num }));
export const costLinesOf = (input: DealUpdateBody['costs']) =>
  input?.map((c) => ({ costId: c.costId ?? null, name: c.name, singlePrice: c.singlePrice, num: c.num }));

/** The lines of one deal as answered, product lines with their product's current colour. */
export async function lineAnswers(db: Db, orgId: string, dealId: string): Promise<{ products: DealProductLine[]; costs: DealCostLine[] }> {
  const [products, costs, productItems] = await Promise.all([
    dealsRepository.listProductLines(db, orgId, dealId),
    dealsRepository.listCostLines(db, orgId, dealId),
    salesItemsService.listProducts(db, orgId),
  ]);
  const colors = new Map(productItems.map((p) => [p.id, p.color]));
  const productLines = products.map((p) => ({
    id: p.id,
    productId: p.productId,
    name: p.name,
    singlePrice: p.singlePrice,
    quotedPrice: p.quotedPrice,
    num: p.num,
    color: p.productId ? (colors.get(p.productId) ?? null) : null,
  }));
  const costLines = costs.map((c) => ({ id: c.id, costId: c.costId, name: c.name, singlePrice: c.singlePrice, num: c.num }));
  return { products: productLines, costs: costLines };
}

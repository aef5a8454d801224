import { searchResultTypes, type SearchResult } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../access/privileges/access-core.ts';

/**
 * One kind of record the global search finds: up to `limit` matches the actor may see (nothing when the
 * actor cannot view that kind). Contacts and companies register, and deals (above records) too, in wiring.ts.
 */
export type SearchSource = (db: Db, actor: Actor, keyword: string, limit: number) => Promise<SearchResult[]>;

type SearchType = (typeof searchResultTypes)[number];
const searchSources = new Map<SearchType, SearchSource>();

/** Keyed by type: registering again replaces. */
export function registerSearchSource(type: SearchType, source: SearchSource): void {
  searchSources.set(type, source);
}

/**
 * The header's global search: contacts and companies the actor may see (each module applies its
 * own visibility scope), by name, phone, email, tax ID or address; deals by name. Each type's results
 * sorted by name, the types in the contract's order (searchResultTypes).
 */
export async function search(db: Db, actor: Actor, keyword: string, limit: number): Promise<SearchResult[]> {
  const sources = searchResultTypes.flatMap((type) => searchSources.get(type) ?? []);
  const lists = await Promise.all(sources.map((source) => source(db, actor, keyword, limit)));
  const byName = (a: SearchResult, b: SearchResult) => a.name.localeCompare(b.name);
  return lists.flatMap((list) => list.sort(byName));
}

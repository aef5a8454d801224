import { searchResultTypes, type SearchResult } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../access/privileges/access-core.ts';

/**
 * One kind of record the global search finds: up to `limit` matches the actor may see (nothing when the
 * actor cannot view that kind). Contacts and companies register, and deals and e-mail (above records) too, in wiring.ts.
 */
export type SearchSource = (db: Db, actor: Actor, keyword: string, limit: number) => Promise<SearchResult[]>;

type SearchType = (typeof searchResultTypes)[number];
/** `byName`: the results are sorted by name here; `asGiven`: the source's own order (e-mail: newest first). */
type SearchOrder = 'byName' | 'asGiven';
const searchSources = new Map<SearchType, { source: SearchSource; order: SearchOrder }>();

/** Keyed by type: registering again replaces. */
export function registerSearchSource(type: SearchType, source: SearchSource, order: SearchOrder = 'byName'): void {
  searchSources.set(type, { source, order });
}

/**
 * The header's global search: contacts and companies the actor may see (each module applies its
 * own visibility scope), by name, phone, email, tax ID or address; deals by name; e-mail by subject, body and
 * participants. Each type's results sorted by name (e-mail newest first), the types in the contract's order
 * (searchResultTypes).
 */
export async function search(db: Db, actor: Actor, keyword: string, limit: number): Promise<SearchResult[]> {
  const sources = searchResultTypes.flatMap((type) => searchSources.get(type) ?? []);
  const lists = await Promise.all(sources.map(({ source }) => source(db, actor, keyword, limit)));
  const byName = (a: SearchResult, b: SearchResult) => a.name.localeCompare(b.name);
  return lists.flatMap((list, i) => (sources[i]!.order === 'byName' ? list.sort(byName) : list));
}

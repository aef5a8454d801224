import type { SearchResult } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import * as companiesService from '../companies/companies.service.ts';
import * as contactsService from '../contacts/contacts.service.ts';
import * as dealsService from '../../deals/deals/deals.service.ts';
import type { Actor } from '../../access/privileges/access-core.ts';

/**
 * The header's global search: contacts and companies the actor may see (each module applies its
 * own visibility scope), by name, phone, email, tax ID or address; deals by name.
 */
export async function search(db: Db, actor: Actor, keyword: string, limit: number): Promise<SearchResult[]> {
  const [contacts, companies, deals] = await Promise.all([
    contactsService.search(db, actor, keyword, limit),
    companiesService.search(db, actor, keyword, limit),
    dealsService.search(db, actor, keyword, limit),
  ]);
  const byName = (a: SearchResult, b: SearchResult) => a.name.localeCompare(b.name);
  return [...contacts.sort(byName), ...companies.sort(byName), ...deals.sort(byName)];
}

import type { Db } from '../../../db/client.ts';
import * as mailboxesRepository from './mailboxes.repository.ts';
import type { MailboxRow } from './mailboxes.repository.ts';

/**
 * The selective rule (docs/product.md "E-mail"): a message is stored only when one of its addresses (other than the
 * mailbox's own) is a contact's, or — when the owner opted in — at a contact company's domain; never when the
 * address or its domain is excluded. Built once per sync run, so matching a message is a lookup.
 */
export type RecordLink = { entityType: 'contact' | 'company'; entityId: string };

export interface AddressBook {
  own: Set<string>;
  excluded: string[];
  contacts: Map<string, { contactId: string; companyId: string | null }[]>;
  domains: Map<string, string[]>;
}

/** Domains everyone shares: never matched as a company's domain. */
const sharedDomains = new Set(['gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.com.tw', 'hotmail.com', 'outlook.com', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'qq.com', '163.com', '126.com', 'hinet.net', 'msa.hinet.net']);

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

function urlDomain(url: string): string | null {
  try {
    const host = new URL(/^[a-z]+:\/\//i.test(url) ? url : `https://${url}`).hostname.toLowerCase();
    return host.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

export async function loadAddressBook(db: Db, mailbox: Pick<MailboxRow, 'orgId' | 'email' | 'username' | 'excluded' | 'includeCompanyDomains'>): Promise<AddressBook> {
  const contacts = new Map<string, { contactId: string; companyId: string | null }[]>();
  for (const row of await mailboxesRepository.contactAddresses(db, mailbox.orgId)) {
    contacts.set(row.address, [...(contacts.get(row.address) ?? []), { contactId: row.contactId, companyId: row.companyId }]);
  }
  const domains = new Map<string, string[]>();
  if (mailbox.includeCompanyDomains) {
    for (const row of await mailboxesRepository.companyAddresses(db, mailbox.orgId)) {
      for (const domain of [row.email?.includes('@') ? domainOf(row.email.trim().toLowerCase()) : null, row.url ? urlDomain(row.url) : null]) {
        if (domain && !sharedDomains.has(domain)) domains.set(domain, [...new Set([...(domains.get(domain) ?? []), row.companyId])]);
      }
    }
  }
  return { own: new Set([mailbox.email.toLowerCase(), mailbox.username.toLowerCase()]), excluded: mailbox.excluded, contacts, domains };
}

export function isExcluded(excluded: string[], address: string): boolean {
  const domain = domainOf(address);
  return excluded.some((entry) => (entry.includes('@') ? entry === address : domain === entry || domain.endsWith(`.${entry}`)));
}

/** The contacts and companies a message with these addresses shows on; empty: the message is not stored. */
export function matchRecords(book: AddressBook, addresses: string[]): RecordLink[] {
  const links = new Map<string, RecordLink>();
  const add = (entityType: 'contact' | 'company', entityId: string) => links.set(`${entityType}:${entityId}`, { entityType, entityId });
  for (const raw of addresses) {
    const address = raw.trim().toLowerCase();
    if (!address.includes('@') || book.own.has(address) || isExcluded(book.excluded, address)) continue;
    for (const match of book.contacts.get(address) ?? []) {
      add('contact', match.contactId);
      if (match.companyId) add('company', match.companyId);
    }
    for (const companyId of book.domains.get(domainOf(address)) ?? []) add('company', companyId);
  }
  return [...links.values()];
}

import { fullName, summarySectionLimit } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { can } from '../../access/privileges/access-core.ts';
import type { SummarySection } from '../record-summary/record-summary.service.ts';
import { visibility } from './contacts.service.ts';
import * as contactsSummaryRepository from './contacts.summary.repository.ts';

/**
 * The one last-contact rule (docs/product.md, the record page): a contact's last contact is its stored time, which
 * "contacted now", an edit or an import set, and a completed schedule with the contact moves forward (calendar
 * calls this after the schedule's write, wiring.ts). The list, the detail field and the key figure all show it.
 */
export async function advanceLastContact(db: Db, orgId: string, items: { contactId: string; at: Date }[]): Promise<void> {
  await contactsSummaryRepository.advanceLastContact(db, orgId, items);
}

/**
 * A contact's page: its last contact time (a figure). A company's page: its contacts the viewer sees and their
 * latest contact time. Registered with records/record-summary in wiring.ts.
 */
export const contactsSummarySection: SummarySection = async (db, actor, entityType, entityId, batch) => {
  if (!can(actor, 'contact', 'view') || (entityType !== 'contact' && entityType !== 'company')) return {};
  const seen = await visibility(db, actor);
  if (entityType === 'contact') {
    const [row] = await batch.rows(contactsSummaryRepository.lastContactOf(db, actor.orgId, entityId, seen));
    return { figures: { lastContactAt: row?.lastContactAt?.toISOString() ?? null } };
  }
  const rows = await batch.rows(contactsSummaryRepository.visibleContactsOfCompany(db, actor.orgId, entityId, seen, summarySectionLimit));
  const latest = rows[0]?.lastContactAt;
  return {
    figures: { lastContactAt: latest ? new Date(latest).toISOString() : null },
    contacts: {
      total: rows[0]?.total ?? 0,
      items: rows.map((r) => ({ id: r.id, name: fullName(r.firstName, r.lastName), position: r.position, phone: r.phone, email: r.email })),
    },
  };
};

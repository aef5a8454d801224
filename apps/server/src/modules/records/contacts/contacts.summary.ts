import { fullName, summarySectionLimit } from '@lodestar/contract';
import { can } from '../../access/privileges/access-core.ts';
import type { SummarySection } from '../record-summary/record-summary.service.ts';
import { visibility } from './contacts.service.ts';
import * as contactsSummaryRepository from './contacts.summary.repository.ts';

/**
 * A contact's page: its last contact time (a figure). A company's page: its contacts the viewer sees and their
 * latest contact time. Registered with records/record-summary in wiring.ts.
 */
export const contactsSummarySection: SummarySection = async (db, actor, entityType, entityId) => {
  if (!can(actor, 'contact', 'view') || (entityType !== 'contact' && entityType !== 'company')) return {};
  const seen = await visibility(db, actor);
  if (entityType === 'contact') {
    const lastContactAt = await contactsSummaryRepository.lastContactOf(db, actor.orgId, entityId, seen);
    return { figures: { lastContactAt: lastContactAt?.toISOString() ?? null } };
  }
  const rows = await contactsSummaryRepository.visibleContactsOfCompany(db, actor.orgId, entityId, seen, summarySectionLimit);
  const latest = rows[0]?.lastContactAt;
  return {
    figures: { lastContactAt: latest ? new Date(latest).toISOString() : null },
    contacts: {
      total: rows[0]?.total ?? 0,
      items: rows.map((r) => ({ id: r.id, name: fullName(r.firstName, r.lastName), position: r.position, phone: r.phone, email: r.email })),
    },
  };
};

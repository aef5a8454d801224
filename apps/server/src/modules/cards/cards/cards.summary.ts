import { fullName, summarySectionLimit } from '@lodestar/contract';
import { can, ownerPredicate } from '../../access/privileges/access-core.ts';
import type { SummarySection } from '../../records/record-summary/record-summary.service.ts';
import * as cardsSummaryRepository from './cards.summary.repository.ts';

/**
 * The business-card exchanges of a contact's page (records/record-summary, wired in wiring.ts): the exchanges on
 * the cards of the members whose contacts the viewer sees (an exchange makes a contact owned by the card holder).
 */
export const cardExchangesSummarySection: SummarySection = async (db, actor, entityType, entityId, batch) => {
  if (entityType !== 'contact' || !can(actor, 'contact', 'view')) return {};
  const visibility = await ownerPredicate(db, actor, 'contact', cardsSummaryRepository.cardHolderColumn);
  const rows = await batch.rows(cardsSummaryRepository.exchangesOfContact(db, actor.orgId, entityId, visibility, summarySectionLimit));
  return {
    cardExchanges: {
      total: rows[0]?.total ?? 0,
      items: rows.map((r) => ({ id: r.id, cardOwner: fullName(r.holderFirstName ?? '', r.holderLastName ?? ''), name: r.name, note: r.note, createdAt: r.createdAt.toISOString() })),
    },
  };
};

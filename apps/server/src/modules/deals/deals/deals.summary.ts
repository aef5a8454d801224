import { dealStatus, summarySectionLimit } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { can, type Actor } from '../../access/privileges/access-core.ts';
import type { SummarySection, TimelineRelation } from '../../records/record-summary/record-summary.service.ts';
import { visibility } from './deals.access.ts';
import * as dealsSummaryRepository from './deals.summary.repository.ts';

/** The column linking a deal to the page's record; deals pages have no deals section. */
const columnFor = (entityType: string) => (entityType === 'contact' ? 'clientId' : entityType === 'company' ? 'companyId' : null);

/** Timeline entries of a record's deals (stage moves, edits, notes) join its timeline: at most this many deals. */
const relatedDealsLimit = 500;

/**
 * The deals section of a contact's or company's page and its pipeline figures (records/record-summary, wired in
 * wiring.ts): only the deals the viewer sees (deals.access.ts), nothing without the opportunity view privilege.
 */
export const dealsSummarySection: SummarySection = async (db: Db, actor: Actor, entityType, entityId, batch) => {
  // A deal's page (already checked as visible): its last contact is its client's.
  if (entityType === 'deal') {
    const [client] = await batch.rows(dealsSummaryRepository.lastContactOfDeal(db, actor.orgId, entityId));
    return { figures: { lastContactAt: client?.at?.toISOString() ?? null } };
  }
  const column = columnFor(entityType);
  if (!column || !can(actor, 'opportunity', 'view')) return {};
  const rows = await batch.rows(dealsSummaryRepository.dealsOfRecord(db, actor.orgId, column, entityId, await visibility(db, actor), summarySectionLimit));
  const first = rows[0];
  const totals = first
    ? { total: first.total, openCount: first.openCount, openAmount: first.openAmount, wonCount: first.wonCount, wonAmount: first.wonAmount }
    : { total: 0, openCount: 0, openAmount: '0.00', wonCount: 0, wonAmount: '0.00' };
  return {
    figures: { openAmount: totals.openAmount, openCount: totals.openCount, wonAmount: totals.wonAmount, wonCount: totals.wonCount },
    deals: {
      ...totals,
      items: rows.map((r) => ({ id: r.id, name: r.name, stage: r.stage, stageName: r.stageName, status: dealStatus(r.stage), amount: r.amount, estimatedEndDate: r.estimatedEndDate })),
    },
  };
};

export const dealsTimelineRelation: TimelineRelation = async (db, actor, entityType, entityId) => {
  const column = columnFor(entityType);
  if (!column || !can(actor, 'opportunity', 'view')) return null;
  const [records, stages] = await Promise.all([
    dealsSummaryRepository.dealNamesOfRecord(db, actor.orgId, column, entityId, await visibility(db, actor), relatedDealsLimit),
    dealsSummaryRepository.stageTitles(db, actor.orgId),
  ]);
  return { entityType: 'deal', records, valueNames: { stage: Object.fromEntries(stages.map((s) => [String(s.id), s.title])) } };
};

import { fullName, summarySectionLimit } from '@lodestar/contract';
import type { SummarySection } from '../../records/record-summary/record-summary.service.ts';
import * as importsSummaryRepository from './imports.summary.repository.ts';

/**
 * The imports section of a contact's, company's or deal's page (records/record-summary, wired in wiring.ts): the
 * imports that created or changed it — the file, when, by whom. The page's record is already checked as visible;
 * its timeline tells the same.
 */
export const importsSummarySection: SummarySection = async (db, actor, entityType, entityId, batch) => {
  const rows = await batch.rows(importsSummaryRepository.importsOfRecord(db, actor.orgId, entityType, entityId, summarySectionLimit));
  return {
    imports: {
      total: rows[0]?.total ?? 0,
      items: rows.map((r) => ({
        id: r.id,
        fileName: r.fileName,
        action: r.created ? ('created' as const) : ('updated' as const),
        at: new Date(r.at).toISOString(),
        by: r.byFirstName === null && r.byLastName === null ? null : fullName(r.byFirstName, r.byLastName),
      })),
    },
  };
};

import type { SummaryEntityType } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import type { StatementBatch } from '../../../db/statement-batch.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import type { RelatedRecords } from '../../access/timeline/timeline.service.ts';
import type { SummaryPart } from '../../records/record-summary/record-summary.service.ts';
import * as mailboxesRepository from './mailboxes.repository.ts';

// Apart from mailboxes.emails.ts so that the composition root (wiring.ts, also loaded by an import thread with a
// 64 MB heap) does not load the mail parser, jsdom and the IMAP client for the record page's figures.

/** The record page's mail figures: "replied", or "awaiting reply for N days" after our last message. */
export async function mailSummarySection(_db: Db, actor: Actor, entityType: SummaryEntityType, entityId: string, batch: StatementBatch): Promise<SummaryPart> {
  if (entityType !== 'contact' && entityType !== 'company' && entityType !== 'deal') return {};
  const [row] = await batch.objects<mailboxesRepository.FiguresRow>(mailboxesRepository.recordFiguresQuery(actor.orgId, entityType, entityId));
  const figures = mailboxesRepository.figuresOf(row);
  if (!figures.hasMailbox) return {};
  const { lastIn, lastOut } = figures;
  const state = figures.lastDirection === 'out' ? 'awaiting' : lastOut ? 'replied' : null;
  return {
    mail: {
      total: figures.total,
      state,
      awaitingDays: state === 'awaiting' ? Math.floor((Date.now() - lastOut!.getTime()) / 86_400_000) : null,
      lastSentAt: lastOut?.toISOString() ?? null,
      lastReceivedAt: lastIn?.toISOString() ?? null,
    },
  };
}

/** A contact's, company's or deal's e-mail joins its timeline (kind `mail`), named by subject. */
export async function mailTimelineRelation(db: Db, actor: Actor, entityType: SummaryEntityType | 'schedule', entityId: string): Promise<RelatedRecords | null> {
  if (entityType !== 'contact' && entityType !== 'company' && entityType !== 'deal') return null;
  const rows = await mailboxesRepository.timelineEmails(db, actor.orgId, entityType, entityId, 300);
  return { entityType: 'email', records: rows.map((row) => ({ id: row.id, name: row.subject })) };
}

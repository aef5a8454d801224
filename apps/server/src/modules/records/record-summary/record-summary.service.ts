import { summarySectionLimit, type RecordSummary, type SummaryEntityType, type TimelineKind, type TimelinePage } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { StatementBatch } from '../../../db/statement-batch.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import { assertRecord } from '../notes/notes.service.ts';

/**
 * What the record pages show around a contact, company or deal (issue 30). The sections come from several
 * contexts — deals (above records) give a contact's deals, calendar its schedules, contacts a company's people —
 * so each registers a section here (wiring.ts) and records never imports them. A section answers only what the
 * viewer may see, and null when it does not apply (no privilege, another kind of record).
 * A section hands its reads to `batch` (db/statement-batch.ts) instead of awaiting them alone: every section's reads
 * of the same turn go to the database as one statement (a contact's page was 16 statements, issue 38).
 */
export type SummaryPart = Partial<Omit<RecordSummary, 'figures'>> & { figures?: Partial<RecordSummary['figures']> };
export type SummarySection = (db: Db, actor: Actor, entityType: SummaryEntityType, entityId: string, batch: StatementBatch) => Promise<SummaryPart>;

/**
 * Records related to this one whose timeline entries join its timeline (a contact's deals and schedules), with
 * their names for the entries. Only those the viewer may see.
 */
export type TimelineRelation = (db: Db, actor: Actor, entityType: SummaryEntityType | 'schedule', entityId: string) => Promise<timelineService.RelatedRecords | null>;

const sections = new Map<string, SummarySection>();
const relations = new Map<string, TimelineRelation>();

/** Keyed: registering again replaces. */
export function registerSummarySection(key: string, section: SummarySection): void {
  sections.set(key, section);
}
export function registerTimelineRelation(key: string, relation: TimelineRelation): void {
  relations.set(key, relation);
}

/** The later of two ISO instants (either may be missing). */
const later = (a: string | null | undefined, b: string | null | undefined): string | null => (!a ? (b ?? null) : !b ? a : a > b ? a : b);

function mergeFiles(a: RecordSummary['files'], b: NonNullable<RecordSummary['files']>): NonNullable<RecordSummary['files']> {
  if (!a) return b;
  const items = [...a.items, ...b.items].sort((x, y) => (x.createdAt < y.createdAt ? 1 : x.createdAt > y.createdAt ? -1 : 0));
  return { items: items.slice(0, summarySectionLimit), total: a.total + b.total };
}

/** GET /api/record/summary: the figures and every section, all sections read at once. */
export async function summary(db: Db, actor: Actor, entityType: SummaryEntityType, entityId: string): Promise<RecordSummary> {
  await assertRecord(db, actor, entityType, entityId, 'view');
  const batch = new StatementBatch(db);
  const parts = await Promise.all([...sections.values()].map((section) => section(db, actor, entityType, entityId, batch)));
  const answer: RecordSummary = {
    figures: { openAmount: null, openCount: null, wonAmount: null, wonCount: null, lastContactAt: null, nextSchedule: null },
    deals: null,
    schedules: null,
    contacts: null,
    bookings: null,
    cardExchanges: null,
    imports: null,
    quotes: null,
    invoices: null,
    files: null,
    conversation: null,
    mail: null,
  };
  for (const { figures, files, ...rest } of parts) {
    const lastContactAt = later(answer.figures.lastContactAt, figures?.lastContactAt);
    Object.assign(answer.figures, figures, { lastContactAt });
    Object.assign(answer, rest);
    // Files come from several sections (a schedule's images, …): one list, newest first.
    if (files) answer.files = mergeFiles(answer.files, files);
  }
  return answer;
}

/** GET /api/timeline/page: the record's timeline merged with its related records', newest first, by keyset. */
export async function timelinePage(
  db: Db,
  actor: Actor,
  query: { entityType: SummaryEntityType | 'schedule'; entityId: string; kinds?: TimelineKind[] | undefined; cursor?: string | undefined; limit: number },
): Promise<TimelinePage> {
  await assertRecord(db, actor, query.entityType, query.entityId, 'view');
  const related = await Promise.all([...relations.values()].map((relation) => relation(db, actor, query.entityType, query.entityId)));
  return timelineService.pageTimeline(db, actor.orgId, {
    own: { entityType: query.entityType, entityId: query.entityId },
    related: related.filter((r): r is timelineService.RelatedRecords => r !== null && r.records.length > 0),
    kinds: query.kinds && query.kinds.length > 0 ? query.kinds : undefined,
    cursor: query.cursor,
    limit: query.limit,
  });
}

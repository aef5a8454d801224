import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';
import { companies } from './companies.table.ts';
import { companyEnrichments } from './company-enrichment.table.ts';

/** Bulk 統編 enrichments (company-enrichment.service.ts). */

export type EnrichmentRow = typeof companyEnrichments.$inferSelect;

export async function insertEnrichment(db: Db, orgId: string, values: { createdByUserId: string; importId: string | null; companyIds: string[] }): Promise<EnrichmentRow> {
  const [row] = await db
    .insert(companyEnrichments)
    .values({ orgId, ...values, ...(values.companyIds.length === 0 ? { status: 'done' as const, finishedAt: new Date() } : {}) })
    .returning();
  return row!;
}

export async function findEnrichment(db: Db, orgId: string, id: string): Promise<EnrichmentRow | undefined> {
  const [row] = await db
    .select()
    .from(companyEnrichments)
    .where(and(eq(companyEnrichments.orgId, orgId), eq(companyEnrichments.id, id)))
    .limit(1);
  return row;
}

export function listEnrichments(db: Db, orgId: string, limit: number): Promise<EnrichmentRow[]> {
  return db.select().from(companyEnrichments).where(eq(companyEnrichments.orgId, orgId)).orderBy(desc(companyEnrichments.createdAt)).limit(limit);
}

/** The workspace's unfinished enrichment, if any (one at a time: the registry's pace is shared). */
export async function findUnfinished(db: Db, orgId: string): Promise<EnrichmentRow | undefined> {
  const [row] = await db
    .select()
    .from(companyEnrichments)
    .where(and(eq(companyEnrichments.orgId, orgId), sql`${companyEnrichments.status} <> 'done'`))
    .limit(1);
  return row;
}

/** Live companies with a 統編 among those the caller sees, in id order (`all`). */
export async function companyIdsWithTax(db: Db, orgId: string, visibility: SQL, limit: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from ${companies} where org_id = ${orgId} and deleted_at is null and tax is not null and ${visibility} order by id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** The oldest due unfinished enrichment of any workspace, leased to this worker. */
export async function claimDue(db: Db, leaseSeconds: number): Promise<{ id: string; org_id: string } | undefined> {
  const rows = await queryRows<{ id: string; org_id: string }>(
    db,
    sql`update company_enrichments set locked_until = now() + make_interval(secs => ${leaseSeconds}), status = 'running'
        where id = (
          select id from company_enrichments
          where status <> 'done' and next_at <= now() and (locked_until is null or locked_until < now())
          order by next_at limit 1
          for update skip locked)
        returning id, org_id`,
  );
  return rows[0];
}

export type Progress = Partial<Pick<EnrichmentRow, 'position' | 'filled' | 'unchanged' | 'notFound' | 'skipped' | 'flagged' | 'attempts' | 'status' | 'nextAt' | 'finishedAt' | 'lockedUntil'>>;

export async function saveProgress(db: Db, orgId: string, id: string, values: Progress): Promise<void> {
  await db
    .update(companyEnrichments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(companyEnrichments.orgId, orgId), eq(companyEnrichments.id, id)));
}

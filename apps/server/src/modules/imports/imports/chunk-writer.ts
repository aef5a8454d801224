import type { Db } from '../../../db/client.ts';
import * as timelineService from '../../access/timeline/timeline.service.ts';
import type { ImportRecordAction } from './imports.table.ts';
import type { ChunkRow, ImportContext, RowProblem, RowSpec } from './row-spec.ts';

/**
 * Writing one chunk of rows of any kind inside the chunk's transaction: every row checked by its kind's
 * spec, the duplicates of the whole chunk looked up in one query (then kept up to date as rows are created,
 * so two rows of one file with the same email are one contact), skip / update / create per the user's choice,
 * the plan's limit, and an import_records line per created or updated record for undo.
 */
export interface ChunkResult {
  created: number;
  updated: number;
  skipped: number;
  failures: { row: number; cells: string[]; problem: RowProblem }[];
  records: { recordId: string; action: ImportRecordAction; previous: Record<string, unknown> | null }[];
  /** Set when the import must stop (the plan's limit): the rows after it are not written. */
  stop: 'PLAN_LIMIT_REACHED' | null;
}

/** A problem found while writing names its field; the column mapped to that field is the one to show. */
const withColumn = (problem: RowProblem, mapping: string[]): RowProblem =>
  problem.column >= 0 || !mapping.includes(problem.field) ? problem : { ...problem, column: mapping.indexOf(problem.field) };

export async function writeChunk<C>(tx: Db, spec: RowSpec<C>, ctx: ImportContext, rows: ChunkRow[]): Promise<ChunkResult> {
  const result: ChunkResult = { created: 0, updated: 0, skipped: 0, failures: [], records: [], stop: null };
  const checked = rows.map(({ row, cells }) => ({ row, cells, ...spec.check(cells, ctx.mapping, ctx.definitions) }));
  // Looked up in 'create' mode too: a unique key (a company's tax ID) may still not be taken twice.
  const allKeys = [...new Set(checked.flatMap((r) => (r.checked ? spec.duplicateKeys(r.checked) : [])))];
  const existing = allKeys.length > 0 ? await spec.findExisting(tx, ctx.orgId, allKeys, ctx) : new Map<string, string>();
  const writer = await spec.writer(tx, ctx, checked.flatMap((r) => (r.checked ? [r.checked] : [])));
  const createdIds: string[] = [];
  const updatedIds: string[] = [];
  for (const { row, cells, checked: c, problems } of checked) {
    if (!c) {
      result.failures.push({ row, cells, problem: problems[0]! });
      continue;
    }
    const keys = spec.duplicateKeys(c);
    const match = ctx.duplicates === 'create' ? undefined : keys.map((k) => existing.get(k)).find(Boolean);
    if (match && ctx.duplicates === 'skip') {
      result.skipped++;
      continue;
    }
    const conflict = spec.conflict?.(c, existing, match);
    if (conflict) {
      result.failures.push({ row, cells, problem: withColumn(conflict, ctx.mapping) });
      continue;
    }
    if (match) {
      await writer.flush?.();
      const updated = await writer.update(match, c);
      if ('problem' in updated) {
        result.failures.push({ row, cells, problem: withColumn(updated.problem, ctx.mapping) });
        continue;
      }
      result.records.push({ recordId: match, action: 'updated', previous: updated.previous });
      updatedIds.push(match);
      result.updated++;
      continue;
    }
    if (writer.room <= 0) {
      result.stop = 'PLAN_LIMIT_REACHED';
      break;
    }
    const created = await writer.create(c);
    if ('problem' in created) {
      result.failures.push({ row, cells, problem: withColumn(created.problem, ctx.mapping) });
      continue;
    }
    writer.room--;
    for (const k of keys) if (!existing.has(k)) existing.set(k, created.id);
    result.records.push({ recordId: created.id, action: 'created', previous: null });
    createdIds.push(created.id);
    result.created++;
  }
  await writer.flush?.();
  result.records.push(...(writer.createdByName ?? []));
  // Marked as the import's (its id), so a record page's timeline can tell (and filter) what an import created or
  // changed, and its imports section name the import. Entries written before the id was kept hold `true`.
  const marker = { import: [null, ctx.importId] as [unknown, unknown] };
  await timelineService.record(tx, ctx.orgId, ctx.userId, spec.entity, createdIds, 'create', marker);
  await timelineService.record(tx, ctx.orgId, ctx.userId, spec.entity, [...new Set(updatedIds)], 'update', marker);
  return result;
}

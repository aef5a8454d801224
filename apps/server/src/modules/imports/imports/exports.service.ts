import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import {
  dealLineColumnLabels,
  dealLineColumns,
  exportDateFields,
  exportTimeFields,
  fieldLabel,
  isExportField,
  type ExportBody,
  type ExportChoice,
  type ImportKind,
  type Locale,
} from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import { csvLine, csvLines, utf8Bom } from '../../../platform/csv.ts';
import { exportSource } from './export-sources.ts';
import * as importsRepository from './imports.repository.ts';
import { definitionsOf } from './row-spec.ts';
import { specFor } from './specs.ts';
import { xlsxWorkbookWriter, type XlsxCellFormat } from './xlsx-file.ts';

/**
 * POST /{word}/export: the chosen columns of the rows the caller may see (each list's own query, so the scope
 * is the list's), streamed page by page as CSV with a BOM (Excel reads CJK) or as an XLSX workbook, with
 * formula cells neutralised in both. Nothing is held whole: a page of rows at a time. The chosen columns are
 * remembered for the caller (GET /{word}/export/fields).
 */
export interface ExportFile {
  stream: Readable;
  contentType: string;
  fileName: string;
}

const fileWords: Record<ImportKind, string> = { contact: 'contacts', company: 'companies', deal: 'deals', schedule: 'schedules' };

const formatOf = (field: string): XlsxCellFormat => (exportTimeFields.includes(field) ? 'dateTime' : exportDateFields.includes(field) ? 'date' : 'text');

/** The fields the caller chose at their last export of this kind. */
export async function exportChoice(db: Db, actor: Actor, kind: ImportKind): Promise<ExportChoice> {
  assertCan(actor, specFor(kind).feature, 'export');
  return { fields: await importsRepository.findExportChoice(db, actor.orgId, actor.userId, kind) };
}

export async function exportRecords(db: Db, actor: Actor, kind: ImportKind, body: ExportBody, locale: Locale): Promise<ExportFile> {
  assertCan(actor, specFor(kind).feature, 'export');
  body.fields.forEach((f, i) => {
    if (!isExportField(kind, f)) throw fieldError(`fields.${i}`, 'invalidValue');
  });
  if (body.range === 'selected' && !body.ids?.length) throw fieldError('ids', 'required');
  const definitions = new Map((await definitionsOf(db, actor.orgId, specFor(kind))).map((d) => [`custom:${d.id}`, d.title]));
  // A custom field deleted since the choice was saved is left out rather than refused.
  const fields = body.fields.filter((f) => f !== 'lines' && (!f.startsWith('custom:') || definitions.has(f)));
  if (fields.length === 0) throw fieldError('fields', 'required');
  await importsRepository.saveExportChoice(db, actor.orgId, actor.userId, kind, body.fields);
  const source = await exportSource(db, actor, kind, body, locale);
  const cells = fields.map((f) => source.cell(f));
  const header = fields.map((f) => definitions.get(f) ?? fieldLabel(locale, kind, f));
  /** The pages in order; the next page is asked for before this one is written (PostgreSQL reads it meanwhile). */
  async function* pages(): AsyncGenerator<unknown[]> {
    let next = source.readPage(undefined);
    for (;;) {
      const page = await next;
      if (page.nextCursor) {
        next = source.readPage(page.nextCursor);
        // Awaited on the next turn; a download abandoned before then must not leave its failure unhandled.
        next.catch(() => {});
      }
      if (page.rows.length > 0) yield page.rows;
      if (!page.nextCursor) return;
    }
  }
  const fileName = `${fileWords[kind]}.${body.format}`;
  if (body.format === 'csv') {
    async function* text() {
      yield utf8Bom + csvLine(header);
      // One string a page: one write to the response per page rather than one per line.
      for await (const rows of pages()) yield csvLines(rows, cells);
    }
    return { stream: Readable.from(text()), contentType: 'text/csv; charset=utf-8', fileName };
  }
  const out = new PassThrough();
  const workbook = xlsxWorkbookWriter(out);
  // A deal's product and cost lines: a second sheet, one row per line (the first sheet stays one row per deal, so it
  // imports back and its amounts add up); the pages are read again for it, after the first sheet is written.
  const lines = body.fields.includes('lines') ? source.lines : undefined;
  void (async () => {
    const sheet = workbook.sheet(fileWords[kind], fields.map(formatOf));
    sheet.row(header);
    for await (const rows of pages()) {
      for (const row of rows) sheet.row(cells.map((cell) => cell(row)));
      // A slow download holds the next page back instead of buffering the whole workbook.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    if (lines) {
      const words = dealLineColumnLabels[locale];
      const lineSheet = workbook.sheet(fieldLabel(locale, kind, 'lines'));
      lineSheet.row(dealLineColumns.map((c) => words[c]));
      for await (const rows of pages()) {
        for (const line of await lines(rows)) lineSheet.row(line);
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      lineSheet.commit();
    }
    await workbook.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return { stream: out, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName };
}

import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { exportFields, fieldLabel, type ExportBody, type ImportKind, type Locale } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import { csvLine, csvLines, utf8Bom } from './csv-file.ts';
import { exportSource } from './export-sources.ts';
import { specFor } from './specs.ts';
import { xlsxTableWriter } from './xlsx-file.ts';

/**
 * POST /{word}/export: the chosen columns of the rows the caller may see (each list's own query, so the scope
 * is the list's), streamed page by page as CSV with a BOM (Excel reads CJK) or as an XLSX workbook, with
 * formula cells neutralised in both. Nothing is held whole: a page of rows at a time.
 */
export interface ExportFile {
  stream: Readable;
  contentType: string;
  fileName: string;
}

const fileWords: Record<ImportKind, string> = { contact: 'contacts', company: 'companies', deal: 'deals', schedule: 'schedules' };

export async function exportRecords(db: Db, actor: Actor, kind: ImportKind, body: ExportBody, locale: Locale): Promise<ExportFile> {
  assertCan(actor, specFor(kind).feature, 'export');
  body.fields.forEach((f, i) => {
    if (!(exportFields[kind] as readonly string[]).includes(f)) throw fieldError(`fields.${i}`, 'invalidValue');
  });
  if (body.range === 'selected' && !body.ids?.length) throw fieldError('ids', 'required');
  const source = await exportSource(db, actor, kind, body, locale);
  const cells = body.fields.map((f) => source.cell(f));
  const header = body.fields.map((f) => fieldLabel(locale, kind, f));
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
  const sheet = xlsxTableWriter(out, fileWords[kind]);
  void (async () => {
    sheet.row(header);
    for await (const rows of pages()) {
      for (const row of rows) sheet.row(cells.map((cell) => cell(row)));
      // A slow download holds the next page back instead of buffering the whole workbook.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    await sheet.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return { stream: out, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName };
}

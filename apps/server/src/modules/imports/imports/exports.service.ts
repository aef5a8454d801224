import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { exportFields, fieldLabel, type ExportBody, type ImportKind, type Locale } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import { csvLine, utf8Bom } from './csv-file.ts';
import { exportPages } from './export-sources.ts';
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
  const selected = body.range === 'selected' ? new Set(body.ids) : undefined;
  const readPage = await exportPages(db, actor, kind, body, locale);
  const header = body.fields.map((f) => fieldLabel(locale, kind, f));
  async function* rows(): AsyncGenerator<string[][]> {
    let cursor: string | undefined;
    for (;;) {
      const page = await readPage(cursor);
      const chosen = page.rows.filter((row) => !selected || selected.has(row.id));
      if (chosen.length > 0) yield chosen.map((row) => body.fields.map((f) => row.cells(f)));
      if (!page.nextCursor) return;
      cursor = page.nextCursor;
    }
  }
  const fileName = `${fileWords[kind]}.${body.format}`;
  if (body.format === 'csv') {
    async function* lines() {
      yield utf8Bom + csvLine(header);
      for await (const page of rows()) yield page.map(csvLine).join('');
    }
    return { stream: Readable.from(lines()), contentType: 'text/csv; charset=utf-8', fileName };
  }
  const out = new PassThrough();
  const sheet = xlsxTableWriter(out, fileWords[kind]);
  void (async () => {
    sheet.row(header);
    for await (const page of rows()) {
      for (const cells of page) sheet.row(cells);
      // A slow download holds the next page back instead of buffering the whole workbook.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    await sheet.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return { stream: out, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName };
}

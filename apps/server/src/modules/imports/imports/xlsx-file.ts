import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { firstWorksheetRows } from './readers/xlsx-reader.ts';

/**
 * Excel workbooks, streamed both ways with exceljs: an import reads the first sheet row by row
 * (WorkbookReader: the zip is read as a stream, shared strings cached, no sheet held whole), an export writes
 * rows to the response as they come (WorkbookWriter: each row committed, so memory stays flat).
 */

/** A zip file (an .xlsx is one) starts with "PK\x03\x04". */
export const isXlsx = (sample: Buffer) => sample.length >= 4 && sample.readUInt32BE(0) === 0x504b0304;

/** A cell as the text a CSV would hold: dates as YYYY-MM-DD (with the time when there is one), formulas by their result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
  }
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text as ExcelJS.CellValue);
  return '';
}

/** The first sheet's rows in order (the header row first), whatever the zip's part order; blank rows are skipped, as in a CSV. */
export async function* readXlsxRows(path: string): AsyncGenerator<string[]> {
  for await (const row of firstWorksheetRows(path)) {
    const values = row.values as ExcelJS.CellValue[];
    // row.values is 1-based (index 0 is empty).
    const cells = Array.from({ length: Math.max(values.length - 1, 0) }, (_, i) => cellText(values[i + 1]).trim());
    if (cells.some((c) => c !== '')) yield cells;
  }
}

/** How a column's text is written: as text (the default), or as a real date or date-and-time cell. */
export type XlsxCellFormat = 'text' | 'date' | 'dateTime';
const numFmts = { date: 'yyyy-mm-dd', dateTime: 'yyyy-mm-dd hh:mm:ss' } as const;

/** "YYYY-MM-DD[ HH:mm:ss]" wall-clock text → the Date a spreadsheet shows as that wall-clock (serials carry no zone). */
function wallClock(text: string): Date | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}:\d{2}:\d{2}))?$/.exec(text);
  return m ? new Date(`${m[1]}T${m[2] ?? '00:00:00'}Z`) : undefined;
}

/**
 * An export's workbook streamed into `out`, one sheet after another. Text cells are never run as formulas by a
 * spreadsheet, so no apostrophe is written (+44 20 7946 0958 stays as typed; the CSV neutralises instead); dates and
 * times are real date cells (sortable, filterable), written as the wall-clock text they were given.
 */
export function xlsxWorkbookWriter(out: Writable) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  return {
    sheet(name: string, formats: readonly XlsxCellFormat[] = []) {
      const sheet = workbook.addWorksheet(name.slice(0, 31));
      return {
        row(cells: readonly string[]) {
          const values = cells.map((cell, i) => {
            const format = formats[i] ?? 'text';
            return format === 'text' ? cell : (wallClock(cell) ?? cell);
          });
          const row = sheet.addRow(values);
          values.forEach((value, i) => {
            if (value instanceof Date) row.getCell(i + 1).numFmt = numFmts[formats[i] as 'date' | 'dateTime'];
          });
          row.commit();
        },
        commit: () => sheet.commit(),
      };
    },
    end: () => workbook.commit(),
  };
}

/** A one-sheet workbook of text cells (xlsxWorkbookWriter's first sheet). */
export function xlsxTableWriter(out: Writable, sheetName: string) {
  const workbook = xlsxWorkbookWriter(out);
  const sheet = workbook.sheet(sheetName);
  return {
    row: sheet.row,
    async end() {
      sheet.commit();
      await workbook.end();
    },
  };
}

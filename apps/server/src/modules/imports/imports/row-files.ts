import { detectEncoding, readCsvRows, type CsvEncoding } from './csv-file.ts';
import { isXlsx, readXlsxRows } from './xlsx-file.ts';

/** An uploaded file is a CSV in one of its encodings or an Excel workbook; both read as rows of text cells. */
export type FileEncoding = CsvEncoding | 'xlsx';

/** From the file's first bytes; 400 IMPORT_FILE_UNREADABLE when it is neither a workbook nor decodable text. */
export function detectFileEncoding(sample: Buffer): FileEncoding {
  return isXlsx(sample) ? 'xlsx' : detectEncoding(sample);
}

/** The file's rows in order (the header row first), streamed. */
export function readRows(path: string, encoding: string): AsyncGenerator<string[]> {
  return encoding === 'xlsx' ? readXlsxRows(path) : readCsvRows(path, encoding as CsvEncoding);
}

/** The check step's pass over the whole file: its header (trimmed) and how many rows follow it. */
export async function countRows(path: string, encoding: string): Promise<{ headers: string[] | undefined; totalRows: number }> {
  let headers: string[] | undefined;
  let totalRows = 0;
  for await (const cells of readRows(path, encoding)) {
    if (headers) totalRows++;
    else headers = cells.map((h) => h.trim());
  }
  return { headers, totalRows };
}

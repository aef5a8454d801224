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

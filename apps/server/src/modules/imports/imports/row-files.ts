import { AppError } from '../../../platform/errors.ts';
import { detectEncoding, readCsvRows, type CsvEncoding } from './csv-file.ts';
import { isVcard, readVcardRows } from './readers/vcard-reader.ts';
import { isXlsx, readXlsxRows } from './xlsx-file.ts';
import { unneutralize } from '../../../platform/csv.ts';

/** An uploaded file is a CSV in one of its encodings, an Excel workbook or vCards; all read as rows of text cells. */
/** A vCard file in UTF-8 is `vcard`, in another encoding `vcard:<encoding>` (rare: old phones' Big5). */
export type FileEncoding = CsvEncoding | 'xlsx' | 'vcard' | `vcard:${CsvEncoding}`;

/** An Excel 97–2003 workbook (.xls) is an OLE2 compound file. */
const isOle2 = (sample: Buffer) => sample.length >= 8 && sample.readUInt32BE(0) === 0xd0cf11e0 && sample.readUInt32BE(4) === 0xa1b11ae1;

/** From the file's first bytes; 400 IMPORT_FILE_UNREADABLE when it is neither a workbook nor decodable text, IMPORT_XLS_NOT_SUPPORTED for an .xls. */
export function detectFileEncoding(sample: Buffer): FileEncoding {
  if (isXlsx(sample)) return 'xlsx';
  if (isOle2(sample)) throw new AppError('IMPORT_XLS_NOT_SUPPORTED');
  const encoding = detectEncoding(sample);
  if (!isVcard(sample, encoding)) return encoding;
  return encoding === 'utf-8' || encoding === 'utf-8-bom' ? 'vcard' : `vcard:${encoding}`;
}


async function* rowsOf(path: string, encoding: string): AsyncGenerator<string[]> {
  if (encoding === 'xlsx') yield* readXlsxRows(path);
  else if (encoding.startsWith('vcard')) yield* readVcardRows(path, encoding.slice('vcard:'.length));
  else yield* readCsvRows(path, encoding as CsvEncoding);
}

/**
 * The file's rows in order (the header row first), streamed. Any failure of a reader (a damaged zip, a workbook a
 * reader cannot follow) is 400 IMPORT_FILE_UNREADABLE: at upload the answer, during a run the import's end as failed.
 */
export async function* readRows(path: string, encoding: string): AsyncGenerator<string[]> {
  try {
    for await (const cells of rowsOf(path, encoding)) yield cells.map(unneutralize);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw Object.assign(new AppError('IMPORT_FILE_UNREADABLE'), { cause: error });
  }
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

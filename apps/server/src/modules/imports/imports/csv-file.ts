import fs from 'node:fs';
import { AppError } from '../../../platform/errors.ts';

/**
 * CSV files of an import: encoding detection (UTF-8 with or without BOM, Big5 from Taiwanese Excel) and a
 * streaming RFC 4180 reader, so a large file is read row by row and never held whole in memory.
 */
export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'big5';

/** Decides the encoding from the file's first bytes; 400 IMPORT_FILE_UNREADABLE when neither decodes cleanly. */
export function detectEncoding(sample: Buffer): CsvEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8-bom';
  if (sample.includes(0)) throw new AppError('IMPORT_FILE_UNREADABLE');
  for (const encoding of ['utf-8', 'big5'] as const) {
    try {
      // stream: a multi-byte character cut at the end of the sample is not an error.
      new TextDecoder(encoding, { fatal: true }).decode(sample, { stream: true });
      return encoding;
    } catch {
      // try the next one
    }
  }
  throw new AppError('IMPORT_FILE_UNREADABLE');
}

function decoderFor(encoding: CsvEncoding): TextDecoder {
  return new TextDecoder(encoding === 'big5' ? 'big5' : 'utf-8', { ignoreBOM: false });
}

/** A CSV state machine fed text piece by piece; completed rows come out of push(). Blank lines are skipped. */
export function csvParser() {
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let pendingCr = false;
  const finishRow = (out: string[][]) => {
    row.push(field);
    field = '';
    if (!(row.length === 1 && row[0] === '')) out.push(row);
    row = [];
  };
  return {
    push(text: string): string[][] {
      const out: string[][] = [];
      for (let i = 0; i < text.length; i++) {
        const ch = text[i]!;
        if (pendingCr) {
          pendingCr = false;
          if (ch === '\n') continue;
        }
        if (quoted) {
          if (ch === '"') {
            quoted = false;
            afterQuote = true;
          } else field += ch;
          continue;
        }
        if (ch === '"') {
          // "" inside a quoted field is a quote; a quote opening a field starts quoting.
          if (afterQuote) field += '"';
          quoted = true;
          afterQuote = false;
          continue;
        }
        afterQuote = false;
        if (ch === ',') {
          row.push(field);
          field = '';
        } else if (ch === '\n' || ch === '\r') {
          pendingCr = ch === '\r';
          finishRow(out);
        } else field += ch;
      }
      return out;
    },
    end(): string[][] {
      const out: string[][] = [];
      if (field !== '' || row.length > 0) finishRow(out);
      return out;
    },
  };
}

/**
 * The file's rows in order (the header row first), read in 64 KB pieces into one reused buffer: a read stream's new
 * buffer per piece is memory outside the JS heap that only a full garbage collection frees, ~1 000 of them per
 * 60 MB file (bench/README.md, "Import and export").
 */
export async function* readCsvRows(path: string, encoding: CsvEncoding): AsyncGenerator<string[]> {
  const decoder = decoderFor(encoding);
  const parser = csvParser();
  const handle = await fs.promises.open(path, 'r');
  try {
    const piece = Buffer.allocUnsafe(64 * 1024);
    for (;;) {
      const { bytesRead } = await handle.read(piece, 0, piece.length, null);
      if (bytesRead === 0) break;
      // decode copies the bytes into a string, so the buffer can be read into again.
      yield* parser.push(decoder.decode(piece.subarray(0, bytesRead), { stream: true }));
    }
  } finally {
    await handle.close();
  }
  yield* parser.push(decoder.decode());
  yield* parser.end();
}

/** Characters that make a spreadsheet run a cell as a formula. */
const formulaStart = /^[=+\-@\t\r]/;

/** A cell safe to open in a spreadsheet: formula-like text gets a leading apostrophe. */
export function neutralize(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

const needsQuotes = /[",\r\n]/;

/** One CSV cell: formula text neutralised, quoted when needed (a missing value is empty, as Array.join wrote it). */
function csvCell(raw: string | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  const value = neutralize(raw);
  return needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line (with CRLF): quoted when needed, formula cells neutralised. */
export function csvLine(cells: readonly string[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) line += i === 0 ? csvCell(cells[i]!) : `,${csvCell(cells[i]!)}`;
  return `${line}\r\n`;
}

/** The CSV lines of a page of rows, one cell function per column: one string, no array per row or cell. */
export function csvLines<R>(rows: readonly R[], cells: readonly ((row: R) => string)[]): string {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < cells.length; i++) text += i === 0 ? csvCell(cells[i]!(row)) : `,${csvCell(cells[i]!(row))}`;
    text += '\r\n';
  }
  return text;
}

export const utf8Bom = '\uFEFF';

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';

/**
 * The first worksheet of a workbook, streamed whatever the order of the zip's parts. exceljs's WorkbookReader
 * parses a worksheet as soon as the shared strings and the relationships are known and then reads
 * `model.sheets`, which is undefined when xl/workbook.xml comes later in the zip (SheetJS writes that valid
 * order): "Cannot read properties of undefined (reading 'sheets')". Here a worksheet met before every part it
 * needs (relationships, workbook, shared strings, styles) is copied to a file beside the upload and read once the
 * zip is through, so memory stays one piece and the shared strings (docs/decisions/0015-import-memory.md).
 * The part parsers are exceljs's own (WorkbookReader's methods), so cells read the same as before.
 */
const fromExcelJs = createRequire(createRequire(import.meta.url).resolve('exceljs'));
const unzip = fromExcelJs('unzipper') as { Parse(options: { forceStream: boolean }): NodeJS.ReadWriteStream & AsyncIterable<ZipEntry> };
const iterateStream = fromExcelJs('./lib/utils/iterate-stream.js') as (stream: NodeJS.ReadableStream) => AsyncIterable<unknown>;
const StyleManager = fromExcelJs('./lib/xlsx/xform/style/styles-xform.js') as new () => unknown;

interface ZipEntry extends NodeJS.ReadableStream {
  path: string;
  autodrain(): unknown;
}

/** The WorkbookReader's part parsers and what they fill (exceljs's lib/stream/xlsx/workbook-reader.js). */
interface ReaderParts {
  workbookRels?: unknown;
  model?: { sheets?: unknown[] };
  sharedStrings?: unknown[];
  styles?: unknown;
  properties?: unknown;
  _parseRels(entry: ZipEntry): Promise<void>;
  _parseWorkbook(entry: ZipEntry): Promise<void>;
  _parseSharedStrings(entry: ZipEntry): AsyncGenerator<unknown>;
  _parseStyles(entry: ZipEntry): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

const worksheetPath = /^xl\/worksheets\/sheet(\d+)\.xml$/;

function* worksheetOf(reader: ReaderParts, iterator: AsyncIterable<unknown>, sheetNo: string): Generator<AsyncIterable<ExcelJS.Row>> {
  for (const event of reader._parseWorksheet(iterator, sheetNo)) if (event.eventType === 'worksheet') yield event.value;
}

/** The rows of the zip's first worksheet (exceljs rows: `values` 1-based). */
export async function* firstWorksheetRows(file: string): AsyncGenerator<ExcelJS.Row> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  }) as unknown as ReaderParts;
  const input = fs.createReadStream(file);
  const zip = unzip.Parse({ forceStream: true });
  // A damaged zip fails the parser, not always the part being read: the part is failed with it, and every wait
  // below races that failure, so a bad file ends in an error instead of a read that never finishes.
  let current: ZipEntry | undefined;
  let failure: Error | undefined;
  let fail: (error: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = (error: Error) => {
      failure ??= error;
      (current as unknown as { destroy?(error: Error): void } | undefined)?.destroy?.(error);
      reject(error);
    };
    zip.on('error', fail);
    input.on('error', fail);
  });
  failed.catch(() => {});
  const guard = <T>(work: Promise<T>) => Promise.race([work, failed]);
  input.pipe(zip);
  let deferred: { path: string; sheetNo: string } | undefined;
  try {
    for await (const entry of zip) {
      current = entry;
      // A part's inflate error is emitted on the part: unheard, it would be an uncaught exception of the process.
      entry.on('error', fail);
      const sheet = worksheetPath.exec(entry.path);
      if (entry.path === 'xl/_rels/workbook.xml.rels') await guard(reader._parseRels(entry));
      else if (entry.path === 'xl/workbook.xml') await guard(reader._parseWorkbook(entry));
      else if (entry.path === 'xl/styles.xml') await guard(reader._parseStyles(entry));
      else if (entry.path === 'xl/sharedStrings.xml') {
        // With sharedStrings 'cache' the parser fills reader.sharedStrings and yields nothing.
        await guard((async () => {
          for await (const _ of reader._parseSharedStrings(entry));
        })());
      } else if (sheet && !deferred) {
        if (reader.workbookRels && reader.model && reader.sharedStrings && reader.styles) {
          for (const rows of worksheetOf(reader, iterateStream(entry), sheet[1]!)) yield* rows;
          // Only the first sheet is imported; the rest of the zip is not read.
          return;
        }
        deferred = { path: `${file}.${randomUUID()}.sheet.xml`, sheetNo: sheet[1]! };
        await guard(pipeline(entry, fs.createWriteStream(deferred.path)));
        continue;
      }
      entry.autodrain();
    }
    if (failure) throw failure;
    if (!deferred) return;
    // Parts a workbook may lack: no styles (cells unstyled), no workbook part (the sheet keeps its number).
    reader.styles ??= new StyleManager();
    reader.model ??= { sheets: [] };
    reader.properties ??= {};
    for (const rows of worksheetOf(reader, fs.createReadStream(deferred.path), deferred.sheetNo)) yield* rows;
  } finally {
    input.destroy();
    if (deferred) await fsp.rm(deferred.path, { force: true });
  }
}

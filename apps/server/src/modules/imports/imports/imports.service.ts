import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  customTarget,
  formatErrorMessage,
  importChunkRows,
  importCustomFieldKinds,
  importFields,
  importUndoDays,
  maxImportBytes,
  multiColumnTargets,
  newFieldTarget,
  requiredImportFields,
  validationReasonMessages,
  type DuplicateMode,
  type ImportDetail,
  type ImportFieldBody,
  type ImportKind,
  type ImportProblem,
  type Locale,
} from '@lodestar/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { assertCan, type Actor } from '../../access/privileges/access-core.ts';
import * as customFieldsService from '../../records/custom-fields/custom-fields.service.ts';
import { guessMapping } from './columns.ts';
import { ImportThreadOutOfMemory, inImportThread, type ImportThread } from './import-thread.ts';
import { csvLine, utf8Bom } from '../../../platform/csv.ts';
import * as importsRepository from './imports.repository.ts';
import { runsWorkflows } from './import-actor.ts';
import type { ImportRow } from './imports.repository.ts';
import { importFilePath } from './imports.runner.ts';
import { countRows, detectFileEncoding, readRows } from './row-files.ts';
import { definitionsOf } from './row-spec.ts';
import { recognisePreset } from './presets/presets.ts';
import { specFor } from './specs.ts';
import * as undoRepository from './undo.repository.ts';

/** The check step, the run and undo of an import (docs/product.md#import-and-export). */
const previewRows = 5;
const checkRows = 200;
const shownProblems = 200;

const loadDefinitions = (db: Db, orgId: string, kind: ImportKind) => definitionsOf(db, orgId, specFor(kind));

/** Anyone with the feature's import privilege imports; an import is seen by its uploader and system administrators. */
async function loadImport(db: Db, actor: Actor, kind: ImportKind, id: string): Promise<ImportRow> {
  assertCan(actor, specFor(kind).feature, 'import');
  const imp = await importsRepository.findImport(db, actor.orgId, id);
  if (!imp || imp.kind !== kind || (imp.userId !== actor.userId && !actor.isSystemAdministrator)) throw new AppError('NOT_FOUND');
  return imp;
}

/** The first rows of the stored file (after the header). */
async function firstRows(dataDir: string, imp: ImportRow, count: number): Promise<string[][]> {
  const rows: string[][] = [];
  if (!imp.filePath) return rows;
  let header = true;
  for await (const cells of readRows(importFilePath(dataDir, imp.filePath), imp.encoding)) {
    if (header) {
      header = false;
      continue;
    }
    rows.push(cells);
    if (rows.length >= count) break;
  }
  return rows;
}

/**
 * The whole file's pass: in an import thread for a large file on PostgreSQL (import-thread.ts, importThreadOf); in
 * process on PGlite, for a small file, or when the thread ran out of memory.
 */
async function countFileRows(thread: ImportThread | undefined, file: string, bytes: number, encoding: string): Promise<{ headers: string[] | undefined; totalRows: number }> {
  if (thread && bytes >= thread.fromBytes) {
    try {
      return await inImportThread(thread, { task: 'count', path: file, encoding });
    } catch (error) {
      if (!(error instanceof ImportThreadOutOfMemory)) throw error;
      process.emitWarning(`${error.message}; counting the file's rows in process`);
    }
  }
  return countRows(file, encoding);
}

/** POST /{word}/import: streams the file part to DATA_DIR/imports/<org>/, detects its encoding (or a workbook), reads its header and counts its rows. */
export async function upload(
  db: Db,
  actor: Actor,
  kind: ImportKind,
  dataDir: string,
  request: FastifyRequest,
  thread: ImportThread | undefined,
): Promise<{ id: string }> {
  assertCan(actor, specFor(kind).feature, 'import');
  if (!request.isMultipart()) throw fieldError('file', 'required');
  const part = await request.file({ limits: { fileSize: maxImportBytes, files: 1 } });
  if (!part) throw fieldError('file', 'required');
  const relative = path.join('imports', actor.orgId, randomUUID());
  const absolute = importFilePath(dataDir, relative);
  await fsp.mkdir(path.dirname(absolute), { recursive: true });
  try {
    await pipeline(part.file, fs.createWriteStream(absolute));
    if (part.file.truncated) throw new AppError('BODY_TOO_LARGE');
    const handle = await fsp.open(absolute);
    const sample = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(sample, 0, sample.length, 0);
    await handle.close();
    const encoding = detectFileEncoding(sample.subarray(0, bytesRead));
    const fileBytes = (await fsp.stat(absolute)).size;
    const { headers, totalRows } = await countFileRows(thread, absolute, fileBytes, encoding);
    if (!headers || headers.length > 200) throw new AppError('IMPORT_FILE_UNREADABLE');
    const definitions = await loadDefinitions(db, actor.orgId, kind);
    const imp = await importsRepository.insertImport(db, {
      orgId: actor.orgId,
      userId: actor.userId,
      kind,
      fileName: part.filename.slice(0, 200) || 'import.csv',
      filePath: relative,
      fileBytes,
      encoding,
      headers,
      mapping: guessMapping(kind, headers, definitions),
      totalRows,
      chunkRows: importChunkRows,
    });
    return { id: imp.id };
  } catch (error) {
    await fsp.rm(absolute, { force: true });
    throw error;
  }
}

function problemOf(locale: Locale, row: number, column: string, reason: string): ImportProblem {
  const message = validationReasonMessages[locale][reason as keyof (typeof validationReasonMessages)[Locale]] ?? reason;
  return { row, column, reason, message };
}

async function problemsOf(db: Db, dataDir: string, imp: ImportRow, locale: Locale): Promise<ImportProblem[]> {
  if (imp.state !== 'ready') {
    return (await importsRepository.failuresOf(db, imp.id, shownProblems)).map((f) => problemOf(locale, f.row, f.column, f.reason));
  }
  const spec = specFor(imp.kind);
  const definitions = await loadDefinitions(db, imp.orgId, imp.kind);
  // New columns are not fields yet: check them as plain text.
  const mapping = imp.mapping.map((m) => (m === newFieldTarget ? '' : m));
  const problems: ImportProblem[] = [];
  (await firstRows(dataDir, imp, checkRows)).forEach((cells, i) => {
    for (const p of spec.check(cells, mapping, definitions).problems) {
      problems.push(problemOf(locale, i + 1, p.column >= 0 ? (imp.headers[p.column] ?? '') : p.field, p.reason));
    }
  });
  return problems.slice(0, shownProblems);
}

export async function toDetail(db: Db, dataDir: string, imp: ImportRow, locale: Locale): Promise<ImportDetail> {
  const definitions = await loadDefinitions(db, imp.orgId, imp.kind);
  const end = imp.finishedAt ?? new Date();
  const seconds = imp.startedAt ? Math.max((end.getTime() - imp.startedAt.getTime()) / 1000, 0.001) : null;
  const rowsPerSecond = seconds && imp.rowsDone > 0 ? Math.round(imp.rowsDone / seconds) : null;
  const wrote = imp.createdCount + imp.updatedCount > 0;
  return {
    id: imp.id,
    kind: imp.kind,
    state: imp.state,
    fileName: imp.fileName,
    encoding: imp.encoding,
    headers: imp.headers,
    mapping: imp.mapping,
    duplicates: imp.duplicates,
    runWorkflows: runsWorkflows(imp),
    targets: [
      ...importFields[imp.kind].map((key) => ({ key, title: null, required: requiredImportFields[imp.kind].includes(key) })),
      ...definitions.map((d) => ({ key: customTarget(d.id), title: d.title, required: d.required })),
    ],
    preset: recognisePreset(imp.kind, imp.headers, definitions.map((d) => d.title))?.id ?? null,
    preview: imp.state === 'ready' ? await firstRows(dataDir, imp, previewRows) : [],
    problems: await problemsOf(db, dataDir, imp, locale),
    totalRows: imp.totalRows,
    rowsDone: imp.rowsDone,
    created: imp.createdCount,
    updated: imp.updatedCount,
    skipped: imp.skippedCount,
    failed: imp.failedCount,
    rowsPerSecond,
    secondsLeft: imp.state === 'running' && rowsPerSecond ? Math.ceil((imp.totalRows - imp.rowsDone) / rowsPerSecond) : null,
    errorCode: imp.errorCode,
    errorMessage: imp.errorCode ? formatErrorMessage(locale, imp.errorCode as 'PLAN_LIMIT_REACHED') : null,
    createdAt: imp.createdAt.toISOString(),
    startedAt: imp.startedAt?.toISOString() ?? null,
    finishedAt: imp.finishedAt?.toISOString() ?? null,
    undoUntil:
      (imp.state === 'done' || imp.state === 'failed') && wrote && imp.finishedAt
        ? new Date(imp.finishedAt.getTime() + importUndoDays * 24 * 3600_000).toISOString()
        : null,
    undoTotal: imp.undoTotal,
    undoDone: imp.undoDone,
    registryCompanies: imp.state === 'done' ? await importsRepository.countCompaniesWithTax(db, imp) : 0,
  };
}

export async function detail(db: Db, actor: Actor, kind: ImportKind, id: string, dataDir: string, locale: Locale): Promise<ImportDetail> {
  return toDetail(db, dataDir, await loadImport(db, actor, kind, id), locale);
}

/** POST /{word}/import/field/{id}: the mapping (one target per column) and the duplicate choice. */
export async function setField(db: Db, actor: Actor, kind: ImportKind, id: string, body: ImportFieldBody, dataDir: string, locale: Locale): Promise<ImportDetail> {
  const imp = await loadImport(db, actor, kind, id);
  if (imp.state !== 'ready') throw new AppError('IMPORT_STATE_CONFLICT');
  if (body.mapping.length !== imp.headers.length) throw fieldError('mapping', 'invalidValue');
  const definitions = await loadDefinitions(db, actor.orgId, kind);
  const allowed = new Set<string>(['', ...(importCustomFieldKinds.includes(kind) ? [newFieldTarget] : []), ...importFields[kind], ...definitions.map((d) => customTarget(d.id))]);
  const used = new Set<string>();
  body.mapping.forEach((target, i) => {
    // Blank-named columns are ignored (docs/product.md#import-and-export); a field takes one column, besides
    // phones, e-mails, addresses and tags (contract's multiColumnTargets).
    const once = target !== newFieldTarget && !multiColumnTargets.includes(target);
    if (!allowed.has(target) || (target && imp.headers[i] === '') || (target && once && used.has(target))) {
      throw fieldError(`mapping.${i}`, 'invalidValue');
    }
    used.add(target);
  });
  await importsRepository.updateImport(db, imp.id, { mapping: body.mapping, duplicates: body.duplicates as DuplicateMode, ...(body.runWorkflows === undefined ? {} : { runWorkflows: body.runWorkflows }) });
  return detail(db, actor, kind, id, dataDir, locale);
}

/** POST /{word}/import/store/{id}: new columns become custom fields, then the job takes the import. */
export async function store(db: Db, actor: Actor, kind: ImportKind, id: string): Promise<ImportRow> {
  const imp = await loadImport(db, actor, kind, id);
  if (imp.state !== 'ready') throw new AppError('IMPORT_STATE_CONFLICT');
  return db.transaction(async (tx) => {
    const mapping = [...imp.mapping];
    const entity = specFor(kind).entity;
    for (const [i, target] of mapping.entries()) {
      // Kinds without custom fields never hold a new column (setField refuses it; the guess leaves it ignored).
      if (target === newFieldTarget && entity !== 'schedule') mapping[i] = customTarget((await customFieldsService.addTextField(tx, actor.orgId, entity, imp.headers[i]!)).id);
    }
    if (!(await importsRepository.transition(tx, imp.id, 'ready', { state: 'running', mapping, startedAt: new Date() }))) {
      throw new AppError('IMPORT_STATE_CONFLICT');
    }
    return { ...imp, state: 'running' as const, mapping, startedAt: new Date() };
  });
}

/**
 * POST /{word}/import/undo/{id}: within 7 days of a finished import, hands it to the undo job (undo.runner.ts) and
 * answers at once; the detail then shows undoDone of undoTotal until the state is undone.
 */
export async function startUndo(db: Db, actor: Actor, kind: ImportKind, id: string): Promise<ImportRow> {
  const imp = await loadImport(db, actor, kind, id);
  const finished = imp.state === 'done' || imp.state === 'failed';
  if (!finished || !imp.finishedAt || Date.now() - imp.finishedAt.getTime() > importUndoDays * 24 * 3600_000) {
    throw new AppError('IMPORT_STATE_CONFLICT');
  }
  const undoTotal = await undoRepository.countLinks(db, imp.id);
  const values = { state: 'undoing' as const, undoTotal, undoDone: 0, lockedUntil: null, lockedBy: null };
  if (!(await importsRepository.transition(db, imp.id, imp.state, values))) throw new AppError('IMPORT_STATE_CONFLICT');
  return { ...imp, ...values };
}

/** GET /{word}/import/failed/{id}: the failed rows with the file's header and a reason column, to fix and re-import. */
export async function failedCsv(db: Db, actor: Actor, kind: ImportKind, id: string, locale: Locale): Promise<string> {
  const imp = await loadImport(db, actor, kind, id);
  const rows = await importsRepository.failuresOf(db, imp.id, 100_000);
  const reasonHeader = { 'zh-TW': '錯誤原因', 'zh-CN': '错误原因', 'en-US': 'Problem' }[locale];
  return (
    utf8Bom +
    csvLine([...imp.headers, reasonHeader]) +
    rows.map((r) => csvLine([...imp.headers.map((_, i) => r.cells[i] ?? ''), `${r.column}: ${problemOf(locale, r.row, r.column, r.reason).message}`])).join('')
  );
}

/** The companies an import created or updated, for the registry enrichment on its done page (wiring.ts). */
export const companiesOfImport = (db: Db, orgId: string, importId: string) => importsRepository.companiesOf(db, orgId, importId);

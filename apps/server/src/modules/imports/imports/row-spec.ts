import type { CustomField, CustomFieldEntity, DuplicateMode, ImportKind, TagKind, ValidationReason } from '@lodestar/contract';
import { checkDynamicFields, customFieldFromCell, validationReasons, type DynamicFieldValues } from '@lodestar/contract';
import type { Feature } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import * as customFieldsService from '../../records/custom-fields/custom-fields.service.ts';

/**
 * What one record kind brings to the import machinery (apps/server/src/modules/imports/README.md): how a file row becomes
 * the body its create API validates (the same contract schema, so the same messages), how duplicates are keyed
 * and found (one query per chunk), and how a row is written, updated and undone through the owning module's
 * service. The runner, chunks, failures, counts and undo bookkeeping are one code path for every kind.
 */
export interface RowProblem {
  /** Column index, or -1 when no column holds the field. */
  column: number;
  field: string;
  reason: ValidationReason;
}
export type CheckResult<C> = { checked?: C; problems: RowProblem[] };

export interface ChunkRow {
  row: number;
  cells: string[];
}

export interface ImportContext {
  /** The import's id: the timeline entries it writes name it (a record page lists the imports that touched it). */
  importId: string;
  orgId: string;
  userId: string | null;
  mapping: string[];
  duplicates: DuplicateMode;
  definitions: CustomField[];
}

/** Writes of one chunk, prepared once per chunk (name resolvers, the plan's room). */
export interface RowWriter<C> {
  /** How many more records the plan allows (Infinity when unlimited). */
  room: number;
  create(c: C): Promise<{ id: string } | { problem: RowProblem }>;
  /** Answers the previous values of what it changed (for undo). */
  update(id: string, c: C): Promise<{ previous: Record<string, unknown> } | { problem: RowProblem }>;
  /**
   * Writes creates held back to be sent as one multi-row insert; called before an update (which may touch a
   * record created earlier in the chunk) and at the chunk's end. Absent: create writes at once.
   */
  flush?(): Promise<void>;
  /** Companies and tags this chunk created by name (undo removes them again when nothing else uses them). */
  createdByName?: CreatedByName[];
}

/** A company or tag an import created because a row named it; `previous` of a tag holds its kind. */
export interface CreatedByName {
  recordId: string;
  action: 'companyCreated' | 'tagCreated';
  previous: Record<string, unknown> | null;
}

/** Collects what a chunk's name resolvers create: the callbacks passed to findOrCreateByName and tagNameResolver. */
export function createdByNameCollector() {
  const list: CreatedByName[] = [];
  return {
    list,
    company: (id: string) => void list.push({ recordId: id, action: 'companyCreated', previous: null }),
    tag: (kind: TagKind) => (id: string) => void list.push({ recordId: id, action: 'tagCreated', previous: { kind } }),
  };
}

export interface RowSpec<C> {
  kind: ImportKind;
  /** The privilege feature whose import/export methods apply. */
  feature: Feature;
  /** The table the rows go to, whose planner statistics are refreshed after the import (the lists' totals). */
  table: string;
  /** Custom fields' entity and the timeline's entity type (schedules have no custom fields). */
  entity: CustomFieldEntity | 'schedule';
  check(cells: string[], mapping: string[], definitions: CustomField[]): CheckResult<C>;
  /** The keys a row is a duplicate by, strongest first ("email:…", "tax:…", "name:…"). */
  duplicateKeys(c: C): string[];
  /** The oldest live record holding each key, for a whole chunk's keys in one query (ctx: keys naming the importer). */
  findExisting(tx: Db, orgId: string, keys: string[], ctx?: ImportContext): Promise<Map<string, string>>;
  /** A row that would take a unique value another record holds (besides `match`, the record it updates). */
  conflict?(c: C, existing: Map<string, string>, match: string | undefined): RowProblem | undefined;
  /** Gets the chunk's checked rows, to resolve their names in one query each. */
  writer(tx: Db, ctx: ImportContext, rows: C[]): Promise<RowWriter<C>>;
  /** Created records go for good; updated ones get their previous values back. */
  undo(tx: Db, orgId: string, created: string[], updated: { recordId: string; previous: Record<string, unknown> }[]): Promise<void>;
}

/** A kind's custom fields (none for schedules). */
export const definitionsOf = (db: Db, orgId: string, spec: Pick<RowSpec<unknown>, 'entity'>): Promise<CustomField[]> =>
  spec.entity === 'schedule' ? Promise.resolve([]) : customFieldsService.listFields(db, orgId, spec.entity);

const listSplit = /[;；,，、\n]+|\s*:::\s*/;
/** A cell holding several values (tags, phones, emails); ` ::: ` is Google Contacts' separator. */
export const listValues = (cell: string) => cell.split(listSplit).map((v) => v.trim()).filter(Boolean);

/** 2024/3/5, 2024-03-05, 2024.3.5, 2024年3月5日 → 2024-03-05; anything else unchanged (then refused as a bad date). */
export function normalizeDate(cell: string): string {
  const m = /^(\d{4})[/.\-年](\d{1,2})[/.\-月](\d{1,2})日?$/.exec(cell.trim());
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : cell.trim();
}

/** The mapped, non-empty cells of a row: built-in targets by name, custom ones as dynamic field values. */
export function mappedCells(cells: string[], mapping: string[], definitions: CustomField[]) {
  const columnOf = new Map<string, number>();
  const fields = new Map<string, string>();
  const dynamicFields: DynamicFieldValues = {};
  mapping.forEach((target, column) => {
    const cell = (cells[column] ?? '').trim();
    if (!target) return;
    // Known even when empty: a required field left blank is named by its column.
    columnOf.set(target, column);
    if (cell === '') return;
    if (target.startsWith('custom:')) {
      const id = target.slice('custom:'.length);
      const def = definitions.find((d) => d.id === id);
      dynamicFields[id] = def?.inputType === 'date' ? normalizeDate(cell) : customFieldFromCell(def, cell);
    } else fields.set(target, cell);
  });
  return { columnOf, fields, dynamicFields };
}

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  origin?: unknown;
  minimum?: unknown;
  format?: unknown;
}

/** A contract schema's issues as row problems, with the reasons the create API answers. */
export function schemaProblems(issues: readonly Issue[], columnOfPath: (path: PropertyKey[]) => number): RowProblem[] {
  return issues.map((issue) => {
    let reason: ValidationReason = 'invalidValue';
    if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) reason = 'required';
    else if (issue.code === 'too_big') reason = 'tooLong';
    else if (issue.code === 'invalid_format' && issue.format === 'email') reason = 'invalidEmail';
    else if ((validationReasons as readonly string[]).includes(issue.message)) reason = issue.message as ValidationReason;
    else if (issue.code === 'invalid_type' && issue.message.includes('undefined')) reason = 'required';
    return { column: columnOfPath(issue.path), field: issue.path.join('.'), reason };
  });
}

/** The custom fields' rule (the drawers' checkDynamicFields): cleaned values, or the first problem. */
export function dynamicProblem(definitions: CustomField[], values: DynamicFieldValues, columnOf: Map<string, number>) {
  const dynamic = checkDynamicFields(definitions, values);
  if (!dynamic.problem) return { values: dynamic.values, problem: undefined };
  const id = dynamic.problem.field.split('.')[1]!;
  const problem: RowProblem = { column: columnOf.get(`custom:${id}`) ?? -1, field: dynamic.problem.field, reason: dynamic.problem.reason };
  return { values: dynamic.values, problem };
}

/** Previous values of the keys an update writes (undo puts them back). */
export function previousOf<T extends object>(existing: T, next: Partial<T>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(next).map((k) => [k, existing[k as keyof T]]));
}

/** The values after "prefix:" of the keys with that prefix. */
export const keyValues = (keys: string[], prefix: string) => keys.filter((k) => k.startsWith(`${prefix}:`)).map((k) => k.slice(prefix.length + 1));

/** Records found oldest first → each key to the oldest record holding it. */
export function oldestHolders<R extends { id: string }>(rows: R[], keysOf: (row: R) => string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const row of rows) for (const key of keysOf(row)) if (key && !found.has(key)) found.set(key, row.id);
  return found;
}

/**
 * Undo through a module's service: created records purged a thousand at a time, updated ones written back
 * with their previous values (timestamps come back from jsonb as text and are made dates again).
 */
export function undoWith<V>(
  purge: (tx: Db, orgId: string, ids: string[]) => Promise<void>,
  restore: (tx: Db, orgId: string, id: string, values: Partial<V>) => Promise<void>,
  timestampKeys: string[] = [],
): RowSpec<unknown>['undo'] {
  return async (tx, orgId, created, updated) => {
    for (let i = 0; i < created.length; i += 1000) await purge(tx, orgId, created.slice(i, i + 1000));
    for (const u of updated) {
      const previous = { ...u.previous };
      for (const key of timestampKeys) if (typeof previous[key] === 'string') previous[key] = new Date(previous[key]);
      await restore(tx, orgId, u.recordId, previous as Partial<V>);
    }
  };
}

import { Column, is, sql, SQL, Table, getTableColumns, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client.ts';
import { namedDespiteContainment } from './prepared-statements.ts';

/**
 * Several independent reads as one SQL statement. A page that shows many small sections (the record pages: a dozen
 * reads from as many modules) paid per statement — building it, sending it, PostgreSQL's parse and executor start, the
 * answer's parsing — more than for the rows themselves. Each read becomes a scalar subquery yielding its rows as one
 * JSON value; reads asked in the same turn of the event loop go out together, so callers keep their own code paths
 * (privilege checks included) and simply hand the query over instead of awaiting it.
 */

/** A drizzle select builder, not awaited (awaiting it would run it alone). */
type SelectQuery<T> = PromiseLike<T[]> & SQLWrapper;

type Decoder = { mapFromDriverValue(value: unknown): unknown };
interface Field {
  path: string[];
  column: Column | undefined;
  decoder: Decoder | undefined;
}

/** A select's fields in the order drizzle writes them (object order, tables expanded), each with its decoder. */
function fieldsOf(selection: Record<string, unknown>, prefix: string[] = []): Field[] {
  return Object.entries(selection).flatMap(([name, field]): Field[] => {
    const path = [...prefix, name];
    if (is(field, Column)) return [{ path, column: field, decoder: field }];
    if (is(field, SQL)) return [{ path, column: undefined, decoder: (field as unknown as { decoder?: Decoder }).decoder }];
    if (is(field, SQL.Aliased)) return [{ path, column: undefined, decoder: (field.sql as unknown as { decoder?: Decoder }).decoder }];
    if (is(field, Table)) return fieldsOf(getTableColumns(field), path);
    if (field && typeof field === 'object') return fieldsOf(field as Record<string, unknown>, path);
    throw new Error(`StatementBatch: unsupported field ${path.join('.')}`);
  });
}

/** A row array as drizzle maps a driver's row (nested selections as nested objects; no left-join nulling of them). */
function decodeRow(fields: Field[], row: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  fields.forEach(({ path, decoder }, i) => {
    let node = out;
    for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    const value = row[i];
    node[path.at(-1)!] = value === null || value === undefined ? null : decoder ? decoder.mapFromDriverValue(value) : value;
  });
  return out;
}

interface Pending {
  json: SQL;
  decode: (value: unknown) => unknown;
  resolve: (rows: never) => void;
  reject: (error: unknown) => void;
}

/**
 * Column types whose JSON form differs from what the driver hands drizzle (instants with a 'T', numerics as JSON
 * numbers that lose their scale): sent as their text output, which is exactly the driver's value.
 */
const asText = /^(timestamp|date|time|interval|numeric|decimal|bigint|money)/;

/**
 * `query`'s rows as one JSON value (each row an array, in the select's order), and how to map them back exactly as
 * drizzle maps a driver's rows. A `sql` field whose value is an instant or a numeric should be cast to text (or be
 * parsed as a Date by its reader): its JSON form is not the driver's. Rows keep the subquery's order: nothing joins
 * or groups outside it (PostgreSQL aggregates a sorted subquery's rows in that order).
 */
function jsonRows<T>(query: SelectQuery<T>): { json: SQL; decode: (value: unknown) => T[] } {
  const fields = fieldsOf((query as unknown as { config: { fields: Record<string, unknown> } }).config.fields);
  // bytea has no JSON form the driver's Buffer could be rebuilt from here.
  if (fields.some(({ column }) => column?.getSQLType() === 'bytea')) throw new Error('StatementBatch: bytea columns are not supported');
  // One raw chunk each: drizzle's rendering walks every chunk, the page's largest CPU cost.
  const names = sql.raw(fields.map((_, i) => `c${i}`).join(', '));
  const cells = sql.raw(fields.map(({ column }, i) => (column && asText.test(column.getSQLType()) ? `t.c${i}::text` : `t.c${i}`)).join(', '));
  return {
    json: sql`(select coalesce(json_agg(json_build_array(${cells})), '[]'::json) from ${query} as t(${names}))`,
    decode: (value) => (value as unknown[][]).map((row) => decodeRow(fields, row) as T),
  };
}

export class StatementBatch {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  /** The rows of a drizzle select, read together with the other reads asked in this turn. */
  rows<T>(query: SelectQuery<T>): Promise<T[]> {
    return this.add(jsonRows(query));
  }

  /**
   * The rows of a plain SQL select as objects by column name, with JSON's types: instants come as ISO strings
   * (parse them with `new Date`), numerics as numbers unless cast to text.
   */
  objects<T>(query: SQL): Promise<T[]> {
    return this.add({ json: sql`(select coalesce(json_agg(t), '[]'::json) from (${query}) as t)`, decode: (value) => value as T[] });
  }

  private add<T>(read: { json: SQL; decode: (value: unknown) => T[] }): Promise<T[]> {
    return new Promise<T[]>((resolve, reject) => {
      this.pending.push({ ...read, resolve: resolve as (rows: never) => void, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // After every read this turn's callers ask (their awaits of cached privileges resolve in between).
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const reads = this.pending;
    this.pending = [];
    this.scheduled = false;
    try {
      const columns = reads.map((read, i) => sql`${read.json} as ${sql.raw(`r${i}`)}`);
      // Named (prepared once per connection) even with a deal's collaborator `@>` inside: planning the whole batch on
      // every call cost PostgreSQL more than the statements it replaced (4.9 against 3.5 ms of its CPU per contact page).
      const result = await this.db.execute(sql`${sql.raw(namedDespiteContainment)}select ${sql.join(columns, sql`, `)}`);
      const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      reads.forEach((read, i) => {
        try {
          read.resolve(read.decode(row![`r${i}`]) as never);
        } catch (error) {
          read.reject(error);
        }
      });
    } catch (error) {
      for (const read of reads) read.reject(error);
    }
  }
}

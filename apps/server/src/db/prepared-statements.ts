import { createHash } from 'node:crypto';
import pg from 'pg';
import { eventActorClient } from '../platform/event-actor.ts';

/**
 * Server-side prepared statements for the statements this process runs often, as PostgreSQL's JDBC driver does
 * (prepareThreshold): a statement text seen `preparedAfter` times gets a name derived from its text, so each
 * connection parses it once and PostgreSQL may keep its plan. A warm contact list spent as long planning its page
 * statement as running it (bench/README.md). Only parameterized statements are named (a text without parameters may
 * hold several statements, which the extended protocol refuses), at most `maxPrepared` texts per process, so a
 * backend's memory stays bounded whatever ad-hoc texts (IN lists of every length) come by.
 * Off with DATABASE_PREPARED_STATEMENTS=false (config.ts), e.g. behind a connection pooler in transaction mode that
 * does not carry prepared statements.
 */
export const preparedAfter = 5;
export const maxPrepared = 200;
const maxCounted = 5_000;

/**
 * Pattern and containment predicates (keyword LIKE, bigram and tag @>, &&) are never named: their best plan depends
 * wholly on the value, and a generic plan's fixed guess picked the trigram index for a 2-character CJK keyword,
 * reading all 118 000 entries: global search 0.4 → 73 ms (bench, 100 000 contacts).
 */
const valueDependent = /\s(?:i?like|@>|<@|&&)\s/i;
/**
 * A text that starts with this comment is named even so: its author knows every plan is driven by something else (the
 * record page's statement batch, db/statement-batch.ts: each read is bounded by one record's id, and a deal's
 * collaborator `@>` is only a filter there). PostgreSQL still keeps custom plans while a generic one looks dearer.
 */
export const namedDespiteContainment = '/* named */ ';
const never = -1e9;

interface Counter {
  uses: Map<string, number>;
  names: Map<string, string>;
  /** Bumped when PostgreSQL refuses a kept plan (a migration changed a result type): every name is new after it. */
  generation: number;
}

export function statementName(counter: Counter, text: string): string | undefined {
  const known = counter.names.get(text);
  if (known) return known;
  const uses = (counter.uses.get(text) ?? 0) + 1;
  if (uses < preparedAfter || counter.names.size >= maxPrepared) {
    if (counter.uses.size >= maxCounted) counter.uses.clear();
    counter.uses.set(text, uses);
    return undefined;
  }
  if (!text.startsWith(namedDespiteContainment) && valueDependent.test(text)) {
    counter.uses.set(text, never);
    return undefined;
  }
  counter.uses.delete(text);
  const name = `lds${counter.generation}_${createHash('sha1').update(text).digest('base64url')}`;
  counter.names.set(text, name);
  return name;
}

/** "cached plan must not change result type": a prepared statement's result columns changed under it (a migration by another app server). */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: string }).code === '0A000' && /cached plan/.test(String((error as Error).message));
}

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];
type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/** A pg.Client class whose connections name hot statements (one counter per pool: per process in practice). */
export function preparingClient(): typeof pg.Client {
  const counter: Counter = { uses: new Map(), names: new Map(), generation: 0 };
  const nameFor = (config: unknown, values: unknown): string | undefined => {
    if (!Array.isArray(values) || values.length === 0) return undefined;
    if (typeof config === 'string') return statementName(counter, config);
    const c = config as QueryConfig | null;
    if (!c || typeof c !== 'object' || c.name || c.submit || typeof c.text !== 'string') return undefined;
    return statementName(counter, c.text);
  };
  class PreparingClient extends pg.Client {
    override query(...args: QueryArgs): never {
      const [config, values, callback] = args;
      const run = super.query.bind(this) as (...a: QueryArgs) => never;
      const name = nameFor(config, values);
      if (!name) return run(config, values, callback);
      const named = { ...(typeof config === 'string' ? { text: config } : (config as object)), name };
      const forget = (error: unknown) => {
        if (!isStalePlan(error)) return;
        counter.generation++;
        counter.names.clear();
      };
      // pg-pool's query (what drizzle calls) passes a callback; a direct client.query may not.
      if (typeof callback === 'function') {
        return run(named, values, (error: unknown, result: unknown) => {
          if (error) forget(error);
          (callback as (e: unknown, r: unknown) => void)(error, result);
        });
      }
      return (run(named, values) as Promise<unknown>).catch((error: unknown) => {
        forget(error);
        throw error;
      }) as never;
    }
  }
  return PreparingClient as unknown as typeof pg.Client;
}

/** The app's PostgreSQL pool (servers, tests, bench): `prepared` false turns the statement naming off. */
export function postgresPool(connectionString: string, max: number, prepared = true): pg.Pool {
  return new pg.Pool({ connectionString, max, Client: appClient(prepared) });
}

/** The app's connections: they carry the event actor to the outbox triggers, and name hot statements unless `prepared` is false. */
export function appClient(prepared: boolean): typeof pg.Client {
  return eventActorClient(prepared ? preparingClient() : pg.Client);
}

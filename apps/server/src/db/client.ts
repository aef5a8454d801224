import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { appClient, postgresPool } from './prepared-statements.ts';
import { serverRoot } from '../platform/server-root.ts';
import { requestsBeforeBackground } from './background-work.ts';

/** Read at run time by the migrator, from the sources whether the server runs them or its bundle. */
export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');

/** One type for both drivers: code never needs to know which engine it talks to. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle is usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the URL the pool connects to, for work that opens its own pool (an import's thread). */
  url?: string;
  /** The embedded database's own client, for what node-postgres cannot send it (the bench's COPY from a blob). */
  pglite?: PGlite;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** PGlite must get every extension at every open, or pg_trgm indexes fail. */
export const pgliteExtensions = { pg_trgm };

/**
 * The embedded database through the same driver as a PostgreSQL server: node-postgres over PGlite's protocol adapter,
 * one connection (PGlite is one session), with the same prepared statements. PGlite's own query() parses and plans
 * every statement anew; a named statement skips both, which made a warm contact detail's statements ≈ 3× cheaper
 * (bench/README.md) — planning is most of a short statement's cost in the single-threaded WASM build.
 */
export function wrapPglite(client: PGlite, onClose: () => void = () => {}, prepared = true): Database {
  const config = createPgConfig(client);
  // node-postgres hands a query's `types` (drizzle's result parsers, an object) to Parse, where PostgreSQL's wire
  // format wants the parameters' type oids; its own writer reads the object as no oids, PGlite's calls forEach on it.
  const { connection } = config;
  const parse = connection.parse.bind(connection);
  connection.parse = (query: { types?: unknown }) => parse({ ...query, types: Array.isArray(query.types) ? query.types : [] });
  // idleTimeoutMillis 0: the one connection stays open (its named statements live in PGlite's one session).
  const pool = new pg.Pool({ ...config, max: 1, idleTimeoutMillis: 0, Client: appClient(prepared) });
  requestsBeforeBackground(pool);
  const database = wrapPostgres(pool);
  return {
    ...database,
    kind: 'pglite',
    pglite: client,
    close: async () => {
      try {
        await database.close();
        if (!client.closed) await client.close();
      } finally {
        onClose();
      }
    },
  };
}

/** Any fixed 64-bit number, the same in every app server: the key of the migration lock. */
const migrationLockKey = 7_402_318_551;

export function wrapPostgres(pool: pg.Pool): Database {
  // An idle pooled connection that the server ends (restart, failover, a dropped test database) makes
  // the pool emit 'error'; unheard, that event would crash the process. The pool replaces the client.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = drizzlePostgres(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several app servers may start at once against one database: one migrates, the others wait for it
      // on a session advisory lock (held on one connection) and then find nothing left to do.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
        await migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => {});
        client.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no cross-process lock and two writers silently lose data, so the
 * embedded database takes DATA_DIR/lodestar.lock holding our pid. A lock left by a dead
 * process is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'lodestar.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `Another Lodestar process (pid ${pid}) is using the data directory ${dataDir}. ` +
            `Stop it first, or point DATA_DIR somewhere else.`,
        );
      }
      if (pid === process.pid) {
        throw new DataDirLockedError(`This process already has the data directory ${dataDir} open.`);
      }
      // Stale lock from a process that is gone: take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}

export async function openDatabase(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  preparedStatements?: boolean;
  poolSize?: number;
  /** PGlite's postgresql.conf lines (config.ts EMBEDDED_DATABASE_SETTINGS). */
  embeddedSettings?: string[];
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = postgresPool(options.databaseUrl, options.poolSize ?? 10, options.preparedStatements ?? true);
    // Fail fast with a clear error rather than on the first request.
    await pool.query('select 1');
    return { ...wrapPostgres(pool), url: options.databaseUrl };
  }
  const release = lockDataDir(options.dataDir);
  try {
    const client = await PGlite.create({
      dataDir: path.join(options.dataDir, 'pglite'),
      extensions: pgliteExtensions,
      ...(options.embeddedSettings?.length ? { postgresqlconf: options.embeddedSettings } : {}),
    });
    return wrapPglite(client, release, options.preparedStatements ?? true);
  } catch (error) {
    release();
    throw error;
  }
}

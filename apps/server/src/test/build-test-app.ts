import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { parseConfig, type Config } from '../config.ts';
import { pgliteExtensions, wrapPglite, wrapPostgres, type Database, type Db } from '../db/client.ts';
import { withDatabase } from './global-setup.ts';
import { postgresPool } from '../db/prepared-statements.ts';

export function testConfig(overrides: Record<string, string> = {}): Config {
  const result = parseConfig({
    DATA_DIR: path.join(os.tmpdir(), 'lodestar-test-unused'),
    PUBLIC_URL: 'http://lodestar.test',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(os.tmpdir(), 'lodestar-no-web-dist'),
    // Tests write the database directly (freeze, add members): no cache unless a test asks for one.
    AUTH_CACHE_MS: '0',
    // Doubles and Dovecot listen on 127.0.0.1: the SSRF guard is switched off explicitly (tests of it turn it on).
    ALLOW_PRIVATE_HOSTS: 'true',
    // No test reaches the real company registry: a closed local port answers "unavailable" at once.
    GCIS_API_URL: 'http://127.0.0.1:9',
    ...overrides,
  });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.config;
}

/**
 * A fresh database for one test file: a copy of the migrated template (PGlite dump or CREATE DATABASE ... TEMPLATE).
 * `dataDir` keeps the PGlite copy on disk there (in memory otherwise); `url` names the PostgreSQL copy — both for a
 * test that opens the same database from a child process.
 */
export async function createTestDatabase(options: { dataDir?: string } = {}): Promise<Database & { url?: string }> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    const client = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      loadDataDir: new Blob([fs.readFileSync(target.templateFile)]),
      extensions: pgliteExtensions,
    });
    return wrapPglite(client);
  }
  const name = `${target.template}_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`create database "${name}" template "${target.template}"`);
  await admin.end();
  const database = wrapPostgres(postgresPool(withDatabase(target.url, name), 5));
  return {
    ...database,
    url: withDatabase(target.url, name),
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: target.url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** Closes the app and builds a new one on the same database (a restart). */
  rebuild(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function buildTestApp(configOverrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(configOverrides);
  const state: TestApp = {
    app: await buildApp(config, database, { logger: false }),
    db: database.db,
    database,
    async rebuild() {
      await state.app.close();
      state.app = await buildApp(config, database, { logger: false });
      return state.app;
    },
    async close() {
      await state.app.close();
      await database.close();
    },
  };
  return state;
}

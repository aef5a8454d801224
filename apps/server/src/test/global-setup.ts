import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { pgliteExtensions, wrapPglite, wrapPostgres } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite'; templateFile: string } | { kind: 'postgres'; url: string; template: string };
  }
}

function databaseNameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `${databaseNameOf(url)}_template`;
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.query(`create database "${template}"`);
    const database = wrapPostgres(new pg.Pool({ connectionString: withDatabase(url, template), max: 1 }));
    await database.migrate();
    await database.close();
    project.provide('testDatabase', { kind: 'postgres', url, template });
    return async () => {
      // Files drop their own copies; sweep what a crashed run left behind, then the template.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${template}_t_%`],
      );
      for (const row of rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
      await admin.query(`drop database if exists "${template}" with (force)`);
      await admin.end();
    };
  }

  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = wrapPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-test-'));
  const templateFile = path.join(dir, 'template.tar');
  fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', templateFile });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importChunkRows } from '@lodestar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, serverDir } from '../build.ts';
import { createTestDatabase } from './test/build-test-app.ts';

/**
 * The server as `npm run serve` runs it: the bundle apps/server/build.ts writes, started by plain `node` (no tsx: a
 * TypeScript file loaded at run time would fail), from a scratch copy of the repository's layout — so what it reads by
 * path (migrations, the web app) is found from where the bundle is, not from where it was built or tested.
 */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-bundle-'));
const repo = path.resolve(serverDir, '../..');
const bundleDir = path.join(scratch, 'apps/server/dist');
const webIndex = '<!doctype html><title>bundle test</title>';

beforeAll(async () => {
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(scratch, 'node_modules'));
  fs.mkdirSync(path.join(scratch, 'apps/server/src/db'), { recursive: true });
  fs.copyFileSync(path.join(serverDir, 'package.json'), path.join(scratch, 'apps/server/package.json'));
  fs.symlinkSync(path.join(serverDir, 'src/db/migrations'), path.join(scratch, 'apps/server/src/db/migrations'));
  fs.mkdirSync(path.join(scratch, 'apps/web/dist'), { recursive: true });
  fs.writeFileSync(path.join(scratch, 'apps/web/dist/index.html'), webIndex);
  await buildServer(bundleDir);
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

interface Running {
  base: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** `node apps/server/dist/server.mjs` on a free port, resolved once it says it is running. */
async function startBundle(env: Record<string, string>): Promise<Running> {
  const { NODE_OPTIONS: _ignored, DATABASE_URL: _own, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [path.join(bundleDir, 'server.mjs')], {
    cwd: scratch,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /Lodestar is running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the bundled server exited (${code}):\n${output}`)));
  });
  return {
    base,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function api(base: string, url: string, init: { token?: string; post?: boolean; body?: unknown; form?: FormData } = {}) {
  const headers: Record<string, string> = init.token ? { authorization: `Bearer ${init.token}` } : {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${url}`, {
    method: init.post || init.body !== undefined || init.form ? 'POST' : 'GET',
    headers,
    body: init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  });
  const body = (await response.json()) as { data: Record<string, unknown> };
  expect(response.status, `${url}: ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

it('migrates a fresh PGlite data directory, answers /api/health and serves the web app and the API docs', { timeout: 180_000 }, async () => {
  const server = await startBundle({ DATA_DIR: path.join(scratch, 'data-pglite') });
  try {
    expect(await api(server.base, '/api/health')).toMatchObject({ status: 'ok', database: 'pglite' });
    const page = await fetch(`${server.base}/contacts`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(webIndex);
    const docs = (await (await fetch(`${server.base}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths)).toContain('/api/health');
  } finally {
    await server.stop();
  }
  // No error logged (pino's levels 50 and 60).
  expect(server.output()).not.toMatch(/"level":(50|60)/);
});

// The import threads open their own pool: PostgreSQL only (test/global-setup.ts reads DATABASE_URL).
describe.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', () => {
  it('imports a file through the bundle\'s import threads (the check step\'s count and the run)', { timeout: 180_000 }, async () => {
    const database = await createTestDatabase();
    // IMPORT_THREAD=always: the file is far below the sizes that use a thread by default (import-thread.ts).
    const server = await startBundle({ DATABASE_URL: database.url!, IMPORT_THREAD: 'always', DEV_DEFAULT_PLAN: 'subscribe_team', DATA_DIR: path.join(scratch, 'data-postgres') });
    try {
      const user = await api(server.base, '/api/register', { body: { email: 'bundle@example.com', password: 'lodestar-2026', firstName: 'Ada', lastName: 'Lin' } });
      const token = user.token as string;
      const { orgId } = await api(server.base, '/api/organizations/create', { token, body: { orgName: 'Bundle', memberEmails: [] } });
      const rows = importChunkRows * 2 + 7;
      const csv = 'Name,Email\n' + Array.from({ length: rows }, (_, i) => `Bundle ${i},bundle${i}@example.com`).join('\n') + '\n';
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
      const url = (p: string) => `/api/customer${p}?orgId=${String(orgId)}`;
      const { id } = await api(server.base, url('/import'), { token, form });
      const detail = await api(server.base, url(`/import/detail/${String(id)}`), { token });
      expect(detail.totalRows).toBe(rows);
      await api(server.base, url(`/import/field/${String(id)}`), { token, body: { mapping: detail.mapping, duplicates: 'skip' } });
      await api(server.base, url(`/import/store/${String(id)}`), { token, post: true });
      let done = detail;
      for (const started = Date.now(); done.state !== 'done' && Date.now() - started < 120_000; ) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        done = await api(server.base, url(`/import/detail/${String(id)}`), { token });
      }
      expect(done).toMatchObject({ state: 'done', rowsDone: rows, created: rows, failed: 0 });
    } finally {
      await server.stop();
      await database.close();
    }
    // No thread fell back to the work in process, no error logged.
    expect(server.output()).not.toMatch(/import thread|"level":(50|60)/);
  });
});

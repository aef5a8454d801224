import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { withDatabase } from '../test/global-setup.ts';

const serverEntry = path.join(import.meta.dirname, '..', 'server.ts');
const target = inject('testDatabase');

describe('several app processes (WEB_CONCURRENCY)', () => {
  it('are refused on the embedded database, with the reason', () => {
    const refused = parseConfig({ WEB_CONCURRENCY: '2' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.problems[0]).toMatch(/^WEB_CONCURRENCY: .*DATABASE_URL/);
    const accepted = parseConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://localhost/x' });
    expect(accepted.ok && accepted.config.webConcurrency).toBe(2);
  });

  // Runs in the PostgreSQL pass of the suite (the embedded database is single-process by design).
  it.runIf(target.kind === 'postgres')('share one port and one PostgreSQL, and stop together on SIGTERM', async () => {
    if (target.kind !== 'postgres') return;
    const name = `${target.template}_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${target.template}"`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-cluster-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { ...process.env, WEB_CONCURRENCY: '2', PORT: String(port), DATABASE_URL: withDatabase(target.url, name), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const workerPids = () => [...output.matchAll(/app process (\d+)\)/g)].map((m) => Number(m[1]));
      // Two processes starting from the sources (tsx) on a busy 2-core machine: up to a minute.
      for (let i = 0; i < 600 && workerPids().length < 2; i++) await new Promise((r) => setTimeout(r, 100));
      expect(new Set(workerPids()).size, output).toBe(2);
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.json() as Promise<{ data: { database: string } }>)));
      expect(answers.every((a) => a.data.database === 'postgres')).toBe(true);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toMatch(/Received SIGTERM: stopping 2 app processes/);
      // Every app process is gone too.
      for (const pid of workerPids()) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      child.kill('SIGKILL');
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

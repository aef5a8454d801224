import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { queryRows } from './paging.ts';

describe('the embedded database settings (EMBEDDED_DATABASE_SETTINGS)', () => {
  it('default to 32 MB of shared buffers, take name=value pairs and refuse anything else', () => {
    const plain = parseConfig({});
    expect(plain.ok && plain.config.embeddedSettings).toEqual(['shared_buffers=32MB']);
    const two = parseConfig({ EMBEDDED_DATABASE_SETTINGS: 'shared_buffers=16MB,work_mem=2MB' });
    expect(two.ok && two.config.embeddedSettings).toEqual(['shared_buffers=16MB', 'work_mem=2MB']);
    const bad = parseConfig({ EMBEDDED_DATABASE_SETTINGS: "shared_buffers='1'; drop" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.join()).toMatch(/EMBEDDED_DATABASE_SETTINGS/);
  });

  it('are those PGlite runs with, on a new data directory and on reopening it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-embedded-'));
    try {
      for (const size of ['16MB', '32MB']) {
        const database = await openDatabase({ dataDir, embeddedSettings: [`shared_buffers=${size}`] });
        const [row] = await queryRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
        expect(row?.shared_buffers).toBe(size);
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

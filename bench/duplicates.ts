/**
 * Possible duplicates (docs/decisions/0022-duplicates-and-merge.md): the full scan of one workspace with 100 000
 * contacts (target ≤ 60 s) — keys computed in the app (libphonenumber) and stored, pairs by a join on them — and the
 * outbox follower's time for a batch of 500 edited contacts. One contact in ten repeats another's mobile written
 * another way (+886 …, 886…, with dashes) or its e-mail in upper case; names come from a small list, so most name
 * keys are shared by more than 20 records and count for nothing (as common names should).
 * Alone: `node --import tsx bench/duplicates.ts` (PGlite in a temp dir, or BENCH_DATABASE_URL's server);
 * BENCH_CONTACTS scales it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { queryRows } from '../apps/server/src/db/paging.ts';
import { followEvents, scanWorkspace } from '../apps/server/src/modules/records/duplicates/duplicates.service.ts';
import { signedInOwner } from '../apps/server/src/test/factories.ts';

const contactCount = Number(process.env.BENCH_CONTACTS ?? 100_000);

export async function duplicatesBench(database: Database, databaseUrl: string | undefined): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-bench-duplicates-'));
  const parsed = parseConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const app = await buildApp(parsed.config, database, { logger: false });
  const db = database.db;
  try {
    const owner = await signedInOwner(app, 'Duplicates bench');
    const seedStart = performance.now();
    // Contact g's mobile is 09 + 8 digits from g; every tenth contact repeats contact g - 1's number in another form.
    await db.execute(sql`
      insert into contacts (org_id, first_name, last_name, phones, emails, owner_user_id)
      select ${owner.orgId},
        (array['小明','大文','美玲','John','Mary','建國','淑芬','志明','春嬌','David'])[1 + g % 10],
        (array['陳','陈','林','王','張','张','Smith','李','黃','黄','吳'])[1 + (g / 10) % 11],
        jsonb_build_array(jsonb_build_object('type', 'mobile', 'value',
          case when g % 10 = 0 then
            (array['+886 9', '8869', '09'])[1 + (g / 10) % 3] || lpad((((g - 1)::bigint * 104729) % 100000000)::text, 8, '0')
          else '09' || lpad(((g::bigint * 104729) % 100000000)::text, 8, '0') end)),
        jsonb_build_array(jsonb_build_object('value', case when g % 10 = 5 then 'CONTACT' || (g - 1) || '@Example.com' else 'contact' || g || '@example.com' end)),
        ${owner.user.id}
      from generate_series(1, ${contactCount}) g`);
    const seedMs = performance.now() - seedStart;
    console.error(`seeded ${contactCount} contacts in ${(seedMs / 1000).toFixed(1)} s`);
    // The seed's events, as an import of this size leaves them: the follower builds the pairs batch by batch.
    const seedFollowStart = performance.now();
    await followEvents(db);
    const seedFollowMs = performance.now() - seedFollowStart;
    console.error(`followed the seed's events in ${(seedFollowMs / 1000).toFixed(1)} s`);
    const pairsNow = async () =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from duplicate_pairs where org_id = ${owner.orgId}`))[0]!.n;
    const followerPairs = await pairsNow();

    const scanStart = performance.now();
    await scanWorkspace(db, owner.orgId, 'contact');
    const scanMs = performance.now() - scanStart;
    console.error(`scanned in ${(scanMs / 1000).toFixed(1)} s`);
    const pairCount = await pairsNow();
    // The batch-by-batch pairs and the full scan's must be the same.
    if (pairCount !== followerPairs) throw new Error(`the follower found ${followerPairs} pairs, the scan ${pairCount}`);

    await db.execute(sql`update contacts set position = 'edited' where id in (select id from contacts where org_id = ${owner.orgId} order by id limit 500)`);
    const followStart = performance.now();
    await followEvents(db);
    const followMs = performance.now() - followStart;

    return [
      `## Possible duplicates (${contactCount} contacts, ${databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
      '',
      '| step | time | target |',
      '|---|---|---|',
      `| seed (one INSERT … generate_series) | ${(seedMs / 1000).toFixed(1)} s | |`,
      `| follower: the seed's ${contactCount} new contacts, 500 a batch (as after an import) | ${(seedFollowMs / 1000).toFixed(1)} s | |`,
      `| full scan: keys + pairs (${pairCount} pairs, the same as the follower's) | ${(scanMs / 1000).toFixed(1)} s | ≤ 60 s |`,
      `| follower: 500 edited contacts | ${followMs.toFixed(0)} ms | |`,
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-bench-duplicates-db-'));
  const database = await openDatabase({ dataDir, databaseUrl: process.env.BENCH_DATABASE_URL });
  await database.migrate();
  try {
    console.log((await duplicatesBench(database, process.env.BENCH_DATABASE_URL)).join('\n'));
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * npm run bench — the API's overhead over the database work it does, on a seeded workspace set.
 * Each figure is a ratio from one run: median time of the HTTP call (app.inject: routing, validation,
 * auth, envelope, serialization) ÷ median time of the same queries called directly; the CRM scenarios
 * (bench/crm.ts) add p95 latency under 50 concurrent clients on a 100 000-contact workspace.
 * Databases: a fresh embedded PGlite in a temp dir, then (with BENCH_DATABASE_URL) a fresh database on
 * that PostgreSQL server. Tables are printed and written to bench/results/.
 * BENCH_CONTACTS and BENCH_DEALS scale the big workspace down for a quick run (defaults 100000 and 50000);
 * BENCH_ONLY=pglite|postgres runs one. BENCH_SCENARIOS=crm,deals,calendar,import picks the scenario groups (default all).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { memberPrivilegeFeatures } from '@lodestar/contract';
import * as departmentsService from '../apps/server/src/modules/access/departments/departments.service.ts';
import * as membersRepository from '../apps/server/src/modules/access/members/members.repository.ts';
import { members } from '../apps/server/src/modules/access/members/members.table.ts';
import * as organizationsRepository from '../apps/server/src/modules/access/organizations/organizations.repository.ts';
import * as accessCore from '../apps/server/src/modules/access/privileges/access-core.ts';
import * as privilegeCatalog from '../apps/server/src/modules/access/privileges/privilege-catalog.ts';
import * as usersService from '../apps/server/src/modules/access/users/users.service.ts';
import { hashPassword, randomToken, sha256 } from '../apps/server/src/modules/access/users/passwords.ts';
import { crmScenarios, median } from './crm.ts';
import { seedWorkspaceCrm, withoutGinIndexes } from './seed-crm.ts';
import { dealScenarios } from './deals.ts';
import { statisticsScenarios } from './statistics.ts';
import { bookingScenarios } from './booking.ts';
import { seedWorkspaceDeals } from './seed-deals.ts';
import { scheduleScenarios } from './schedules.ts';
import { seedWorkspaceSchedules } from './seed-schedules.ts';
import { httpScenarios, httpTable } from './http.ts';
import { activityScenarios, seedActivityPoints } from './activity.ts';
import { lineWebhookBench } from './line.ts';
import { lineSegmentBench } from './line-segments.ts';
import { mailSyncBench } from './mail.ts';
import { duplicatesBench } from './duplicates.ts';
import { mailMemoryBench, mailMemoryTable } from './mail-memory.ts';
import { eventsBench } from './events.ts';
import { importScenarios } from './imports.ts';
import { backupScenario } from './backup.ts';
import { recordPageScenarios } from './record-pages.ts';
import { issue38Table } from './targets.ts';

const bigContacts = Number(process.env.BENCH_CONTACTS ?? 100_000);
const bigDeals = Number(process.env.BENCH_DEALS ?? 50_000);
const scenarioGroups = new Set((process.env.BENCH_SCENARIOS ?? 'crm,records,deals,calendar,booking,activity,backup,import,line,mail,mail-memory,http,events').split(',').map((s) => s.trim()));
const sizes = {
  users: 5_000,
  organizations: 50,
  membersPerOrganization: 100,
  iterations: 400,
  /** One big CRM workspace and nine smaller ones. */
  crm: { big: { contacts: bigContacts, companies: bigContacts / 5 }, small: { contacts: 2_000, companies: 400 }, smallWorkspaces: 9 },
  /** Deals of the big workspace, over 8 stage choices and its members. */
  deals: bigDeals,
  crmIterations: 200,
  crmConcurrentCalls: 1_000,
};

async function freshDatabaseUrl(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lodestar_bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function benchOn(serverUrl: string | undefined): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-bench-'));
  const server = serverUrl ? await freshDatabaseUrl(serverUrl) : undefined;
  const parsed = parseConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(server ? { DATABASE_URL: server.url } : {}),
    // AUTH_CACHE_MS=0 measures without the session/actor cache (platform/auth-cache.ts).
    ...(process.env.AUTH_CACHE_MS ? { AUTH_CACHE_MS: process.env.AUTH_CACHE_MS } : {}),
  });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const database = await openDatabase({ dataDir, databaseUrl: parsed.config.databaseUrl, embeddedSettings: parsed.config.embeddedSettings });
  await database.migrate();
  const { db } = database;
  // Both drivers answer { rows } for raw SQL; the shared Db type leaves it unknown.
  const selectRows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  const seedStart = performance.now();
  const passwordHash = await hashPassword('bench-password-1');
  // Seed with set-based SQL: users, workspaces, and members (the bench user belongs to every workspace).
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name)
    select 'user' || g || '@bench.test', ${passwordHash}, '名' || g, '王' from generate_series(1, ${sizes.users}) g`);
  await db.execute(sql`
    insert into organizations (name, top_admin_user_id)
    select '工作區 ' || g, (select id from users where email = 'user' || g || '@bench.test')
    from generate_series(1, ${sizes.organizations}) g`);
  await db.execute(sql`
    insert into members (org_id, user_id, status, is_system_administrator)
    select o.id, u.id, 'activated', false
    from (select id, row_number() over (order by created_at, id) as n from organizations) o
    join (select id, row_number() over (order by email) as n from users) u
      on u.n between (o.n - 1) * ${sizes.membersPerOrganization} + 2 and o.n * ${sizes.membersPerOrganization}`);
  const [benchUser] = await selectRows<{ id: string }>(sql`select id from users where email = 'user1@bench.test'`);
  if (!benchUser) throw new Error('seed failed');
  await db.execute(sql`
    insert into members (org_id, user_id, status, is_system_administrator)
    select id, ${benchUser.id}, 'activated', true from organizations
    on conflict do nothing`);
  for (const org of await selectRows<{ id: string }>(sql`select id from organizations`)) {
    const { administratorId } = await privilegeCatalog.createBuiltInPrivileges(db, org.id);
    await db.execute(sql`update members set privilege_id = ${administratorId} where org_id = ${org.id}`);
  }
  const token = randomToken();
  await db.execute(sql`
    insert into sessions (id, user_id, token_hash, expires_at)
    values (${randomUUID()}, ${benchUser.id}, ${sha256(token)}, now() + interval '1 day')`);
  const orgId = (await selectRows<{ id: string }>(sql`select id from organizations limit 1`))[0]!.id;
  // A 3-level department tree in the measured workspace: one member supervises the root; 3 children,
  // 9 grandchildren; the members spread over the 13 departments; the supervisor's contact scope is subordinates.
  const [supervisor] = await selectRows<{ id: string }>(
    sql`select user_id as id from members where org_id = ${orgId} and user_id <> ${benchUser.id} order by user_id limit 1`,
  );
  if (!supervisor) throw new Error('seed failed');
  const root = await departmentsService.createDepartment(db, orgId, { name: 'root', supervisorUserId: supervisor.id });
  const tree = [root.id];
  for (let i = 0; i < 3; i++) {
    const child = await departmentsService.createDepartment(db, orgId, { name: `c${i}`, parentId: root.id });
    tree.push(child.id);
    for (let j = 0; j < 3; j++) tree.push((await departmentsService.createDepartment(db, orgId, { name: `g${i}${j}`, parentId: child.id })).id);
  }
  const orgMembers = await db.select({ id: members.id }).from(members).where(sql`${members.orgId} = ${orgId}`);
  for (const [index, member] of orgMembers.entries()) {
    await db.execute(sql`update members set department_id = ${tree[index % tree.length]!} where id = ${member.id}`);
  }
  const scoped = memberPrivilegeFeatures();
  scoped.contact.scope = 'subordinates';
  const scopedPrivilege = await privilegeCatalog.createPrivilege(db, orgId, { name: 'subordinates', features: scoped });
  await db.execute(sql`update members set privilege_id = ${scopedPrivilege.id} where org_id = ${orgId} and user_id = ${supervisor.id}`);
  const seedMs = performance.now() - seedStart;

  const crmStart = performance.now();
  const crmOrgs = (await selectRows<{ id: string }>(sql`select id from organizations order by name, id limit ${1 + sizes.crm.smallWorkspaces}`)).map((r) => r.id);
  await withoutGinIndexes(db, ['contacts', 'companies', 'deals'], async () => {
    await seedWorkspaceCrm(db, crmOrgs[0]!, sizes.crm.big);
    for (const small of crmOrgs.slice(1)) await seedWorkspaceCrm(db, small, sizes.crm.small);
    await seedWorkspaceDeals(db, crmOrgs[0]!, sizes.deals);
  });
  await seedWorkspaceSchedules(db, crmOrgs[0]!, benchUser.id);
  await seedActivityPoints(db, crmOrgs[0]!);
  // The steady state autovacuum reaches in production: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`);
  const crmSeedMs = performance.now() - crmStart;

  const app = await buildApp(parsed.config, database, { logger: false });
  const headers = { authorization: `Bearer ${token}` };
  const expectOk = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  };

  const rows: { name: string; api: number; direct: number }[] = [];
  rows.push({
    name: `GET /api/organizations/list (${sizes.organizations} workspaces)`,
    api: await median(sizes.iterations, () => expectOk('/api/organizations/list')),
    direct: await median(sizes.iterations, async () => {
      await usersService.findSessionUser(db, token);
      await organizationsRepository.listMemberOrganizations(db, benchUser.id);
    }),
  });
  rows.push({
    name: 'GET /api/privilege/user/features (session + actor)',
    api: await median(sizes.iterations, () => expectOk(`/api/privilege/user/features?orgId=${orgId}`)),
    direct: await median(sizes.iterations, async () => {
      await usersService.findSessionUser(db, token);
      await accessCore.loadActor(db, benchUser.id, orgId);
    }),
  });

  rows.push({
    name: `GET /api/settings/user/list (${sizes.membersPerOrganization} members)`,
    api: await median(sizes.iterations, () => expectOk(`/api/settings/user/list?orgId=${orgId}`)),
    direct: await median(sizes.iterations, async () => {
      await usersService.findSessionUser(db, token);
      await accessCore.loadActor(db, benchUser.id, orgId);
      await organizationsRepository.findOrganization(db, orgId);
      await membersRepository.listMemberDetails(db, orgId);
    }),
  });
  // Not an API ratio: what a scoped list pays per request for visibility (actor + subordinate set of a 13-department tree).
  const scopeMs = await median(sizes.iterations, async () => {
    const actor = await accessCore.loadActor(db, supervisor.id, orgId);
    await accessCore.ownerPredicate(db, actor, 'contact', members.userId);
  });

  const crmContext = { orgId: crmOrgs[0]!, token, iterations: sizes.crmIterations, concurrentCalls: sizes.crmConcurrentCalls };
  const crm = [
    ...(scenarioGroups.has('crm') ? await crmScenarios(app, db, crmContext) : []),
    ...(scenarioGroups.has('records') ? await recordPageScenarios(app, db, { ...crmContext, userId: benchUser.id }) : []),
    ...(scenarioGroups.has('deals') ? await dealScenarios(app, db, crmContext) : []),
    ...(scenarioGroups.has('deals') ? await statisticsScenarios(app, db, crmContext, database.kind) : []),
    ...(scenarioGroups.has('calendar') ? await scheduleScenarios(app, db, { ...crmContext, userId: benchUser.id }) : []),
    ...(scenarioGroups.has('booking') ? await bookingScenarios(app, db, crmContext) : []),
    ...(scenarioGroups.has('activity') ? await activityScenarios(app, db, crmContext, database.kind) : []),
  ];

  // Real HTTP against server processes needs a database other processes can open: PostgreSQL only.
  let http: string[] = [];
  if (server && scenarioGroups.has('http')) {
    const ids = (await selectRows<{ id: string }>(sql`select id from contacts where org_id = ${crmOrgs[0]!} and deleted_at is null order by id limit 200`)).map((r) => r.id);
    const companyIds = (await selectRows<{ id: string }>(sql`select id from companies where org_id = ${crmOrgs[0]!} and deleted_at is null order by id limit 200`)).map((r) => r.id);
    const cjk = ['怡君', '孔明', '秀英', '陳志', '张伟'];
    http = httpTable(
      await httpScenarios(server.url, { token, orgId: crmOrgs[0]! }, [
        { name: 'contact list, first page (50)', path: () => '/page/customer/listV2?limit=50', minThroughputRatio: 0.5, maxP95Ratio: 2 },
        { name: 'contact detail (view/{id})', path: (i) => `/page/customer/view/${ids[i % ids.length]}`, minThroughputRatio: 0.5, maxP95Ratio: 2 },
        // The record pages' other calls (issue 30): figures and sections, and the first page of the merged timeline.
        { name: 'contact page summary (record/summary)', path: (i) => `/record/summary?entityType=contact&entityId=${ids[i % ids.length]}`, minThroughputRatio: 0.5, maxP95Ratio: 2 },
        { name: 'company page summary (record/summary)', path: (i) => `/record/summary?entityType=company&entityId=${companyIds[i % companyIds.length]}`, minThroughputRatio: 0.5, maxP95Ratio: 2 },
        { name: 'contact timeline, first page (timeline/page)', path: (i) => `/timeline/page?entityType=contact&entityId=${ids[i % ids.length]}`, minThroughputRatio: 0.5, maxP95Ratio: 2 },
        { name: 'global search, 2-character CJK', path: (i) => `/search?keyword=${encodeURIComponent(cjk[i % cjk.length]!)}`, minThroughputRatio: 0.5, maxP95Ratio: 2 },
        { name: 'deal board, first 20 cards per column', path: () => '/deal/board?limit=20', minThroughputRatio: 0.2, alsoUncached: true },
        { name: 'calendar month (getMonth)', path: () => '/schedule/getMonth?year=2026&month=3', minThroughputRatio: 0.5, alsoUncached: true, uncachedMinThroughputRatio: 0.2 },
      ]),
    );
  }

  // Before the import group, which adds BENCH_CONTACTS contacts to the big workspace.
  const backup = scenarioGroups.has('backup')
    ? await backupScenario(app, db, { orgId: crmOrgs[0]!, token, dataDir, contacts: bigContacts }, database.kind)
    : [];

  // Last of the in-process groups: it adds BENCH_CONTACTS contacts to the big workspace.
  const imports = scenarioGroups.has('import')
    ? await importScenarios(app, db, { orgId: crmOrgs[0]!, token, userId: benchUser.id, dataDir, databaseUrl: server?.url, pglite: database.pglite, rows: bigContacts }, database.kind)
    : [];

  const lines = [
    `## ${database.kind}`,
    '',
    `${sizes.users} users, ${sizes.organizations} workspaces × ${sizes.membersPerOrganization} members (seeded in ${(seedMs / 1000).toFixed(1)} s), ${sizes.iterations} sequential calls each`,
    '',
    '| call | API median ms | direct queries median ms | API ÷ direct |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${r.api.toFixed(2)} | ${r.direct.toFixed(2)} | ${(r.api / r.direct).toFixed(2)} |`),
    '',
    `CRM: one workspace with ${sizes.crm.big.contacts} contacts and ${sizes.crm.big.companies} companies, ${sizes.crm.smallWorkspaces} with ${sizes.crm.small.contacts} and ${sizes.crm.small.companies} (seeded in ${(crmSeedMs / 1000).toFixed(1)} s); medians of ${sizes.crmIterations} sequential calls, p95 of ${sizes.crmConcurrentCalls} calls from 50 concurrent clients`,
    '',
    '| call | API median ms | direct SQL median ms | API ÷ direct | p95 ms, 1 client | p95 ms at 50 concurrent | calls/s at 50 | target p95 ms |',
    '|---|---|---|---|---|---|---|---|',
    ...crm.map(
      (r) =>
        `| ${r.name} | ${r.api.toFixed(2)} | ${r.direct.toFixed(2)} | ${(r.api / r.direct).toFixed(2)} | ${r.p95at1.toFixed(1)} | ${r.p95at50.toFixed(1)} | ${r.callsPerSecond.toFixed(0)} | ${r.target} ${r.targetAt === 1 ? '(1 client)' : '(50 clients)'} ${(r.targetAt === 1 ? r.p95at1 : r.p95at50) <= r.target ? '✓' : '✗'}${r.maxRatio ? `; API ÷ direct ≤ ${r.maxRatio} ${r.api / r.direct <= r.maxRatio ? '✓' : '✗'}` : ''} |`,
    ),
    '',
    `loadActor + ownerPredicate(subordinates), 3-level tree of 13 departments: median ${scopeMs.toFixed(2)} ms per request`,
    '',
    ...issue38Table(crm, { deals: sizes.deals, contacts: sizes.crm.big.contacts, seedSeconds: (seedMs + crmSeedMs) / 1000 }),
    ...backup,
    ...imports,
    ...http,
  ];
  lines.push(`Machine: ${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end.`, '');
  console.log(lines.join('\n'));

  await app.close();
  if (scenarioGroups.has('line')) {
    const ingestion = await lineWebhookBench(database, server?.url);
    console.log(ingestion.join('\n'));
    lines.push(...ingestion);
  }
  if (scenarioGroups.has('line') || scenarioGroups.has('line-segments')) {
    const sending = await lineSegmentBench(database, server?.url);
    console.log(sending.join('\n'));
    lines.push(...sending);
  }
  if (scenarioGroups.has('mail')) {
    const figures = await mailSyncBench(database);
    console.log(figures.join('\n'));
    lines.push(...figures);
  }
  if (scenarioGroups.has('mail-memory')) {
    const figures = mailMemoryTable(await mailMemoryBench(serverUrl), database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite');
    console.log(figures.join('\n'));
    lines.push(...figures);
  }
  if (scenarioGroups.has('events')) {
    const figures = await eventsBench(database, server?.url);
    console.log(figures.join('\n'));
    lines.push(...figures);
  }
  // Opt-in (BENCH_SCENARIOS=duplicates): the 100 000-contact scan of issue 37, BENCH_CONTACTS scales it.
  if (scenarioGroups.has('duplicates')) {
    const figures = await duplicatesBench(database, server?.url);
    console.log(figures.join('\n'));
    lines.push(...figures);
  }
  await database.close();
  // BENCH_KEEP_DATABASE=1 keeps the seeded database — the PostgreSQL one, or PGlite's data directory — for profiling
  // and for embedded-memory.ts (bench/README.md, "Profiling").
  const keep = process.env.BENCH_KEEP_DATABASE === '1';
  if (keep) console.log(`kept: ${server ? `DATABASE_URL=${server.url}` : `DATA_DIR=${dataDir}`} BENCH_TOKEN=${token} BENCH_ORG=${crmOrgs[0]}`);
  if (!keep || server) rmSync(dataDir, { recursive: true, force: true });
  if (!keep) await server?.drop();
  return lines;
}

async function main() {
  // BENCH_ONLY=pglite|postgres runs one of the two (for quick iterations).
  const only = process.env.BENCH_ONLY;
  const lines = [`# Lodestar bench ${new Date().toISOString()}`, ''];
  if (only !== 'postgres') lines.push(...(await benchOn(undefined)));
  if (process.env.BENCH_DATABASE_URL && only !== 'pglite') lines.push(...(await benchOn(process.env.BENCH_DATABASE_URL)));
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  writeFileSync(file, lines.join('\n'));
  console.log(`written to ${file}`);
}

await main();

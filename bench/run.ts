/**
 * npm run bench — the API's overhead over the database work it does, on a seeded workspace set.
 * Each figure is a ratio from one run: median time of the HTTP call (app.inject: routing, validation,
 * auth, envelope, serialization) ÷ median time of the same queries called directly.
 * Database: a fresh embedded PGlite in a temp dir, or a fresh database on BENCH_DATABASE_URL's server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { memberPrivilegeFeatures } from '@lodestar/contract';
import * as departmentsService from '../apps/server/src/modules/departments/departments.service.ts';
import * as membersRepository from '../apps/server/src/modules/members/members.repository.ts';
import { members } from '../apps/server/src/modules/organizations/organizations.table.ts';
import * as organizationsRepository from '../apps/server/src/modules/organizations/organizations.repository.ts';
import * as privilegesService from '../apps/server/src/modules/privileges/privileges.service.ts';
import * as usersService from '../apps/server/src/modules/users/users.service.ts';
import { hashPassword, randomToken, sha256 } from '../apps/server/src/modules/users/passwords.ts';

const sizes = { users: 5_000, organizations: 50, membersPerOrganization: 100, iterations: 400 };

async function freshDatabaseUrl(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lodestar_bench_${Date.now()}`;
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

async function median(iterations: number, run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await run(); // warm-up: JIT, plan cache
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'lodestar-bench-'));
  const server = process.env.BENCH_DATABASE_URL ? await freshDatabaseUrl(process.env.BENCH_DATABASE_URL) : undefined;
  const parsed = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(server ? { DATABASE_URL: server.url } : {}) });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const database = await openDatabase({ dataDir, databaseUrl: parsed.config.databaseUrl });
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
    const { administratorId } = await privilegesService.createBuiltInPrivileges(db, org.id);
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
  const scopedPrivilege = await privilegesService.createPrivilege(db, orgId, { name: 'subordinates', features: scoped });
  await db.execute(sql`update members set privilege_id = ${scopedPrivilege.id} where org_id = ${orgId} and user_id = ${supervisor.id}`);
  const seedMs = performance.now() - seedStart;

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
      await privilegesService.loadActor(db, benchUser.id, orgId);
    }),
  });

  rows.push({
    name: `GET /api/settings/user/list (${sizes.membersPerOrganization} members)`,
    api: await median(sizes.iterations, () => expectOk(`/api/settings/user/list?orgId=${orgId}`)),
    direct: await median(sizes.iterations, async () => {
      await usersService.findSessionUser(db, token);
      await privilegesService.loadActor(db, benchUser.id, orgId);
      await organizationsRepository.findOrganization(db, orgId);
      await membersRepository.listMemberDetails(db, orgId);
    }),
  });
  // Not an API ratio: what a scoped list pays per request for visibility (actor + subordinate set of a 13-department tree).
  const scopeMs = await median(sizes.iterations, async () => {
    const actor = await privilegesService.loadActor(db, supervisor.id, orgId);
    await privilegesService.ownerPredicate(db, actor, 'contact', members.userId);
  });

  console.log(`\nLodestar bench — ${database.kind}, ${sizes.users} users, ${sizes.organizations} workspaces × ${sizes.membersPerOrganization} members (seeded in ${(seedMs / 1000).toFixed(1)} s), ${sizes.iterations} sequential calls each`);
  console.log('| call | API median ms | direct queries median ms | API ÷ direct |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.api.toFixed(2)} | ${r.direct.toFixed(2)} | ${(r.api / r.direct).toFixed(2)} |`);
  console.log(`\nloadActor + ownerPredicate(subordinates), 3-level tree of 13 departments: median ${scopeMs.toFixed(2)} ms per request`);

  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  await server?.drop();
}

await main();

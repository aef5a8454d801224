/**
 * Deterministic deal seed, set-based SQL through the app's own tables: the workspace's default stage
 * type with six stages, then deals spread evenly over the eight stage choices (six stages, won 1000,
 * lost -9999) and round-robin over the members, linked to the seeded companies and contacts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';

const stageTitles = ['初步接觸', '需求確認', 'Proposal', '報價', 'Negotiation', '簽約中'];
const dealWords = ['年度合約', '設備採購', 'Fleet renewal', '系統導入', 'Cloud migration', '顧問服務', '擴廠專案', 'Annual support'];

const arr = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

const countOf = async (db: Db, query: ReturnType<typeof sql>) => Number(((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

export async function seedWorkspaceDeals(db: Db, orgId: string, deals: number): Promise<void> {
  // Counts as constants, so every join below is an equality on g alone (hash joins, not nested loops).
  const companies = await countOf(db, sql`select count(*)::int as n from companies where org_id = ${orgId}`);
  const contacts = await countOf(db, sql`select count(*)::int as n from contacts where org_id = ${orgId}`);
  const members = await countOf(db, sql`select count(*)::int as n from members where org_id = ${orgId} and user_id is not null`);
  await db.execute(sql`insert into sales_stage_types (org_id, name, is_default) values (${orgId}, 'Sales pipeline', true)`);
  await db.execute(sql`
    insert into sales_stages (org_id, stage_type_id, title, sort, closing_rate, alert_notice)
    select ${orgId}, t.id, (${arr(stageTitles)})[g], g, g * 15, 7 + g
    from generate_series(1, ${stageTitles.length}) g
    cross join (select id from sales_stage_types where org_id = ${orgId} and is_default) t`);
  await db.execute(sql`
    insert into deals (org_id, name, amount, start_date, estimated_end_date, completed_date, stage, stage_type_id,
                       stage_changed_at, closing_rate, company_id, client_id, creator_user_id, owner_user_id, created_at, updated_at)
    select ${orgId},
      (${arr(dealWords)})[1 + g % ${dealWords.length}] || ' ' || g,
      ((g::bigint * 7919) % 10000000) / 100.0,
      (date '2025-01-01' + (g % 500)),
      (date '2025-01-01' + (g % 500) + 30 + g % 90),
      case when s.stage = 1000 then (date '2025-01-01' + (g % 500) + 20) end,
      s.stage, s.stage_type_id,
      now() - make_interval(mins => (g * 37) % 200000),
      s.closing_rate,
      c.id, k.id, m.user_id, m.user_id,
      now() - make_interval(secs => g * 17), now() - make_interval(secs => g * 13)
    from generate_series(1, ${deals}) g
    join (select id as stage, stage_type_id, closing_rate, row_number() over (order by sort) - 1 as n from sales_stages where org_id = ${orgId}
          union all select 1000, (select id from sales_stage_types where org_id = ${orgId} and is_default), 100, ${stageTitles.length}
          union all select -9999, (select id from sales_stage_types where org_id = ${orgId} and is_default), 0, ${stageTitles.length + 1}) s
      on s.n = g % ${stageTitles.length + 2}
    join (select user_id, row_number() over (order by user_id) - 1 as n from members where org_id = ${orgId} and user_id is not null) m
      on m.n = (g / 7) % ${members}
    left join (select id, row_number() over (order by id) as n from companies where org_id = ${orgId}) c
      on c.n = 1 + (g * 31) % ${Math.max(companies, 1)}
    left join (select id, row_number() over (order by id) as n from contacts where org_id = ${orgId}) k
      on k.n = 1 + (g * 17) % ${Math.max(contacts, 1)}`);
}

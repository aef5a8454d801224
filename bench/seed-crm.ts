/**
 * Deterministic CRM seed, set-based SQL through the app's own tables: per workspace, companies, eight
 * contact tags and contacts with zh-TW, zh-CN and English names, phones, emails, addresses and tags,
 * owned round-robin by the workspace's members. The same sizes always produce the same data.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';

const zhTwSurnames = ['陳', '林', '黃', '張', '李', '王', '吳', '劉', '蔡', '楊', '許', '鄭', '謝', '郭', '洪'];
const zhTwGiven = ['怡君', '雅婷', '志明', '家豪', '淑芬', '俊傑', '美玲', '建宏', '佩珊', '宗翰', '欣怡', '冠宇', '詩涵', '承恩', '柏翰', '思妤', '孔明', '子瑜'];
const zhCnSurnames = ['张', '刘', '赵', '孙', '周', '徐', '马', '朱', '胡', '郭', '何', '高', '罗', '梁'];
const zhCnGiven = ['伟', '芳', '娜', '敏', '静', '丽强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀英', '华'];
const enFirst = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Isabella', 'Lucas', 'Mia', 'Mason', 'Amelia', 'Ethan', 'Harper', 'Logan'];
const enLast = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson'];
const cities = ['台北市信義區', '新北市板橋區', '台中市西屯區', '高雄市前鎮區', '上海市浦东新区', '北京市朝阳区', 'San Francisco, CA', 'London'];
const companyWords = ['宏達', '聯發', '台達', '統一', '華碩', '遠東', '長榮', '國泰', 'Northwind', 'Contoso', 'Fabrikam', 'Globex', 'Initech', 'Umbrella'];
const companySuffixes = ['股份有限公司', '有限公司', '科技', 'Ltd', 'Inc', '贸易有限公司'];
const tagColors = ['#828B91', '#F5222D', '#FA8C16', '#FADB14', '#52C41A', '#13C2C2', '#1677FF', '#722ED1'];

const arr = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;
/** The element of a text array at a deterministic position derived from g. */
const pick = (values: string[], expr: ReturnType<typeof sql>) => sql`(${arr(values)})[1 + ((${expr}) % ${values.length})]`;

/**
 * Runs `seed` with the GIN indexes of `tables` (trigram, bigram, tag and match-key indexes) dropped, then builds them
 * again: one sorted build per index instead of a posting-list insert per seeded row, which was most of a large
 * seed's time (issue 38: 452 s for 1 000 000 contacts). The definitions are read back from pg_indexes, so the
 * indexes come back exactly as the migrations made them.
 */
export async function withoutGinIndexes(db: Db, tables: string[], seed: () => Promise<void>): Promise<void> {
  const list = sql.join(tables.map((t) => sql`${t}`), sql`, `);
  const result = (await db.execute(sql`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = 'public' and tablename in (${list}) and indexdef like '% USING gin %'`)) as unknown as { rows: { name: string; definition: string }[] };
  for (const index of result.rows) await db.execute(sql.raw(`drop index "${index.name}"`));
  try {
    await seed();
  } finally {
    for (const index of result.rows) await db.execute(sql.raw(index.definition));
  }
}

export async function seedWorkspaceCrm(db: Db, orgId: string, sizes: { contacts: number; companies: number }): Promise<void> {
  await db.execute(sql`
    insert into tags (org_id, kind, name, color, sort)
    select ${orgId}, 'customer', (array['VIP', '潛在客戶', '老客户', 'Partner', '供應商', 'Lead', '已成交', 'Event'])[g], (${arr(tagColors)})[g], g
    from generate_series(1, 8) g`);
  await db.execute(sql`
    insert into companies (org_id, name, tax, phones, address, owner_user_id, created_at, updated_at)
    select ${orgId},
      ${pick(companyWords, sql`g`)} || ${pick(companyWords, sql`g / 14`)} || ' ' || ${pick(companySuffixes, sql`g / 7`)} || ' ' || g,
      lpad((10000000 + g)::text, 8, '0'),
      jsonb_build_array(jsonb_build_object('value', '02-' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'), 'type', 'companyPhone')),
      ${pick(cities, sql`g`)} || ' ' || (g % 300) || '號',
      m.user_id,
      now() - make_interval(mins => g), now() - make_interval(mins => g)
    from generate_series(1, ${sizes.companies}) g
    join (select user_id, row_number() over (order by user_id) - 1 as n, count(*) over () as total
          from members where org_id = ${orgId} and user_id is not null) m on m.n = g % m.total`);
  // Tags and last contact come from a hash of g, not from g's residues: names come from g / 3 modulo the name lists'
  // lengths, so a residue rule made every "Emma" a VIP and no "Amy" one, and the filtered list (VIP, no contact for 90
  // days, by name) skipped 41 729 contacts before its first — a correlation no real list has (bench/README.md, "Issue 38").
  await db.execute(sql`
    insert into contacts (org_id, first_name, last_name, phones, emails, addresses, tag_ids, company_id, owner_user_id,
                          is_important, last_contact_at, created_at, updated_at)
    select ${orgId},
      case g % 3 when 0 then ${pick(zhTwSurnames, sql`g / 3`)} when 1 then ${pick(zhCnSurnames, sql`g / 3`)} else ${pick(enFirst, sql`g / 3`)} end,
      case g % 3 when 0 then ${pick(zhTwGiven, sql`g / 45`)} when 1 then ${pick(zhCnGiven, sql`g / 42`)} else ${pick(enLast, sql`g / 48`)} end,
      jsonb_build_array(jsonb_build_object('value', '09' || lpad(((g::bigint * 104729) % 100000000)::text, 8, '0'), 'type', 'mobile')),
      jsonb_build_array(jsonb_build_object('value', 'contact' || g || '@example.com')),
      jsonb_build_array(jsonb_build_object('value', ${pick(cities, sql`g / 5`)}, 'type', 'personal')),
      case when r.h % 4 = 0 then array[t.ids[1 + (r.h / 4) % 8]] when r.h % 4 = 1 then array[t.ids[1 + (r.h / 4) % 8], t.ids[1 + (r.h / 32) % 8]] else '{}'::uuid[] end,
      c.id,
      m.user_id,
      g % 10 = 0,
      case when (r.h / 256) % 5 = 0 then null else now() - make_interval(days => ((r.h / 1280) % 730)::int) end,
      now() - make_interval(secs => g * 13), now() - make_interval(secs => g * 11)
    from generate_series(1, ${sizes.contacts}) g
    cross join lateral (select hashint4(g)::bigint & 2147483647 as h) r
    cross join (select array_agg(id order by sort) as ids from tags where org_id = ${orgId} and kind = 'customer') t
    join (select user_id, row_number() over (order by user_id) - 1 as n, count(*) over () as total
          from members where org_id = ${orgId} and user_id is not null) m on m.n = g % m.total
    left join (select id, row_number() over (order by tax) as n from companies where org_id = ${orgId}) c
      on c.n = 1 + (g * 31) % ${sizes.companies} and g % 3 <> 2`);
}

/**
 * Deterministic schedule seed, set-based SQL through the app's own tables: for one user, 1 800 single
 * schedules over 2025-01 … 2027-06 and 200 repeating series (10 daily forever, 50 weekly ×52, 40 monthly forever,
 * 40 weekly until 2027-12-31, 40 weekly forever, 20 yearly — ≈ 900 occurrences in a month) with a few completed
 * occurrences each; plus 20 000 schedules of the other members
 * of the workspace (what the owner index must skip). Times are Asia/Taipei wall clock.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';

const titles = ['拜訪客戶', '電話追蹤', 'Weekly sync', '報價討論', 'Demo', '合約簽署', 'Site visit', '教育訓練'];
const arr = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

export const scheduleSeed = { singles: 1_800, series: 200, others: 20_000 } as const;

export async function seedWorkspaceSchedules(db: Db, orgId: string, userId: string): Promise<void> {
  const local = (day: string, time: string) => sql.raw(`((${day}) + (${time})) at time zone 'Asia/Taipei'`);
  // The user's single schedules: one hour from 08:00–15:00, a day apart in turn over 30 months.
  await db.execute(sql`
    insert into schedules (org_id, owner_user_id, creator_user_id, title, category, start_date, start_time, end_date, end_time,
                           timezone, starts_at, ends_at, last_ends_at, notice, color)
    select ${orgId}, ${userId}, ${userId}, (${arr(titles)})[1 + g % ${titles.length}] || ' ' || g, 'visit',
      d, t, d, t + interval '1 hour', 'Asia/Taipei',
      ${local('d', 't')}, ${local('d', "t + interval '1 hour'")}, ${local('d', "t + interval '1 hour'")}, 600, '#828B91'
    from generate_series(1, ${scheduleSeed.singles}) g,
      lateral (select date '2025-01-01' + (g * 912 / ${scheduleSeed.singles}) as d, time '08:00' + make_interval(hours => g % 8) as t) x`);
  // The user's series, starting over 2025.
  await db.execute(sql`
    insert into schedules (org_id, owner_user_id, creator_user_id, title, category, start_date, start_time, end_date, end_time,
                           timezone, rrule, starts_at, ends_at, last_ends_at, notice, color)
    select ${orgId}, ${userId}, ${userId}, 'Series ' || g, 'phone',
      d, t, d, t + interval '30 minutes', 'Asia/Taipei',
      (array['FREQ=DAILY', 'FREQ=WEEKLY;COUNT=52', 'FREQ=MONTHLY', 'FREQ=WEEKLY;UNTIL=20271231T235959', 'FREQ=WEEKLY', 'FREQ=YEARLY'])[r.k],
      ${local('d', 't')}, ${local('d', "t + interval '30 minutes'")},
      case r.k
        when 2 then ${local("d + 51 * 7", "t + interval '30 minutes'")}
        when 4 then timestamptz '2028-01-01 00:00:00+08'
      end,
      300, '#1677FF'
    from generate_series(1, ${scheduleSeed.series}) g,
      lateral (select date '2025-01-01' + (g * 360 / ${scheduleSeed.series}) as d, time '07:00' + make_interval(hours => g % 10) as t) x,
      -- The mix of a busy salesperson: 10 daily, 50 weekly ×52, 40 monthly, 40 weekly until, 40 weekly forever, 20 yearly.
      lateral (select case when g <= 10 then 1 when g <= 60 then 2 when g <= 100 then 3 when g <= 140 then 4 when g <= 180 then 5 else 6 end as k) r`);
  // A few completed occurrences per series (their first five, a rule step apart).
  await db.execute(sql`
    insert into schedule_exceptions (org_id, schedule_id, occurrence_date, completed, completed_at)
    select ${orgId}, s.id,
      case when s.rrule like 'FREQ=DAILY%' then s.start_date + k
           when s.rrule like 'FREQ=MONTHLY%' then (s.start_date + make_interval(months => k))::date
           when s.rrule like 'FREQ=YEARLY%' then (s.start_date + make_interval(years => k))::date
           else s.start_date + 7 * k end,
      true, now()
    from schedules s cross join generate_series(0, 4) k
    where s.org_id = ${orgId} and s.owner_user_id = ${userId} and s.rrule is not null`);
  // Everyone else's schedules in the same workspace.
  await db.execute(sql`
    insert into schedules (org_id, owner_user_id, creator_user_id, title, start_date, start_time, end_date, end_time,
                           timezone, starts_at, ends_at, last_ends_at, color)
    select ${orgId}, m.user_id, m.user_id, 'Other ' || g, d, time '10:00', d, time '11:00', 'Asia/Taipei',
      ${local('d', "time '10:00'")}, ${local('d', "time '11:00'")}, ${local('d', "time '11:00'")}, '#828B91'
    from generate_series(1, ${scheduleSeed.others}) g
    join (select user_id, row_number() over (order by user_id) - 1 as i, count(*) over () as n
          from members where org_id = ${orgId} and user_id is not null and user_id <> ${userId}) m on m.i = g % m.n,
      lateral (select date '2025-01-01' + (g % 912) as d) x`);
}

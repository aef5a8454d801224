import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/paging.ts';

/**
 * Read-only queries of the time scans (workflows.scans.ts) and the dry run over the deals and contacts tables: stalled
 * deals, dates coming up, contacts gone quiet; and the owners' loads for least-loaded assignment. `record` is the row
 * as the outbox would carry it (snake_case, camelised by the caller).
 */

const dealRecord = sql`to_jsonb(d) - '{search_text,search_bigrams}'::text[]`;
const contactRecord = sql`to_jsonb(c) - '{search_text,search_bigrams,sort_name,last_contact_sort}'::text[]`;

/**
 * Open deals that, as of `asOf`, have sat in their stage past `days` (or the stage's alert days), stalling after `stalledAfter`:
 * read-only, from the deals and stages tables (the stalled scan and the dry run).
 */
export async function stalledDeals(db: Db, orgId: string, options: { stage?: number | undefined; days?: number | undefined; stalledAfter: Date; asOf: Date; limit: number }) {
  return queryRows<{ id: string; name: string; stage: number; stageChangedAt: string; stalledAt: string; ownerUserId: string | null; record: Record<string, unknown> }>(
    db,
    sql`select d.id, d.name, d.stage, d.stage_changed_at as "stageChangedAt",
          d.stage_changed_at + make_interval(days => coalesce(${options.days ?? null}::int, s.alert_notice)) as "stalledAt",
          d.owner_user_id as "ownerUserId", ${dealRecord} as record
        from deals d join sales_stages s on s.org_id = d.org_id and s.id = d.stage
        where d.org_id = ${orgId} and d.deleted_at is null and d.stage not in (1000, -9999)
          ${options.stage !== undefined ? sql`and d.stage = ${options.stage}` : sql``}
          and coalesce(${options.days ?? null}::int, s.alert_notice) is not null
          and d.stage_changed_at + make_interval(days => coalesce(${options.days ?? null}::int, s.alert_notice)) <= ${options.asOf.toISOString()}::timestamptz
          and d.stage_changed_at + make_interval(days => coalesce(${options.days ?? null}::int, s.alert_notice)) > ${options.stalledAfter.toISOString()}::timestamptz
        order by d.stage_changed_at desc limit ${options.limit}`,
  );
}

export interface FoundRecord {
  id: string;
  /** The day (YYYY-MM-DD) or moment the trigger is keyed by: a new date or a new quiet spell triggers again. */
  keyOf: string;
  /** When it triggered (the dry run's "at"). */
  at: string;
  record: Record<string, unknown>;
}

/**
 * Open deals whose expected close minus `daysBefore` falls between `fromDay` and `today` (dates as YYYY-MM-DD in the
 * workspace's time zone), the close itself not before `notBefore`.
 */
export async function dealsByCloseDate(db: Db, orgId: string, o: { daysBefore: number; fromDay: string; today: string; notBefore: string; limit: number }) {
  return queryRows<FoundRecord>(
    db,
    sql`select d.id, d.estimated_end_date::text as "keyOf", (d.estimated_end_date - ${o.daysBefore}::int)::text as at, ${dealRecord} as record
        from deals d
        where d.org_id = ${orgId} and d.deleted_at is null and d.stage not in (1000, -9999) and d.estimated_end_date is not null
          and d.estimated_end_date - ${o.daysBefore}::int between ${o.fromDay}::date and ${o.today}::date
          and d.estimated_end_date >= ${o.notBefore}::date
        order by d.estimated_end_date limit ${o.limit}`,
  );
}

/** Live contacts whose birthday this year or next, minus `daysBefore`, falls between `fromDay` and `today`, the day itself not before `notBefore`. */
export async function contactsByBirthday(db: Db, orgId: string, o: { daysBefore: number; fromDay: string; today: string; notBefore: string; limit: number }) {
  return queryRows<FoundRecord>(
    db,
    sql`select c.id, b.day::text as "keyOf", (b.day - ${o.daysBefore}::int)::text as at, ${contactRecord} as record
        from contacts c
        cross join lateral (
          -- 29 February falls on 1 March in other years.
          select (make_date(y, extract(month from c.birthday)::int, 1) + (extract(day from c.birthday)::int - 1))::date as day
          from (values (extract(year from ${o.today}::date)::int), (extract(year from ${o.today}::date)::int + 1)) as years(y)
        ) b
        where c.org_id = ${orgId} and c.deleted_at is null and c.birthday is not null
          and b.day - ${o.daysBefore}::int between ${o.fromDay}::date and ${o.today}::date and b.day >= ${o.notBefore}::date
        order by b.day limit ${o.limit}`,
  );
}

/** Live contacts whose last contact (or, never contacted, their creation) passed `days` ago between `since` and `asOf`. */
export async function idleContacts(db: Db, orgId: string, o: { days: number; since: Date; asOf: Date; limit: number }) {
  return queryRows<FoundRecord>(
    db,
    sql`select c.id, to_json(coalesce(c.last_contact_at, c.created_at)) #>> '{}' as "keyOf",
          to_json(coalesce(c.last_contact_at, c.created_at) + make_interval(days => ${o.days})) #>> '{}' as at, ${contactRecord} as record
        from contacts c
        where c.org_id = ${orgId} and c.deleted_at is null
          and coalesce(c.last_contact_at, c.created_at) + make_interval(days => ${o.days}) <= ${o.asOf.toISOString()}::timestamptz
          and coalesce(c.last_contact_at, c.created_at) + make_interval(days => ${o.days}) > ${o.since.toISOString()}::timestamptz
        order by coalesce(c.last_contact_at, c.created_at) desc limit ${o.limit}`,
  );
}

/** Open deals (a deal target) or live contacts (a contact target) each of these members owns: least-loaded assignment. */
export async function ownerLoads(db: Db, orgId: string, target: 'deal' | 'contact', userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const ids = sql`array[${sql.join(userIds.map((id) => sql`${id}`), sql`, `)}]::uuid[]`;
  const rows =
    target === 'deal'
      ? await queryRows<{ userId: string; count: number }>(db, sql`select owner_user_id as "userId", count(*)::int as count from deals where org_id = ${orgId} and deleted_at is null and stage not in (1000, -9999) and owner_user_id = any(${ids}) group by owner_user_id`)
      : await queryRows<{ userId: string; count: number }>(db, sql`select owner_user_id as "userId", count(*)::int as count from contacts where org_id = ${orgId} and deleted_at is null and owner_user_id = any(${ids}) group by owner_user_id`);
  return new Map(rows.map((r) => [r.userId, r.count]));
}

/** A reservation's contact as it is now (read-only). */
export async function reservationContact(db: Db, orgId: string, id: string): Promise<string | null> {
  const [row] = await queryRows<{ contactId: string | null }>(db, sql`select contact_id as "contactId" from reservations where org_id = ${orgId} and id = ${id}`);
  return row?.contactId ?? null;
}

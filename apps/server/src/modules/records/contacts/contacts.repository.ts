import { contactTextFields, type ContactTextField, type ListSortField } from '@lodestar/contract';
import { and, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { afterCursor, allOf, boundedTotal, encodeCursor, keysetOrder, pageOf, queryRows, sortKey, type Keyset } from '../../../db/paging.ts';
import type { RecordTable } from '../../../db/records.ts';
import { keywordMatch, uuidArray } from '../../../db/search-columns.ts';
import { companies } from '../companies/companies.table.ts';
import { users } from '../../access/users/users.table.ts';
import { contacts } from './contacts.table.ts';
import { tagRefsColumn } from '../tags/tags.table.ts';
import { personNameSql } from '../../../db/person-name.ts';

/** For the shared record statements (db/records.ts). */
export const contactRecords: RecordTable = {
  table: contacts,
  id: contacts.id,
  orgId: contacts.orgId,
  deletedAt: contacts.deletedAt,
  updatedAt: contacts.updatedAt,
  tagIds: contacts.tagIds,
  mergedIntoId: contacts.mergedIntoId,
};

export type ContactRowDb = typeof contacts.$inferSelect;
export type ContactInsert = Omit<typeof contacts.$inferInsert, 'id' | 'orgId' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

const ownerName = sql<string | null>`nullif(${personNameSql(users.firstName, users.lastName)}, '')`;
const live = isNull(contacts.deletedAt);
/** A "stop processing" request (records/pdpa) hides the contact from lists, counts, search and exports, not from its page. */
const listed = and(live, isNull(contacts.restrictedAt))!;

export interface ContactFilters {
  tags?: string[] | undefined;
  owner?: string[] | undefined;
  noContactDays?: number | undefined;
  important?: boolean | undefined;
  keyword?: string | undefined;
  companyId?: string | undefined;
}

function filterConditions(filters: ContactFilters): (SQL | undefined)[] {
  return [
    filters.tags?.length ? sql`${contacts.tagIds} && ${uuidArray(filters.tags)}` : undefined,
    filters.owner?.length ? inArray(contacts.ownerUserId, filters.owner) : undefined,
    filters.noContactDays
      ? lt(contacts.lastContactSort, sql`now() - make_interval(days => ${filters.noContactDays}::int)`)
      : undefined,
    filters.important !== undefined ? eq(contacts.isImportant, filters.important) : undefined,
    filters.keyword ? keywordMatch(contacts.searchText, contacts.searchBigrams, filters.keyword) : undefined,
    filters.companyId ? eq(contacts.companyId, filters.companyId) : undefined,
  ];
}

/** The list's filters as one condition on `contacts` (undefined: no filter), for a caller that selects contacts itself. */
export function filterCondition(filters: ContactFilters): SQL | undefined {
  return allOf(...filterConditions(filters));
}

const sortColumns: Record<ListSortField, Pick<Keyset, 'sortColumn' | 'sortType'>> = {
  updatedAt: { sortColumn: contacts.updatedAt, sortType: 'timestamptz' },
  createdAt: { sortColumn: contacts.createdAt, sortType: 'timestamptz' },
  name: { sortColumn: contacts.sortName, sortType: 'text' },
  lastContactAt: { sortColumn: contacts.lastContactSort, sortType: 'timestamptz' },
};

const rowColumns = {
  id: contacts.id,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  // The field list's text fields, which the list may show as columns.
  ...(Object.fromEntries(contactTextFields.map((key) => [key, contacts[key]])) as { [K in ContactTextField]: (typeof contacts)[K] }),
  phones: contacts.phones,
  emails: contacts.emails,
  companyId: contacts.companyId,
  companyName: companies.name,
  ownerUserId: contacts.ownerUserId,
  ownerName,
  tags: tagRefsColumn(contacts.tagIds, contacts.orgId, 'customer'),
  isImportant: contacts.isImportant,
  lastContactAt: contacts.lastContactAt,
  avatarFileId: contacts.avatarFileId,
  dynamicFields: contacts.dynamicFields,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};

export async function listContacts(
  db: Db,
  orgId: string,
  options: {
    visibility: SQL;
    filters: ContactFilters;
    sortBy: ListSortField;
    descending: boolean;
    cursor: string | undefined;
    limit: number;
    withTotal: boolean;
  },
) {
  const keyset: Keyset = { ...sortColumns[options.sortBy], idColumn: contacts.id, descending: options.descending };
  const where = allOf(eq(contacts.orgId, orgId), listed, options.visibility, ...filterConditions(options.filters));
  const inPage = allOf(where, afterCursor(keyset, options.cursor));
  // Sorted by name, the page's ids come first from the name index alone: it carries the columns of the common
  // filters (tags, last contact, owner, important; migration 0056), so the rows the filters pass over are read from
  // the index, not the table — a tag + 90-day filter skipped 4 000 rows per page at 100 000 contacts and 42 000 at
  // 1 000 000 (bench/README.md, "Issue 38"). Then only the page's rows are read whole.
  const page =
    options.sortBy === 'name'
      ? db.select({ id: contacts.id }).from(contacts).where(inPage).orderBy(...keysetOrder(keyset)).limit(options.limit + 1).as('page')
      : undefined;
  const rowsQuery = page
    ? db
        .select({ ...rowColumns, sortKey: sortKey(keyset) })
        .from(page)
        .innerJoin(contacts, eq(contacts.id, page.id))
        .leftJoin(companies, eq(companies.id, contacts.companyId))
        .leftJoin(users, eq(users.id, contacts.ownerUserId))
        .orderBy(...keysetOrder(keyset))
    : db
        .select({ ...rowColumns, sortKey: sortKey(keyset) })
        .from(contacts)
        .leftJoin(companies, eq(companies.id, contacts.companyId))
        .leftJoin(users, eq(users.id, contacts.ownerUserId))
        .where(inPage)
        .orderBy(...keysetOrder(keyset))
        .limit(options.limit + 1);
  // The page and the total are independent: on PostgreSQL they run on two connections at once.
  const [rows, totals] = await Promise.all([rowsQuery, options.withTotal ? boundedTotal(db, sql`${contacts}`, where) : undefined]);
  return { ...pageOf(rows, options.limit), totals };
}

/** What an export may read of a contact: each part is one value of a page row's array, in the order asked. */
export type ContactExportPart =
  | ContactTextField | 'firstName' | 'lastName' | 'sex' | 'birthday' | 'company' | 'phones' | 'emails' | 'socials' | 'addresses'
  | 'tagIds' | 'note' | 'ownerUserId' | 'isImportant' | 'lastContactAt' | 'dynamicFields' | 'createdAt' | 'updatedAt';

// Times as the ISO text Date.toISOString() writes; emails as a JSON array of strings (every item has a value), so the
// app parses no object per email; phones, accounts and addresses whole (the export sorts them into columns by type).
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
// The field list's plain text fields: each a text column (record-fields.ts), read and written by its name.
const textColumn = (key: ContactTextField) => contacts[key].name;
const byTextField = <T>(of: (column: string) => T) => Object.fromEntries(contactTextFields.map((key) => [key, of(textColumn(key))])) as Record<ContactTextField, T>;
const textColumns = sql.join(contactTextFields.map((key) => sql.identifier(textColumn(key))), sql`, `);
const exportPartColumns: Record<ContactExportPart, string> = {
  ...byTextField((column) => column),
  firstName: 'first_name', lastName: 'last_name', sex: 'sex', birthday: 'birthday', company: 'company_id',
  phones: 'phones', emails: 'emails', socials: 'socials', addresses: 'addresses', tagIds: 'tag_ids', note: 'note', ownerUserId: 'owner_user_id',
  isImportant: 'is_important', lastContactAt: 'last_contact_at', dynamicFields: 'dynamic_fields', createdAt: 'created_at', updatedAt: 'updated_at',
};
const exportPartSql: Record<ContactExportPart, SQL> = {
  firstName: sql`p.first_name`,
  lastName: sql`p.last_name`,
  ...byTextField((column) => sql`p.${sql.identifier(column)}`),
  sex: sql`p.sex`,
  birthday: sql`p.birthday::text`,
  company: sql`(select ${companies.name} from ${companies} where ${companies.id} = p.company_id)`,
  phones: sql`p.phones`,
  emails: sql`jsonb_path_query_array(p.emails, '$[*].value')`,
  socials: sql`p.socials`,
  addresses: sql`p.addresses`,
  tagIds: sql`p.tag_ids`,
  note: sql`p.note`,
  ownerUserId: sql`p.owner_user_id`,
  isImportant: sql`p.is_important`,
  lastContactAt: isoText(sql`p.last_contact_at`),
  dynamicFields: sql`p.dynamic_fields`,
  createdAt: isoText(sql`p.created_at`),
  updatedAt: isoText(sql`p.updated_at`),
};

/**
 * An export's page: the list's scope and filters (and the chosen ids) in created order, as one JSON array of row
 * arrays. The rows come from the (org_id, created_at, id) index first (the list's join-then-sort shape hashed and
 * sorted every remaining row for each page when contacts shared created_at); one JSON value per page instead of ten
 * per row is what PGlite's and node-postgres's result parsing cost least for (bench/README.md, "Import and export").
 */
export async function exportContacts(
  db: Db,
  orgId: string,
  options: { visibility: SQL; filters: ContactFilters; ids: string[] | undefined; parts: ContactExportPart[]; cursor: string | undefined; limit: number },
): Promise<{ rows: unknown[][]; nextCursor: string | null }> {
  const keyset: Keyset = { ...sortColumns.createdAt, idColumn: contacts.id, descending: false };
  const chosen = options.ids ? sql`${contacts.id} = any(${`{${options.ids.join(',')}}`}::uuid[])` : undefined;
  const where = allOf(eq(contacts.orgId, orgId), listed, options.visibility, ...filterConditions(options.filters), chosen, afterCursor(keyset, options.cursor));
  const values = options.parts.length > 0 ? sql.join(options.parts.map((part) => exportPartSql[part]), sql`, `) : sql``;
  // Only the columns the asked parts read go through the materialized page (a large note or jsonb is copied only when asked for).
  const columns = options.parts.filter((part) => part !== 'createdAt').map((part) => sql.raw(`, ${exportPartColumns[part]}`));
  const [page] = await queryRows<{ n: number; rows: unknown[][] | null; last: string[] | null }>(
    db,
    sql`with p as materialized (
          select ${contacts.id}, ${contacts.createdAt}${sql.join(columns, sql``)}
          from ${contacts} where ${where} order by ${sql.join(keysetOrder(keyset), sql`, `)} limit ${options.limit})
        select count(*)::int as n, json_agg(json_build_array(${values}) order by p.created_at, p.id) as rows,
          -- the next page's cursor: the last row's sort key as sortKey() writes it, and its id
          (select array[created_at::text, id::text] from p order by created_at desc, id desc limit 1) as last
        from p`,
  );
  const last = page?.n === options.limit ? page.last : null;
  return { rows: page?.rows ?? [], nextCursor: last ? encodeCursor(last[0]!, last[1]!) : null };
}

/** needGroup: live visible contacts per tag (and without tags), bounded by the filters. */
export async function countByTag(db: Db, orgId: string, visibility: SQL, filters: ContactFilters) {
  const where = allOf(eq(contacts.orgId, orgId), listed, visibility, ...filterConditions(filters));
  return queryRows<{ tag: string | null; n: number }>(db, sql`
    select t.tag::text as tag, count(*)::int as n
    from ${contacts} left join lateral unnest(${contacts.tagIds}) as t(tag) on true
    where ${where} group by t.tag`);
}

/**
 * One row's company and owner names as scalar subqueries by primary key rather than joins: the same answer, and
 * PostgreSQL plans one table instead of three — planning was most of the detail's contact statement, which PGlite
 * plans on every call. (Lists keep their joins: there the subqueries ran for every match before the sort.)
 */
const byId = {
  companyName: sql<string | null>`(select ${companies.name} from ${companies} where ${companies.id} = ${contacts.companyId})`,
  ownerName: sql<string | null>`(select ${ownerName} from ${users} where ${users.id} = ${contacts.ownerUserId})`,
};

export async function findContact(db: Db, orgId: string, id: string, visibility: SQL) {
  const [row] = await db
    .select({ contact: contacts, companyName: byId.companyName, ownerName: byId.ownerName, tags: tagRefsColumn(contacts.tagIds, contacts.orgId, 'customer') })
    .from(contacts)
    .where(and(eq(contacts.orgId, orgId), eq(contacts.id, id), live, visibility))
    .limit(1);
  return row;
}

/** A live contact with this phone (compared as digits) or email, oldest first: who booked on the public page. */
/** Either may be empty (a business card visitor leaves one of them): an empty one matches nothing. */
export async function findByPhoneOrEmail(db: Db, orgId: string, phoneDigits: string, email: string) {
  if (!phoneDigits && !email) return undefined;
  const byEmail = email ? sql`${contacts.emails} @> ${JSON.stringify([{ value: email }])}::jsonb` : sql`false`;
  const byPhone = phoneDigits
    ? sql`exists (select 1 from jsonb_array_elements(${contacts.phones}) p where regexp_replace(p->>'value', '[^0-9]', '', 'g') = ${phoneDigits})`
    : sql`false`;
  const [row] = await db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(and(eq(contacts.orgId, orgId), live, sql`(${byEmail} or ${byPhone})`))
    .orderBy(contacts.createdAt)
    .limit(1);
  return row;
}

/** Live contacts holding any of these emails or phone digits, oldest first: an import chunk's duplicates in one query. */
export async function findByPhonesOrEmails(db: Db, orgId: string, phoneDigits: string[], emails: string[]) {
  if (phoneDigits.length === 0 && emails.length === 0) return [];
  // One GIN probe per key (contacts_match_keys_idx, migration 0020) instead of testing every key against every
  // contact of the workspace. OFFSET 0 keeps the workspace and live filters outside the probe: without fresh
  // statistics (PGlite has no autovacuum) the planner would otherwise scan the workspace's index per key. The keys
  // are one array parameter: a literal of 2 000 parameters cost more to build and bind than the probes.
  const keys = [...emails.map((e) => `email:${e}`), ...phoneDigits.map((d) => `phone:${d}`)];
  return queryRows<{ id: string; emails: ContactRowDb['emails']; phones: ContactRowDb['phones'] }>(
    db,
    sql`select distinct on (c.created_at, c.id) c.id, c.emails, c.phones
        from unnest(${sql.param(keys)}::text[]) k(key)
        cross join lateral (select id, org_id, deleted_at, emails, phones, created_at from contacts
                            where contact_match_keys(emails, phones) @> array[k.key] offset 0) c
        where c.org_id = ${orgId} and c.deleted_at is null
        order by c.created_at, c.id`,
  );
}

/** Live contacts whose full name (the one name rule, lower-cased) is one of these, oldest first. */
export async function findByNames(db: Db, orgId: string, lowerNames: string[]) {
  if (lowerNames.length === 0) return [];
  const name = sql<string>`lower(${personNameSql(contacts.firstName, contacts.lastName)})`;
  return db
    .select({ id: contacts.id, name })
    .from(contacts)
    .where(and(eq(contacts.orgId, orgId), live, inArray(name, lowerNames)))
    .orderBy(contacts.createdAt);
}

export async function insertContact(db: Db, orgId: string, values: ContactInsert): Promise<ContactRowDb> {
  const [row] = await db.insert(contacts).values({ ...values, orgId }).returning();
  return row!;
}

/**
 * Many new contacts in one statement (an import chunk's); the ids are the caller's. The rows are one JSON parameter
 * read by json_to_recordset: a fixed one parameter whatever the chunk's size (a VALUES list binds 20 per row, meets the
 * protocol's 65 535 limit at 3 000 rows, and building it cost more than the insert — see bench/README.md), made by one
 * JSON.stringify; twenty array parameters built by node-postgres's array literal writer were an import's largest
 * allocation (≈ 5 KB of garbage a row, which grew the heap by hundreds of MB over a large file).
 */
export async function insertContacts(db: Db, orgId: string, rows: (ContactInsert & { id: string })[]): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((r) => ({
    ...Object.fromEntries(contactTextFields.map((key) => [textColumn(key), r[key]])),
    id: r.id, first_name: r.firstName, last_name: r.lastName, sex: r.sex, birthday: r.birthday,
    company_id: r.companyId, phones: r.phones, emails: r.emails, socials: r.socials, addresses: r.addresses, tag_ids: r.tagIds, note: r.note,
    owner_user_id: r.ownerUserId, is_important: r.isImportant, last_contact_at: r.lastContactAt, avatar_file_id: r.avatarFileId,
    dynamic_fields: r.dynamicFields, created_by_user_id: r.createdByUserId,
  }));
  await db.execute(sql`
    insert into ${contacts} (id, org_id, first_name, last_name, ${textColumns}, sex, birthday, company_id, phones, emails,
      socials, addresses, tag_ids, note, owner_user_id, is_important, last_contact_at, avatar_file_id, dynamic_fields, created_by_user_id)
    select id, ${orgId}, first_name, last_name, ${textColumns}, sex, birthday, company_id, coalesce(phones, '[]'), coalesce(emails, '[]'),
      coalesce(socials, '[]'), coalesce(addresses, '[]'), coalesce(tag_ids, '{}'), note, owner_user_id, coalesce(is_important, false),
      last_contact_at, avatar_file_id, coalesce(dynamic_fields, '{}'), created_by_user_id
    from json_to_recordset(${JSON.stringify(records)}::json)
      as t(id uuid, first_name text, last_name text, ${sql.join(contactTextFields.map((key) => sql`${sql.identifier(textColumn(key))} text`), sql`, `)}, sex text, birthday date, company_id uuid, phones jsonb,
           emails jsonb, socials jsonb, addresses jsonb, tag_ids uuid[], note text, owner_user_id uuid, is_important boolean,
           last_contact_at timestamptz, avatar_file_id uuid, dynamic_fields jsonb, created_by_user_id uuid)`);
}

export async function updateContact(db: Db, orgId: string, id: string, values: Partial<ContactInsert>): Promise<void> {
  await db
    .update(contacts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(contacts.orgId, orgId), eq(contacts.id, id), live));
}

export async function recentlyCreated(db: Db, orgId: string, visibility: SQL, since: Date, limit: number) {
  const where = and(eq(contacts.orgId, orgId), listed, visibility, gte(contacts.createdAt, since));
  const rows = await db
    .select(rowColumns)
    .from(contacts)
    .leftJoin(companies, eq(companies.id, contacts.companyId))
    .leftJoin(users, eq(users.id, contacts.ownerUserId))
    .where(where)
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(limit);
  const counted = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${contacts} where ${where}`);
  return { rows, count: Number(counted[0]?.n ?? 0) };
}

export async function contactsOfCompany(db: Db, orgId: string, companyId: string, limit: number) {
  return db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, position: contacts.position })
    .from(contacts)
    .where(and(eq(contacts.orgId, orgId), eq(contacts.companyId, companyId), live))
    .orderBy(contacts.sortName, contacts.id)
    .limit(limit);
}

export async function countOfCompany(db: Db, orgId: string, companyId: string): Promise<number> {
  const result = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${contacts} where ${contacts.orgId} = ${orgId} and ${contacts.companyId} = ${companyId} and ${contacts.deletedAt} is null`,
  );
  return Number(result[0]?.n ?? 0);
}

/** Global search: visible live contacts matching the keyword, with their company name. */
export async function searchContacts(db: Db, orgId: string, visibility: SQL, keyword: string, limit: number) {
  return db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      phones: contacts.phones,
      emails: contacts.emails,
      addresses: contacts.addresses,
      companyName: companies.name,
    })
    .from(contacts)
    .leftJoin(companies, eq(companies.id, contacts.companyId))
    .where(and(eq(contacts.orgId, orgId), listed, visibility, keywordMatch(contacts.searchText, contacts.searchBigrams, keyword)))
    // No ORDER BY: the first matches found are enough for a search dropdown, and ordering would make the
    // planner read every match (or walk the name index); the service sorts these few by name.
    .limit(limit);
}

/** The display name in SQL (names.ts fullName). */
export const contactDisplayName = personNameSql(contacts.firstName, contacts.lastName);

/** The name of a live company of the workspace (a contact's company link), read-only on companies' table. */
export async function findLiveCompanyName(db: Db, orgId: string, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(and(eq(companies.orgId, orgId), eq(companies.id, id), isNull(companies.deletedAt)))
    .limit(1);
  return row?.name;
}

/** A contact's whole row whatever its state (in the trash, merged away): a PDPA request may name any of them. */
export async function findAnyContactRow(db: Db, orgId: string, id: string): Promise<ContactRowDb | undefined> {
  const [row] = await db.select().from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.id, id))).limit(1);
  return row;
}

/** Sets or lifts a "stop processing" restriction (also on a contact in the trash). */
export async function setRestricted(db: Db, orgId: string, id: string, restricted: boolean): Promise<void> {
  await db
    .update(contacts)
    .set({ restrictedAt: restricted ? sql`now()` : null, updatedAt: sql`now()` })
    .where(and(eq(contacts.orgId, orgId), eq(contacts.id, id)));
}

/** A live contact's whole row (imports compare and update it). */
export async function findContactRow(db: Db, orgId: string, id: string): Promise<ContactRowDb | undefined> {
  const [row] = await db.select().from(contacts).where(and(eq(contacts.orgId, orgId), eq(contacts.id, id), live)).limit(1);
  return row;
}

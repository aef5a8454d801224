import type { ContactAddress, ContactPhone, RecordEmail } from '@lodestar/contract';
import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { allOf, queryRows } from '../../../db/paging.ts';
import { companies } from '../companies/companies.table.ts';
import { contacts } from './contacts.table.ts';

/** What a contact's address card shows: the same values decide its ETag, so the ETag changes exactly when the card does. */
export interface AddressCardRow {
  id: string;
  firstName: string;
  lastName: string;
  nickName: string | null;
  position: string | null;
  birthday: string | null;
  phones: ContactPhone[];
  emails: RecordEmail[];
  addresses: ContactAddress[];
  companyName: string | null;
  etag: string;
}

const companyName = sql`(select ${companies.name} from ${companies} where ${companies.id} = ${contacts.companyId})`;

/**
 * The card's version, computed by the database so a sync reads no card it does not send. `format` names the card
 * writer's output: bump it when cards.vcard.ts writes a field differently, and every phone fetches every card again.
 */
function etagSql(format: string): SQL<string> {
  const parts = [contacts.firstName, contacts.lastName, contacts.nickName, contacts.position, sql`${contacts.birthday}::text`, sql`${contacts.phones}::text`, sql`${contacts.emails}::text`, sql`${contacts.addresses}::text`, companyName];
  return sql<string>`md5(${format} || ${sql.join(parts.map((part) => sql`chr(31) || coalesce(${part}, '')`), sql` || `)})`;
}

function bookWhere(orgId: string, visibility: SQL, tagId: string | null, ids?: string[]): SQL | undefined {
  return allOf(
    eq(contacts.orgId, orgId),
    isNull(contacts.deletedAt),
    visibility,
    tagId ? sql`${contacts.tagIds} @> array[${tagId}]::uuid[]` : undefined,
    ids ? sql`${contacts.id} = any(${sql.param(ids)}::uuid[])` : undefined,
  );
}

/**
 * Every card of the book as id → ETag, and the book's version (CTag): one statement and one JSON value, whatever the
 * number of contacts (one value instead of a row each is what PGlite and node-postgres parse fastest: bench/README.md).
 */
export async function cardVersions(db: Db, orgId: string, options: { visibility: SQL; tagId: string | null; format: string }) {
  const [row] = await queryRows<{ cards: Record<string, string>; ctag: string }>(
    db,
    sql`select coalesce(json_object_agg(v.id, v.etag), '{}') as cards, md5(${options.format} || coalesce(string_agg(v.id::text || v.etag, ',' order by v.id), '')) as ctag
        from (select ${contacts.id} as id, ${etagSql(options.format)} as etag from ${contacts} where ${bookWhere(orgId, options.visibility, options.tagId)}) v`,
  );
  return row ?? { cards: {}, ctag: '' };
}

/** The cards of these ids (or all) that are in the book, as one JSON value. */
export async function cardRows(db: Db, orgId: string, options: { visibility: SQL; tagId: string | null; format: string; ids: string[] | undefined }): Promise<AddressCardRow[]> {
  if (options.ids?.length === 0) return [];
  const [row] = await queryRows<{ rows: AddressCardRow[] | null }>(
    db,
    sql`select json_agg(json_build_object('id', ${contacts.id}, 'firstName', ${contacts.firstName}, 'lastName', ${contacts.lastName},
          'nickName', ${contacts.nickName}, 'position', ${contacts.position}, 'birthday', ${contacts.birthday}, 'phones', ${contacts.phones},
          'emails', ${contacts.emails}, 'addresses', ${contacts.addresses}, 'companyName', ${companyName}, 'etag', ${etagSql(options.format)})) as rows
        from ${contacts} where ${bookWhere(orgId, options.visibility, options.tagId, options.ids)}`,
  );
  return row?.rows ?? [];
}

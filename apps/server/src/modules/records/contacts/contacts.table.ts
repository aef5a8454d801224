import type { ContactAddress, ContactPhone, DynamicFieldValues, RecordEmail, SocialAccount } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bulkGinOptions, joinedText } from '../../../db/search-columns.ts';
import { companies } from '../companies/companies.table.ts';
import { users } from '../../access/users/users.table.ts';
import { files } from '../../access/files/files.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

const live = sql`deleted_at is null`;


/**
 * Phones, emails, social accounts and addresses are jsonb arrays validated by the contract: a contact
 * reads and writes them whole, and search reaches them through the generated search_text column.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    salutation: text('salutation'),
    nickName: text('nick_name'),
    position: text('position'),
    jobDepartment: text('job_department'),
    sex: text('sex', { enum: ['male', 'female'] }),
    birthday: date('birthday'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    phones: jsonb('phones').$type<ContactPhone[]>().notNull().default([]),
    emails: jsonb('emails').$type<RecordEmail[]>().notNull().default([]),
    socials: jsonb('socials').$type<SocialAccount[]>().notNull().default([]),
    addresses: jsonb('addresses').$type<ContactAddress[]>().notNull().default([]),
    tagIds: uuid('tag_ids').array().notNull().default(sql`'{}'::uuid[]`),
    note: text('note'),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    isImportant: boolean('is_important').notNull().default(false),
    /** "No marketing" (Taiwan PDPA opt-out): segment messages skip the contact; set by hand or by a stop keyword on LINE. */
    noMarketing: boolean('no_marketing').notNull().default(false),
    /** Source and consent (Taiwan PDPA, contract records/data-consent.ts): how and when we got the data, for what purpose. */
    dataSource: text('data_source', { enum: ['manual', 'businessCard', 'bookingPage', 'import', 'line', 'api', 'other'] }),
    dataObtainedOn: date('data_obtained_on'),
    dataPurpose: text('data_purpose', { enum: ['sales', 'service', 'booking', 'marketing', 'other'] }),
    consentNote: text('consent_note'),
    /** A person's "stop processing" request: kept, but out of lists, search and sends while set. */
    restrictedAt: timestamp('restricted_at', { withTimezone: true }),
    lastContactAt: timestamp('last_contact_at', { withTimezone: true }),
    avatarFileId: uuid('avatar_file_id').references(() => files.id, { onDelete: 'set null' }),
    dynamicFields: jsonb('dynamic_fields').$type<DynamicFieldValues>().notNull().default({}),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Merged into this record (records/merges): hidden with deleted_at, out of the trash, back on the merge's undo. */
    mergedIntoId: uuid('merged_into_id'),
    sortName: text('sort_name').generatedAlwaysAs(sql`lower(first_name || last_name)`),
    /** Never contacted sorts and filters as the distant past (keyset needs a non-null key). */
    lastContactSort: timestamp('last_contact_sort', { withTimezone: true }).generatedAlwaysAs(
      sql`coalesce(last_contact_at, '-infinity'::timestamptz)`,
    ),
    /** What global search matches: names (also joined), phones (also digits only), emails, addresses. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(${joinedText('last_name || first_name', 'first_name', 'last_name', 'nick_name', "lodestar_json_values(emails, 'value')", "lodestar_json_values(phones, 'value')", "regexp_replace(lodestar_json_values(phones, 'value'), '[^0-9 ]', '', 'g')", "lodestar_json_values(addresses, 'value')")})`,
    ),
    searchBigrams: text('search_bigrams')
      .array()
      .generatedAlwaysAs(
        sql`lodestar_bigrams(${joinedText('last_name || first_name', 'nick_name', "lodestar_json_values(addresses, 'value')")})`,
      ),
  },
  (t) => [
    index('contacts_org_updated_idx').on(t.orgId, t.updatedAt, t.id).where(live),
    index('contacts_org_created_idx').on(t.orgId, t.createdAt, t.id).where(live),
    // Migration 0056 rebuilds it with INCLUDE (tag_ids, last_contact_sort, owner_user_id, is_important), which drizzle's
    // builder cannot say: the name-sorted list finds its page's ids by an index-only scan (contacts.repository.ts).
    index('contacts_org_sort_name_idx').on(t.orgId, t.sortName, t.id).where(live),
    index('contacts_org_last_contact_idx').on(t.orgId, t.lastContactSort, t.id).where(live),
    index('contacts_org_owner_idx').on(t.orgId, t.ownerUserId, t.updatedAt, t.id).where(live),
    index('contacts_org_company_idx').on(t.orgId, t.companyId).where(live),
    // For the foreign key's own lookup (ON DELETE SET NULL runs `where company_id = $1`, no org_id): without it every purged
    // company scans this table (docs/ARCHITECTURE.md, "Indexes not led by org_id").
    index('contacts_company_ref_idx').on(t.companyId).where(sql`company_id is not null`),
    index('contacts_org_deleted_idx').on(t.orgId, t.deletedAt, t.id).where(sql`deleted_at is not null`),
    index('contacts_tag_ids_idx').using('gin', t.tagIds).with(bulkGinOptions),
    index('contacts_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`).with(bulkGinOptions),
    index('contacts_search_bigrams_idx').using('gin', t.searchBigrams).with(bulkGinOptions),
  ],
);

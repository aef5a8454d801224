import type { CompanyPhone, DynamicFieldValues, SocialAccount } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ginOptions, joinedText } from '../../../db/search-columns.ts';
import { users } from '../../access/users/users.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

/** Live rows only: every list index is partial on deleted_at is null; the trash has its own. */
const live = sql`deleted_at is null`;

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    otherNames: jsonb('other_names').$type<string[]>().notNull().default([]),
    tax: text('tax'),
    url: text('url'),
    email: text('email'),
    phones: jsonb('phones').$type<CompanyPhone[]>().notNull().default([]),
    address: text('address'),
    socials: jsonb('socials').$type<SocialAccount[]>().notNull().default([]),
    tagIds: uuid('tag_ids').array().notNull().default(sql`'{}'::uuid[]`),
    note: text('note'),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    dynamicFields: jsonb('dynamic_fields').$type<DynamicFieldValues>().notNull().default({}),
    isImportant: boolean('is_important').notNull().default(false),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Merged into this record (records/merges): hidden with deleted_at, out of the trash, back on the merge's undo. */
    mergedIntoId: uuid('merged_into_id'),
    sortName: text('sort_name').generatedAlwaysAs(sql`lower(name)`),
    /** What global search matches: names, tax ID, phones (also digits only), email, address. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(${joinedText('name', 'lodestar_json_strings(other_names)', 'tax', 'email', 'address', "lodestar_json_values(phones, 'value')", "regexp_replace(lodestar_json_values(phones, 'value'), '[^0-9 ]', '', 'g')")})`,
    ),
    searchBigrams: text('search_bigrams')
      .array()
      .generatedAlwaysAs(sql`lodestar_bigrams(${joinedText('name', 'lodestar_json_strings(other_names)', 'address')})`),
  },
  (t) => [
    index('companies_org_updated_idx').on(t.orgId, t.updatedAt, t.id).where(live),
    index('companies_org_created_idx').on(t.orgId, t.createdAt, t.id).where(live),
    index('companies_org_sort_name_idx').on(t.orgId, t.sortName, t.id).where(live),
    index('companies_org_owner_idx').on(t.orgId, t.ownerUserId, t.updatedAt).where(live),
    index('companies_org_deleted_idx').on(t.orgId, t.deletedAt, t.id).where(sql`deleted_at is not null`),
    uniqueIndex('companies_org_tax_idx').on(t.orgId, t.tax).where(sql`deleted_at is null and tax is not null`),
    index('companies_tag_ids_idx').using('gin', t.tagIds).with(ginOptions),
    index('companies_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`).with(ginOptions),
    index('companies_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`).with(ginOptions),
    index('companies_search_bigrams_idx').using('gin', t.searchBigrams).with(ginOptions),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../access/users/users.table.ts';
import { files } from '../../access/files/files.table.ts';
import { contacts } from '../../records/contacts/contacts.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';

/**
 * A member's business card in one workspace (one each). `slug` is the unguessable public address
 * (/card/{slug}, 20 random base-62 characters, unique across workspaces); `is_public` turns the page on or off.
 */
export const businessCards = pgTable(
  'business_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    themeId: text('theme_id').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull(),
    title: text('title'),
    company: text('company'),
    phones: jsonb('phones').$type<{ value: string; type: 'mobile' | 'work' | 'fax' | 'other' }[]>().notNull().default([]),
    email: text('email'),
    address: text('address'),
    links: jsonb('links').$type<{ label: string; url: string }[]>().notNull().default([]),
    intro: text('intro'),
    videoUrl: text('video_url'),
    lineId: text('line_id'),
    photoFileId: uuid('photo_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('business_cards_org_user_idx').on(t.orgId, t.userId), uniqueIndex('business_cards_slug_idx').on(t.slug)],
);

/** A visitor's "exchange cards": kept for the owner even when the plan's contact limit left no room for a contact. */
export const businessCardLeads = pgTable(
  'business_card_leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => businessCards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    note: text('note'),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('business_card_leads_card_idx').on(t.orgId, t.cardId, t.createdAt),
    // For the foreign key's own lookup (ON DELETE SET NULL runs `where contact_id = $1`, no org_id): without it every
    // purged contact scans this table (docs/ARCHITECTURE.md, "Indexes not led by org_id").
    index('business_card_leads_contact_ref_idx').on(t.contactId).where(sql`contact_id is not null`),
  ],
);

import type { EmailAddress, Locale, MailboxProvider, MailboxStatus, MailProblem, MailSecurity, MailSendStatus } from '@lodestar/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { files } from '../../access/files/files.table.ts';
import { users } from '../../access/users/users.table.ts';
import { orgIdColumn } from '../../access/tenant-columns.ts';
import { createdAtColumn, updatedAtColumn } from '../../../db/columns.ts';
import { ginOptions, joinedText } from '../../../db/search-columns.ts';

/** Where the sync stands in one IMAP folder: a new UIDVALIDITY starts it over; CONDSTORE's modseq skips an unchanged folder. */
export interface FolderCursor {
  uidValidity: string;
  lastUid: number;
  highestModseq: string | null;
}

/**
 * A member's connected mailbox in one workspace (issue 34). The password is AES-256-GCM ciphertext
 * (platform/secrets.ts), as calendar tokens are. cursors: per IMAP folder path (INBOX, the Sent folder).
 * sync_at/locked_until: the mailboxes.sync job claims due mailboxes with FOR UPDATE SKIP LOCKED and a lease.
 */
export const mailboxes = pgTable(
  'mailboxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<MailboxProvider>().notNull().default('imap'),
    email: text('email').notNull(),
    imapHost: text('imap_host').notNull(),
    imapPort: integer('imap_port').notNull(),
    imapSecurity: text('imap_security').$type<MailSecurity>().notNull(),
    smtpHost: text('smtp_host').notNull(),
    smtpPort: integer('smtp_port').notNull(),
    smtpSecurity: text('smtp_security').$type<MailSecurity>().notNull(),
    username: text('username').notNull(),
    /** IMAP: the app password (ciphertext). Gmail/Outlook: '' (they sign in with the tokens below; host fields are '' too). */
    password: text('password').notNull(),
    /** Gmail/Outlook OAuth tokens, AES-256-GCM ciphertext as calendar tokens are (platform/secrets.ts). */
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /** Gmail/Outlook: where sync stands (mailboxes.oauth-sync.ts ProviderCursor as JSON: historyId, page token, delta links). */
    syncToken: text('sync_token'),
    backfillDays: integer('backfill_days').notNull().default(90),
    includeCompanyDomains: boolean('include_company_domains').notNull().default(false),
    excluded: jsonb('excluded').$type<string[]>().notNull().default([]),
    paused: boolean('paused').notNull().default(false),
    status: text('status').$type<MailboxStatus>().notNull().default('syncing'),
    cursors: jsonb('cursors').$type<Record<string, FolderCursor>>().notNull().default({}),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastProblem: text('last_problem').$type<MailProblem>(),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /** The first failure of the current run of failures (null once a sync succeeds): a day of it notifies the owner. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** When the owner was told (bell and e-mail) about the current run of failures: once, never again until it recovers. */
    failureNoticedAt: timestamp('failure_noticed_at', { withTimezone: true }),
    syncAt: timestamp('sync_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [uniqueIndex('mailboxes_owner_idx').on(table.orgId, table.userId, table.email), index('mailboxes_due_idx').on(table.syncAt)],
);

export interface StoredAttachment {
  filename: string;
  contentType: string;
  size: number;
}

/**
 * Where the message lives at the provider, to fetch an attachment when the user opens it (its bytes are never
 * stored): the IMAP folder and UID (under its UIDVALIDITY), or the Gmail / Graph message id.
 */
export type RemoteRef = { kind: 'imap'; folder: string; uidValidity: string; uid: number } | { kind: 'api'; id: string };

/**
 * Subject, participants (names and addresses of from, to and cc) and the body's first 20 000 characters searched
 * (bigrams for 2-character CJK, so a Chinese sender's name is found too).
 */
const searchedText = joinedText(
  'subject',
  `"from" ->> 'name'`,
  `"from" ->> 'address'`,
  `lodestar_json_values("to", 'name')`,
  `lodestar_json_values("to", 'address')`,
  `lodestar_json_values(cc, 'name')`,
  `lodestar_json_values(cc, 'address')`,
  'left(text, 20000)',
);

/**
 * A stored e-mail: only those to or from a contact (or an opted-in company domain) are ever written. One row per
 * mailbox and Message-ID, so a re-read folder, a resumed sync or our own sent copy never duplicates it.
 */
export const emails = pgTable(
  'emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    mailboxId: uuid('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    /** The thread's first Message-ID (References' first, else In-Reply-To's thread, else its own). */
    threadId: text('thread_id').notNull(),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    subject: text('subject').notNull(),
    from: jsonb('from').$type<EmailAddress>().notNull(),
    to: jsonb('to').$type<EmailAddress[]>().notNull().default([]),
    cc: jsonb('cc').$type<EmailAddress[]>().notNull().default([]),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    snippet: text('snippet'),
    /** Sanitized at ingestion (DOMPurify): no script, handler, form or frame survives. */
    html: text('html'),
    text: text('text'),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    private: boolean('private').notNull().default(false),
    remoteRef: jsonb('remote_ref').$type<RemoteRef>(),
    createdAt: createdAtColumn(),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(${searchedText})`),
    searchBigrams: text('search_bigrams').array().generatedAlwaysAs(sql`lodestar_bigrams(${searchedText})`),
  },
  (table) => [
    uniqueIndex('emails_message_idx').on(table.mailboxId, table.messageId),
    index('emails_thread_idx').on(table.orgId, table.threadId),
    index('emails_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`).with(ginOptions),
    index('emails_search_bigrams_idx').using('gin', table.searchBigrams).with(ginOptions),
  ],
);

/**
 * Which records an e-mail shows on: contacts and companies matched by address (or company domain when opted in);
 * deals linked by a member, or automatically when a contact of the thread has exactly one open deal (via 'auto').
 */
export const emailLinks = pgTable(
  'email_links',
  {
    emailId: uuid('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    orgId: orgIdColumn(),
    entityType: text('entity_type').$type<'contact' | 'company' | 'deal'>().notNull(),
    entityId: uuid('entity_id').notNull(),
    /** match: by address; auto: the deal rule; user: linked by a member. */
    via: text('via').$type<'match' | 'auto' | 'user'>().notNull().default('match'),
  },
  (table) => [primaryKey({ columns: [table.emailId, table.entityType, table.entityId] }), index('email_links_record_idx').on(table.orgId, table.entityType, table.entityId)],
);

/** Mail templates (subject and body with {fields}), shared in the workspace, edited by their author only. */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [index('mail_templates_org_idx').on(table.orgId, table.name)],
);

/**
 * Mail queued by another context (a workflow's e-mail step): one row per `source` (the run, step and generation), so
 * queueing twice queues once. `message_id` is derived from the source. `status` is the sent-marker: `sending` is
 * written (committed) before the attempt and `sent` after it; a row found `sending` again is an attempt cut off (a
 * crash) between the two — it is not sent a second time blindly (mailboxes.sends.ts).
 */
export const mailSends = pgTable(
  'mail_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    source: text('source').notNull(),
    /** Whose connected mailbox sends it (else the system mail). */
    senderUserId: uuid('sender_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    messageId: text('message_id').notNull(),
    status: text('status').$type<MailSendStatus>().notNull().default('queued'),
    /** mailbox: the sender's own; system: platform/mail.ts. */
    via: text('via').$type<'mailbox' | 'system'>(),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex('mail_sends_source_idx').on(table.orgId, table.source),
    index('mail_sends_due_idx').on(table.runAt).where(sql`status in ('queued', 'sending')`),
  ],
);

/**
 * An attachment kept as a file of a contact, company or deal ("save to the record"): the bytes are a workspace file
 * (access/files, counted against the plan's storage); the row keeps its name, type, size and the e-mail's subject so
 * it stays listed when the e-mail, or its whole mailbox, is removed (email_id then becomes null). One per attachment
 * (email_id, attachment_index), however many members press "save".
 */
export const savedAttachments = pgTable(
  'saved_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: orgIdColumn(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    emailId: uuid('email_id').references(() => emails.id, { onDelete: 'set null' }),
    attachmentIndex: integer('attachment_index').notNull(),
    entityType: text('entity_type').$type<'contact' | 'company' | 'deal'>().notNull(),
    entityId: uuid('entity_id').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    subject: text('subject').notNull(),
    savedByUserId: uuid('saved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (table) => [uniqueIndex('saved_attachments_once_idx').on(table.emailId, table.attachmentIndex), index('saved_attachments_record_idx').on(table.orgId, table.entityType, table.entityId)],
);

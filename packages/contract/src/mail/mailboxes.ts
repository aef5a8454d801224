import { z } from 'zod';

/**
 * Mailboxes (issue 34): a member's own mailbox connected under Account, synced selectively onto contacts and
 * companies, and used to send: any IMAP + SMTP server, Gmail (Gmail API) or Microsoft 365 / Outlook (Graph), the
 * last two connected with OAuth (the calendar's Google and Microsoft clients, with mail scopes).
 */
export const mailboxProviders = ['imap', 'gmail', 'outlook'] as const;
export type MailboxProvider = (typeof mailboxProviders)[number];
export const oauthMailProviders = ['gmail', 'outlook'] as const;
export type OAuthMailProvider = (typeof oauthMailProviders)[number];

export const oauthMailProviderParamsSchema = z.object({ provider: z.enum(oauthMailProviders) });
/** Which providers this server can connect: OAuth ones need the server's client ID and secret (IMAP always works). */
export const mailProviderOptionSchema = z.object({ provider: z.enum(mailboxProviders), configured: z.boolean() });
export type MailProviderOption = z.infer<typeof mailProviderOptionSchema>;
export const mailAuthorizeSchema = z.object({ url: z.url() });
export const mailAuthorizeQuerySchema = z.object({ backfillDays: z.coerce.number().int().min(1).max(365).default(90) });
export const mailCallbackQuerySchema = z.object({ code: z.string().max(4096).optional(), state: z.string().max(4096).optional(), error: z.string().max(500).optional() });

/** tls: TLS from the first byte (993, 465); starttls: upgraded after greeting (143, 587); none: plain (tests, LAN). */
export const mailSecurities = ['tls', 'starttls', 'none'] as const;
export type MailSecurity = (typeof mailSecurities)[number];

export const mailboxStatuses = ['syncing', 'idle', 'error', 'paused'] as const;
export type MailboxStatus = (typeof mailboxStatuses)[number];

/** What went wrong, in words the web shows (mailboxes i18n `problem.*`): never the server's raw text alone. */
/**
 * Where a queued send (a workflow's e-mail step) stands. unconfirmed: cut off between the send and its record, and
 * the mailbox could not confirm it (IMAP, the system mail): not sent again — a person checks the Sent folder.
 */
export const mailSendStatuses = ['queued', 'sending', 'sent', 'unconfirmed', 'failed'] as const;
export type MailSendStatus = (typeof mailSendStatuses)[number];

export const mailProblems = ['authFailed', 'unreachable', 'tlsFailed', 'timeout', 'rejected', 'quota', 'unknown'] as const;
export type MailProblem = (typeof mailProblems)[number];

const host = z.string().trim().min(1).max(253).regex(/^[A-Za-z0-9.-]+$/, { message: 'invalidValue' });
const port = z.coerce.number().int().min(1).max(65535);
/** An address (a@b.tw) or a whole domain (b.tw), lower-cased. */
const addressOrDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(/^([^\s@]+@)?[a-z0-9.-]+\.[a-z0-9-]+$/, { message: 'invalidValue' });

const mailboxSettingsFields = {
  /** Also store mail to or from any address at a contact's company's domain (its website or e-mail domains). */
  includeCompanyDomains: z.boolean(),
  /** Addresses or domains never stored (colleagues, personal contacts). */
  excluded: z.array(addressOrDomain).max(200),
  paused: z.boolean(),
};

export const mailboxServerSchema = z.object({
  imapHost: host,
  imapPort: port,
  imapSecurity: z.enum(mailSecurities),
  smtpHost: host,
  smtpPort: port,
  smtpSecurity: z.enum(mailSecurities),
  username: z.string().trim().min(1).max(320),
  /** An app password; stored AES-256-GCM-encrypted, never answered. */
  password: z.string().min(1).max(500),
});

export const mailboxConnectBodySchema = mailboxServerSchema.extend({
  email: z.email().max(320).toLowerCase(),
  /** How far back the first sync reads (days). */
  backfillDays: z.number().int().min(1).max(365).default(90),
  includeCompanyDomains: mailboxSettingsFields.includeCompanyDomains.default(false),
  excluded: mailboxSettingsFields.excluded.default([]),
});
export type MailboxConnectBody = z.infer<typeof mailboxConnectBodySchema>;

/** PUT: settings, or reconnect with a new password (clears the error and syncs again). */
export const mailboxUpdateBodySchema = z.object({
  includeCompanyDomains: mailboxSettingsFields.includeCompanyDomains.optional(),
  excluded: mailboxSettingsFields.excluded.optional(),
  paused: mailboxSettingsFields.paused.optional(),
  password: z.string().min(1).max(500).optional(),
});
export type MailboxUpdateBody = z.infer<typeof mailboxUpdateBodySchema>;

/** A mailbox as its owner sees it: never the password. */
export const mailboxSchema = z.object({
  id: z.uuid(),
  provider: z.enum(mailboxProviders),
  email: z.string(),
  imapHost: z.string(),
  imapPort: z.number().int(),
  imapSecurity: z.enum(mailSecurities),
  smtpHost: z.string(),
  smtpPort: z.number().int(),
  smtpSecurity: z.enum(mailSecurities),
  username: z.string(),
  backfillDays: z.number().int(),
  includeCompanyDomains: z.boolean(),
  excluded: z.array(z.string()),
  status: z.enum(mailboxStatuses),
  /** The last sync that finished without an error. */
  lastSyncedAt: z.string().nullable(),
  lastProblem: z.enum(mailProblems).nullable(),
  /** The server's own words, for support (the web leads with lastProblem). */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Failing without a success since then (null when the last sync worked): a day of it notifies the owner once. */
  failingSince: z.string().nullable(),
  /** When the owner was notified (bell and e-mail) about this run of failures. */
  failureNoticedAt: z.string().nullable(),
  /** Messages stored (those matching contacts). */
  storedCount: z.number().int(),
  createdAt: z.string(),
});
export type Mailbox = z.infer<typeof mailboxSchema>;

export const mailCheckSchema = z.object({ ok: z.boolean(), problem: z.enum(mailProblems).nullable(), detail: z.string().nullable() });
/** "Test connection": each side answered in plain words. */
export const mailboxTestSchema = z.object({ imap: mailCheckSchema, smtp: mailCheckSchema });
export type MailboxTest = z.infer<typeof mailboxTestSchema>;

// ---- stored e-mail ----

export const emailAddressSchema = z.object({ address: z.string(), name: z.string().nullable() });
export type EmailAddress = z.infer<typeof emailAddressSchema>;

/** One stored e-mail on a record page. body fields are null when it is private and the viewer is not its owner. */
export const emailItemSchema = z.object({
  id: z.uuid(),
  threadId: z.string(),
  direction: z.enum(['in', 'out']),
  subject: z.string(),
  from: emailAddressSchema,
  to: z.array(emailAddressSchema),
  cc: z.array(emailAddressSchema),
  sentAt: z.string(),
  snippet: z.string().nullable(),
  /** Sanitized HTML (no script, handler, form or frame); remote images load only when the viewer asks. */
  html: z.string().nullable(),
  text: z.string().nullable(),
  /**
   * Listed only: the bytes are fetched from the mailbox's provider when the viewer opens one (GET …/attachments/:index).
   * `saved`: a copy was kept on a record (POST …/attachments/:index/save), once per attachment.
   */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int(), saved: z.boolean() })),
  /** Whether an attachment can be opened (the message's place at the provider is known; not for mail stored before that). */
  attachmentsAvailable: z.boolean(),
  /** The deals it shows on: linked by a member (user) or by the one-open-deal rule (auto). */
  deals: z.array(z.object({ id: z.uuid(), name: z.string(), via: z.enum(['auto', 'user']) })),
  private: z.boolean(),
  /** The viewer owns the mailbox it came from (may reply, mark private). */
  mine: z.boolean(),
  ownerName: z.string(),
});
export type Email = z.infer<typeof emailItemSchema>;

export const emailThreadSchema = z.object({
  threadId: z.string(),
  subject: z.string(),
  lastAt: z.string(),
  /** Oldest first. */
  emails: z.array(emailItemSchema),
});
export type EmailThread = z.infer<typeof emailThreadSchema>;

export const emailListQuerySchema = z.object({
  entityType: z.enum(['contact', 'company', 'deal']),
  entityId: z.uuid(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const emailThreadsSchema = z.object({ threads: z.array(emailThreadSchema), total: z.number().int() });

export const emailPrivacyBodySchema = z.object({ private: z.boolean() });

export const emailSendBodySchema = z.object({
  mailboxId: z.uuid().optional(),
  to: z.array(z.email().max(320)).min(1).max(50),
  cc: z.array(z.email().max(320)).max(50).default([]),
  subject: z.string().trim().min(1).max(500),
  text: z.string().min(1).max(100_000),
  /** Answer this stored e-mail: In-Reply-To and References follow it, so the reply comes back into the thread. */
  replyToId: z.uuid().optional(),
});
export type EmailSendBody = z.infer<typeof emailSendBodySchema>;

// ---- deals, search, attachments ----

export const emailDealParamsSchema = z.object({ id: z.uuid(), dealId: z.uuid() });
/** The open deals of the e-mail's contacts the viewer sees: what "link to deal" offers. */
export const emailDealOptionSchema = z.object({ id: z.uuid(), name: z.string(), contactName: z.string(), linked: z.boolean() });
export type EmailDealOption = z.infer<typeof emailDealOptionSchema>;

export const emailAttachmentParamsSchema = z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(999) });

/** The largest attachment kept on a record (as big mail services allow); the workspace's storage quota counts it too. */
export const maxSavedAttachmentBytes = 25 * 1024 * 1024;

/** "Save to the record": which record the copy belongs to (one the e-mail shows on). */
export const saveAttachmentBodySchema = z.object({ entityType: z.enum(['contact', 'company', 'deal']), entityId: z.uuid() });
export const savedAttachmentsQuerySchema = saveAttachmentBodySchema;

/** An attachment kept as a file of a contact, company or deal: it stays when the e-mail or the mailbox goes. */
export const savedAttachmentSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** The e-mail it came from: null once that e-mail is gone (its mailbox removed); its subject is kept. */
  emailId: z.uuid().nullable(),
  subject: z.string(),
  savedAt: z.string(),
  savedBy: z.string(),
});
export type SavedAttachment = z.infer<typeof savedAttachmentSchema>;

/** Subjects and bodies; 2 characters are enough for Chinese, Japanese or Korean (bigrams), 3 otherwise. */
export const emailSearchQuerySchema = z.object({ q: z.string().trim().min(2).max(100), limit: z.coerce.number().int().min(1).max(50).default(20) });
export const emailSearchHitSchema = z.object({
  id: z.uuid(),
  subject: z.string(),
  direction: z.enum(['in', 'out']),
  from: emailAddressSchema,
  sentAt: z.string(),
  /** Around the first match in the body (null when private to someone else or the match is in the subject). */
  excerpt: z.string().nullable(),
  /** Where to read it: the first contact (else company) it is on that the viewer sees. */
  record: z.object({ entityType: z.enum(['contact', 'company']), id: z.uuid(), name: z.string() }),
});
export type EmailSearchHit = z.infer<typeof emailSearchHitSchema>;
export const emailSearchAnswerSchema = z.object({ items: z.array(emailSearchHitSchema) });

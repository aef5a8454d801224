import { z } from 'zod';
import { dateOnlySchema } from '../platform/common.ts';

/** The workspace's audit log (docs/decisions/0023-history-and-audit-log.md): what administrators must be able to trace. */
export const auditTypes = [
  'signIn', 'signInFailed',
  'memberInvited', 'memberChanged', 'memberDeactivated', 'memberActivated', 'invitationCancelled',
  'privilegeChanged', 'roleChanged',
  'exportDownloaded', 'backupStarted', 'backupDownloaded', 'backupRestored', 'personalDataExported', 'personalDataErased',
  'apiKeyCreated', 'apiKeyRevoked', 'webhookCreated', 'webhookChanged', 'webhookDeleted',
  'trashEmptied', 'recordsDeletedForever',
  'billingChanged',
  'recordsMerged', 'recordsUnmerged',
  'auditRetentionChanged',
] as const;
export type AuditType = (typeof auditTypes)[number];

/** Retention in days: a year unless changed; never below 90 days (pruning may not empty a fresh log). */
export const auditRetention = { defaultDays: 365, minDays: 90, maxDays: 3650 } as const;

export const auditFilterSchema = z.object({
  orgId: z.uuid(),
  type: z.enum(auditTypes).optional(),
  userId: z.uuid().optional(),
  /** Calendar dates, inclusive, in the caller's time zone offset given by `timeZone` (UTC without one). */
  from: dateOnlySchema.optional(),
  to: dateOnlySchema.optional(),
  timeZone: z.string().max(64).regex(/^[A-Za-z_+\-/0-9]+$/).optional(),
});
export const auditListQuerySchema = auditFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** nextBefore of the previous page: entries older than it. */
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  position: z.number().int(),
  at: z.string(),
  type: z.enum(auditTypes),
  actor: z.object({ id: z.string().nullable(), label: z.string() }).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** What it was about (a member's e-mail, a key's name, an export's kind …). */
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextBefore: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditVerificationSchema = z.object({
  valid: z.boolean(),
  /** Rows checked, from the oldest kept (its previous hash is the anchor left by pruning) to the newest. */
  checked: z.number().int(),
  /** The first position whose hash or link does not match; null when valid. */
  brokenAt: z.number().int().nullable(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;

export const auditSettingsSchema = z.object({ retentionDays: z.number().int().min(auditRetention.minDays).max(auditRetention.maxDays) });
export type AuditSettings = z.infer<typeof auditSettingsSchema>;

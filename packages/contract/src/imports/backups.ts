import { z } from 'zod';

/**
 * A workspace backup (docs/product.md#backup): one zip holding manifest.json, one JSON file per table (tables/<name>.json,
 * an array of the table's rows as stored) and the stored files and photos (files/<id>). Made by a background job with
 * progress; restored into a new workspace with every id remapped. The same archive for one contact is a person's copy
 * of their data (Taiwan's Personal Data Protection Act, article 3).
 */

/** How a table's rows belong to one contact (the data-subject archive): none of its rows when absent. */
export type ContactScope = 'self' | 'entity' | 'client' | 'avatar' | 'company' | 'tags' | 'contactFields';

export interface BackupTable {
  name: string;
  contact?: ContactScope;
  /** Columns unique across workspaces (a public page's address): the restored copy gets a new value. */
  renew?: readonly string[];
  /** Integer ids from a sequence (sales stages): new ones on restore, and these columns of other tables follow them. */
  serialId?: { referencedBy: readonly { table: string; column: string }[] };
  /** Columns pointing at rows a backup leaves out (an attachment's e-mail): null in the restored copy. */
  detach?: readonly string[];
}

/**
 * Every table a backup holds. Left out, on purpose: billing (charges and subscriptions belong to the workspace that
 * paid), connections holding secrets or tokens of outside services (calendar sync, CardDAV app passwords, calendar feeds,
 * LINE), synced mail (mailboxes hold passwords and tokens; their e-mail is the members' own, read again by connecting),
 * and bookkeeping (imports, idempotency keys, change feed, jobs). Attachments saved to a record are kept: their rows
 * (saved_attachments, without the e-mail they came from) and their bytes (files). The restore orders tables by their
 * foreign keys.
 */
export const backupTables: readonly BackupTable[] = [
  { name: 'privileges' },
  { name: 'roles' },
  { name: 'departments' },
  { name: 'members' },
  { name: 'privilege_assignments' },
  { name: 'files', contact: 'avatar' },
  { name: 'custom_fields', contact: 'contactFields' },
  { name: 'tags', contact: 'tags' },
  { name: 'column_settings' },
  { name: 'deal_field_settings' },
  { name: 'sales_stage_types' },
  { name: 'sales_stages', serialId: { referencedBy: [{ table: 'deals', column: 'stage' }] } },
  { name: 'deal_lost_reasons' },
  { name: 'sales_items' },
  { name: 'companies', contact: 'company' },
  { name: 'contacts', contact: 'self' },
  { name: 'deals', contact: 'client' },
  { name: 'deal_product_lines' },
  { name: 'deal_cost_lines' },
  { name: 'deal_targets' },
  { name: 'saved_attachments', detach: ['email_id'] },
  { name: 'department_targets' },
  { name: 'notes', contact: 'entity' },
  { name: 'timeline_events', contact: 'entity' },
  { name: 'activity_items' },
  { name: 'activity_points' },
  { name: 'activity_profiles' },
  { name: 'activity_profile_items' },
  { name: 'activity_profile_users' },
  { name: 'activity_report_settings' },
  { name: 'automation_settings' },
  { name: 'automation_follow_ups' },
  { name: 'schedules', contact: 'client' },
  { name: 'schedule_exceptions' },
  { name: 'businesses', renew: ['id_name'] },
  { name: 'booking_categories' },
  { name: 'booking_groups' },
  { name: 'booking_items' },
  { name: 'booking_services' },
  { name: 'booking_service_groups' },
  { name: 'reservation_slots' },
  { name: 'reservations' },
  { name: 'business_cards', renew: ['slug'] },
  { name: 'business_card_leads' },
  { name: 'first_run_guides' },
];

export const backupKinds = ['workspace', 'contact', 'restore'] as const;
export type BackupKind = (typeof backupKinds)[number];
/** expired: the archive was removed after backupKeepDays (the row stays in the list, without a download). */
export const backupStates = ['running', 'done', 'failed', 'expired'] as const;
/**
 * A finished archive (a backup, a person's copy of their data, a restore's upload) is kept this many days, then the
 * backups.expire job removes it (docs/product.md#backup): each holds a whole workspace's personal data.
 */
export const backupKeepDays = 7;

export const backupSchema = z.object({
  id: z.string(),
  kind: z.enum(backupKinds),
  state: z.enum(backupStates),
  /** The contact of a person's copy of their data. */
  contactId: z.string().nullable(),
  stepsDone: z.number().int(),
  stepsTotal: z.number().int(),
  rowsDone: z.number().int(),
  /** The archive's size once done (backups). */
  fileBytes: z.number().int().nullable(),
  /** A restore's new workspace. */
  restoredOrgId: z.string().nullable(),
  errorCode: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Until when a done backup's archive can be downloaded (finishedAt + backupKeepDays); null otherwise. */
  expiresAt: z.string().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;
export const backupListSchema = z.object({ items: z.array(backupSchema) });
export const backupIdParamsSchema = z.object({ id: z.uuid() });
export const backupContactParamsSchema = z.object({ id: z.uuid() });

/** manifest.json of an archive. */
export interface BackupManifest {
  format: 'lodestar-backup';
  version: 1;
  kind: 'workspace' | 'contact';
  createdAt: string;
  workspace: { id: string; name: string };
  contactId: string | null;
  tables: { name: string; rows: number; file: string }[];
  files: { id: string; file: string; bytes: number }[];
}

import { z } from 'zod';
import { duplicateKinds } from './duplicates.ts';
import { contactTextFields } from './record-fields.ts';

/**
 * Merging records (docs/decisions/0022-duplicates-and-merge.md): one survivor keeps its id, the user picks which
 * record's value each single-value field takes; multi-value fields (phones, e-mails, social accounts, addresses,
 * tags, a company's other names) keep every value. Everything attached moves to the survivor; undo within
 * mergeUndoDays restores the originals and their links.
 */
export const mergeUndoDays = 30;
export const mergeMaxRecords = 10;

/** Single-value fields the user picks, per kind (the API's names). */
/** A contact's text fields come from the field list (record-fields.ts), so a new one is merged like the others. */
export const contactMergeFields = ['firstName', 'lastName', ...contactTextFields, 'sex', 'birthday', 'companyId', 'note', 'ownerUserId', 'avatarFileId'] as const;
export const companyMergeFields = ['name', 'tax', 'url', 'email', 'address', 'note', 'ownerUserId'] as const;
export type ContactMergeField = (typeof contactMergeFields)[number];
export type CompanyMergeField = (typeof companyMergeFields)[number];

export const mergeBodySchema = z
  .object({
    kind: z.enum(duplicateKinds),
    survivorId: z.uuid(),
    mergedIds: z.array(z.uuid()).min(1).max(mergeMaxRecords - 1),
    /** Field → the id (survivor or merged) whose value it takes; a field left out keeps the survivor's (or, empty, the first merged value). */
    picks: z.record(z.string().max(40), z.uuid()).default({}),
  })
  .superRefine((body, ctx) => {
    const all = [body.survivorId, ...body.mergedIds];
    if (new Set(all).size !== all.length) ctx.addIssue({ code: 'custom', path: ['mergedIds'], message: 'invalidValue' });
    const fields: readonly string[] = body.kind === 'contact' ? contactMergeFields : companyMergeFields;
    for (const [field, id] of Object.entries(body.picks)) {
      if (!fields.includes(field) || !all.includes(id)) ctx.addIssue({ code: 'custom', path: ['picks', field], message: 'invalidValue' });
    }
  });
export type MergeBody = z.infer<typeof mergeBodySchema>;

export const mergeResultSchema = z.object({ mergeId: z.string(), survivorId: z.string() });
export type MergeResult = z.infer<typeof mergeResultSchema>;

export const mergeListQuerySchema = z.object({ orgId: z.uuid(), kind: z.enum(duplicateKinds) });
export const mergeItemSchema = z.object({
  id: z.string(),
  kind: z.enum(duplicateKinds),
  survivor: z.object({ id: z.string(), name: z.string() }),
  merged: z.array(z.object({ id: z.string(), name: z.string() })),
  mergedByName: z.string().nullable(),
  createdAt: z.string(),
  /** After this, undo is refused (the merged-away records are purged with the trash). */
  undoUntil: z.string(),
  undoneAt: z.string().nullable(),
});
export type MergeItem = z.infer<typeof mergeItemSchema>;
export const mergeListSchema = z.object({ items: z.array(mergeItemSchema) });

export const mergeUndoResultSchema = z.object({ survivorId: z.string(), restoredIds: z.array(z.string()) });
export type MergeUndoResult = z.infer<typeof mergeUndoResultSchema>;

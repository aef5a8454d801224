import { z } from 'zod';
import { uuidSchema } from '../platform/common.ts';
import type { Locale } from '../platform/locale.ts';
import { advanceFilterSchema } from '../records/records.ts';
import { exportableFields, importableFields, recordFieldTitle } from '../records/record-fields.ts';
import { importKinds, type ImportKind } from './import-kinds.ts';
import { defaultExportTimeZone, isTimeZone } from './record-cells.ts';

/**
 * Import and export of records (docs/product.md#import-and-export). An import is a stored file, a column
 * mapping and a background job; its detail answers the check step and the progress the web page polls.
 */
export { importKinds, type ImportKind } from './import-kinds.ts';
/** `undoing`: the undo job is removing what the import wrote (undoDone of undoTotal links so far). */
export const importStates = ['ready', 'running', 'done', 'failed', 'undoing', 'undone'] as const;
export type ImportState = (typeof importStates)[number];
/** What to do with a row matching an existing record (email or phone for contacts, tax ID or name for companies). */
export const duplicateModes = ['skip', 'update', 'create'] as const;
export type DuplicateMode = (typeof duplicateModes)[number];

/**
 * Built-in targets per kind; custom fields are `custom:<id>`, a new custom field `new`, an ignored column ''. Records'
 * come from the one field list (records/record-fields.ts): phones by type (phone is a company phone; phoneType is a
 * label column, Google's "Phone 1 - Label", typing the phone column right after it); address, companyAddress and
 * otherAddress each join their columns into one address (Outlook's street, city, postal code …); owner is a member's
 * name or e-mail; a deal's stage, owner, company and client are matched by name (the company is created when missing).
 */
export const importFields: Record<ImportKind, readonly string[]> = {
  contact: importableFields('contact'),
  company: importableFields('company'),
  deal: importableFields('deal'),
  /**
   * start / end: a date with an optional time ("2026-03-05 14:00", "2026/3/5", an Excel date cell), wall-clock in the
   * schedule's timezone; repeat as the export writes it ("Weekly, 5 times"); client, company, deal and owner by name.
   */
  schedule: ['title', 'start', 'end', 'fullDay', 'repeat', 'category', 'address', 'taskNote', 'client', 'company', 'deal', 'owner', 'notice', 'complete'],
};

/** Targets several columns may hold (each column adds its values; an address's columns make one address). */
export const multiColumnTargets: readonly string[] = ['mobile', 'phone', 'homePhone', 'personalPhone', 'otherPhone', 'fax', 'phoneType', 'email', 'address', 'companyAddress', 'otherAddress', 'tags'];

/**
 * Export formats of the tools people leave, recognised from the header row (the check step names the one found):
 * each maps its columns to the fields that have a home here; `lodestar` is this product's own template and export.
 */
export const importPresets = ['googleContacts', 'outlook', 'appleContacts', 'hubspot', 'salesforce', 'pipedrive', 'zoho', 'lodestar'] as const;
export type ImportPreset = (typeof importPresets)[number];

/** Kinds whose unknown columns may become new custom fields (schedules have none: such columns are ignored). */
export const importCustomFieldKinds: readonly ImportKind[] = ['contact', 'company', 'deal'];

/** The path word of each kind's API (docs/product.md#api: /customer, /company, /deal). */
export const importPathWords = { contact: 'customer', company: 'company', deal: 'deal', schedule: 'schedule' } as const satisfies Record<ImportKind, string>;

/**
 * Fields each kind's export may hold: every stored field (besides these, each custom field as `custom:<id>`). A
 * contact's phones go to the column of their type (record-cells.ts contactPhoneColumns), its addresses by type
 * (address: personal, companyAddress: company); a deal's product and cost lines (`lines`) are a second sheet of the
 * XLSX workbook.
 */
export const exportFields: Record<ImportKind, readonly string[]> = {
  contact: exportableFields('contact'),
  company: exportableFields('company'),
  deal: exportableFields('deal'),
  schedule: ['title', 'start', 'end', 'fullDay', 'repeat', 'category', 'address', 'taskNote', 'client', 'company', 'deal', 'owner', 'activity', 'complete', 'notice', 'createdAt'],
};

/** Export fields written as date-and-time cells (wall-clock in the export's time zone) and as date cells (XLSX). */
export const exportTimeFields: readonly string[] = ['lastContactAt', 'createdAt', 'updatedAt'];
export const exportDateFields: readonly string[] = ['birthday', 'startDate', 'estimatedEndDate', 'completedDate'];

/** A field an export of this kind may hold: a built-in one or one of the kind's custom fields (`custom:<id>`). */
export const isExportField = (kind: ImportKind, field: string) =>
  (exportFields[kind] as readonly string[]).includes(field) || (kind !== 'schedule' && /^custom:[0-9a-f-]{36}$/.test(field));

/** A schedule's columns (records' titles are in the field list). */
const scheduleFieldLabels: Record<Locale, Record<string, string>> = {
  'zh-TW': {
    title: '標題', start: '開始時間', end: '結束時間', fullDay: '全天', repeat: '重複', category: '類型', address: '地點', taskNote: '備註',
    client: '客戶', company: '公司', deal: '商機', owner: '負責人', activity: '活動項目', complete: '已完成', notice: '提醒', createdAt: '建立時間',
  },
  'zh-CN': {
    title: '标题', start: '开始时间', end: '结束时间', fullDay: '全天', repeat: '重复', category: '类型', address: '地点', taskNote: '备注',
    client: '客户', company: '公司', deal: '商机', owner: '负责人', activity: '活动项目', complete: '已完成', notice: '提醒', createdAt: '创建时间',
  },
  'en-US': {
    title: 'Title', start: 'Start', end: 'End', fullDay: 'All day', repeat: 'Repeat', category: 'Type', address: 'Location', taskNote: 'Note',
    client: 'Client', company: 'Company', deal: 'Deal', owner: 'Owner', activity: 'Activity items', complete: 'Completed', notice: 'Reminder', createdAt: 'Created',
  },
};

/** A column's name in the template, the export and the check step. */
export function fieldLabel(locale: Locale, kind: ImportKind, field: string): string {
  const own = kind === 'schedule' ? scheduleFieldLabels[locale][field] : recordFieldTitle(locale, kind, field);
  return own ?? field;
}

/** Words an export writes for values (a deal's status, the won and lost stages). */
export const exportValueLabels: Record<Locale, Record<'developing' | 'closed' | 'failed' | 'won' | 'lost' | 'male' | 'female' | 'product' | 'cost', string>> = {
  'zh-TW': { developing: '進行中', closed: '贏單', failed: '輸單', won: '贏單', lost: '輸單', male: '男', female: '女', product: '產品', cost: '成本' },
  'zh-CN': { developing: '进行中', closed: '赢单', failed: '输单', won: '赢单', lost: '输单', male: '男', female: '女', product: '产品', cost: '成本' },
  'en-US': { developing: 'Open', closed: 'Won', failed: 'Lost', won: 'Won', lost: 'Lost', male: 'Male', female: 'Female', product: 'Product', cost: 'Cost' },
};
/** Fields a row of each kind cannot do without (marked on the check step). */
export const requiredImportFields: Record<ImportKind, readonly string[]> = {
  contact: [],
  company: ['name'],
  deal: ['name', 'amount', 'startDate', 'estimatedEndDate'],
  schedule: ['title', 'start'],
};
export const newFieldTarget = 'new';
export const customTarget = (id: string) => `custom:${id}`;

/** Largest file accepted (bytes) and rows per transaction of the import job. */
export const maxImportBytes = 200 * 1024 * 1024;
export const importChunkRows = 2000;
/** An import may be undone this long after it finished. */
export const importUndoDays = 7;

export const importMappingSchema = z.array(z.string().max(60)).max(200);

/**
 * The "run workflows" switch of an import (issue 35): whether the records it creates and updates start workflows. Off
 * by default above this many rows (a large file would start a run per row and use up the workspace's hourly runs).
 */
export const importWorkflowsDefaultMaxRows = 1000;
export function importRunsWorkflowsByDefault(totalRows: number): boolean {
  return totalRows <= importWorkflowsDefaultMaxRows;
}

export const importFieldBodySchema = z.object({
  mapping: importMappingSchema,
  duplicates: z.enum(duplicateModes),
  /** Absent: unchanged (the default by size until someone chooses). */
  runWorkflows: z.boolean().optional(),
});
export type ImportFieldBody = z.infer<typeof importFieldBodySchema>;

export const importProblemSchema = z.object({
  /** 1-based data row (the header row is row 0). */
  row: z.number().int(),
  /** The file's column header, or the field when no column is involved. */
  column: z.string(),
  reason: z.string(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importTargetSchema = z.object({
  key: z.string(),
  /** Custom fields: their title; built-in fields are named by the web's i18n. */
  title: z.string().nullable(),
  required: z.boolean(),
});

export const importDetailSchema = z.object({
  id: z.string(),
  kind: z.enum(importKinds),
  state: z.enum(importStates),
  fileName: z.string(),
  encoding: z.string(),
  headers: z.array(z.string()),
  mapping: z.array(z.string()),
  duplicates: z.enum(duplicateModes),
  /** Whether its record events start workflows: chosen, or the default by size (importRunsWorkflowsByDefault). */
  runWorkflows: z.boolean(),
  targets: z.array(importTargetSchema),
  /** The export format recognised from the header row (its columns are mapped by it), or null. */
  preset: z.enum(importPresets).nullable(),
  /** The first rows as they will be saved, one string per column. */
  preview: z.array(z.array(z.string())),
  /** Problems found in the first rows (the check step), or every failed row after the run (up to 200 shown). */
  problems: z.array(importProblemSchema),
  totalRows: z.number().int(),
  rowsDone: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  rowsPerSecond: z.number().nullable(),
  secondsLeft: z.number().nullable(),
  /** Why the import stopped early (PLAN_LIMIT_REACHED …), localized. */
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Until when undo is offered (done imports that wrote something). */
  undoUntil: z.string().nullable(),
  /** The undo job's progress: what the import wrote (records, companies and tags made by name) and how much is undone. */
  undoTotal: z.number().int(),
  undoDone: z.number().int(),
  /**
   * A done company or contact import: how many of the companies it wrote (a contact import: created) have a 統一編號,
   * so its page can offer to fill them from the company registry (POST /company-registry/enrichments with importId).
   */
  registryCompanies: z.number().int(),
});
export type ImportDetail = z.infer<typeof importDetailSchema>;

export const importIdParamsSchema = z.object({ id: uuidSchema });

export const exportRanges = ['selected', 'filter', 'all'] as const;
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];
export const exportBodySchema = z.object({
  format: z.enum(exportFormats).default('csv'),
  fields: z.array(z.string().max(60)).min(1).max(100),
  range: z.enum(exportRanges),
  /** range=selected: the rows ticked in the list. */
  ids: z.array(uuidSchema).max(10_000).optional(),
  /** range=filter: the list's advanced filter (as the contact and company lists send it). */
  advanceFilter: advanceFilterSchema.optional(),
  /**
   * range=filter on the deal list: its query parameters (keywords, stage, status, owner …) as it sends them; on the
   * calendar: the visible dates (from, to as YYYY-MM-DD) and optionally userIds (comma-separated) and filter.
   */
  listQuery: z.record(z.string().max(60), z.string().max(4000)).optional(),
  /** Times are written as wall-clock in this zone (the web sends the browser's); Asia/Taipei when absent. */
  timeZone: z.string().max(60).refine(isTimeZone, { message: 'invalidValue' }).default(defaultExportTimeZone),
});
export type ExportBodyInput = z.input<typeof exportBodySchema>;
export type ExportBody = z.infer<typeof exportBodySchema>;

/** The deal export's second sheet: one row per product or cost line. */
export const dealLineColumns = ['deal', 'lineKind', 'itemName', 'unitPrice', 'quantity', 'quotedPrice', 'subtotal'] as const;
export const dealLineColumnLabels: Record<Locale, Record<(typeof dealLineColumns)[number], string>> = {
  'zh-TW': { deal: '商機名稱', lineKind: '類型', itemName: '項目', unitPrice: '單價', quantity: '數量', quotedPrice: '報價', subtotal: '小計' },
  'zh-CN': { deal: '商机名称', lineKind: '类型', itemName: '项目', unitPrice: '单价', quantity: '数量', quotedPrice: '报价', subtotal: '小计' },
  'en-US': { deal: 'Deal name', lineKind: 'Kind', itemName: 'Item', unitPrice: 'Unit price', quantity: 'Quantity', quotedPrice: 'Quoted price', subtotal: 'Subtotal' },
};

/** GET /{word}/export/fields: the columns this user chose at their last export of this kind (null: never exported). */
export const exportChoiceSchema = z.object({ fields: z.array(z.string()).nullable() });
export type ExportChoice = z.infer<typeof exportChoiceSchema>;

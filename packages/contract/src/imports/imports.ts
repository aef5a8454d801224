import { z } from 'zod';
import { uuidSchema } from '../platform/common.ts';
import type { Locale } from '../platform/locale.ts';
import { advanceFilterSchema } from '../records/records.ts';
import { importKinds, type ImportKind } from './import-kinds.ts';

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

/** Built-in targets per kind; custom fields are `custom:<id>`, a new custom field `new`, an ignored column ''. */
export const importFields = {
  /**
   * Phones by type (phone is a company phone; phoneType is a label column, Google's "Phone 1 - Label", typing the phone
   * column right after it); address, companyAddress and otherAddress each join their columns into one address (Outlook's
   * street, city, postal code …); owner is a member's name or e-mail.
   */
  contact: [
    'name', 'lastName', 'firstName', 'nickName', 'position', 'sex', 'birthday', 'company', 'mobile', 'phone', 'homePhone', 'otherPhone', 'fax',
    'phoneType', 'email', 'address', 'companyAddress', 'otherAddress', 'line', 'tags', 'note', 'owner',
  ],
  company: ['name', 'taxId', 'website', 'email', 'phone', 'fax', 'address', 'line', 'tags', 'note'],
  /** Stage, owner, company and client are matched by name (the company is created when missing). */
  deal: ['name', 'amount', 'startDate', 'estimatedEndDate', 'stage', 'closingRate', 'owner', 'company', 'client'],
  /**
   * start / end: a date with an optional time ("2026-03-05 14:00", "2026/3/5", an Excel date cell), wall-clock in the
   * schedule's timezone; repeat as the export writes it ("Weekly, 5 times"); client, company, deal and owner by name.
   */
  schedule: ['title', 'start', 'end', 'fullDay', 'repeat', 'category', 'address', 'taskNote', 'client', 'company', 'deal', 'owner', 'notice', 'complete'],
} as const satisfies Record<ImportKind, readonly string[]>;

/** Targets several columns may hold (each column adds its values; an address's columns make one address). */
export const multiColumnTargets: readonly string[] = ['mobile', 'phone', 'homePhone', 'otherPhone', 'fax', 'phoneType', 'email', 'address', 'companyAddress', 'otherAddress', 'tags'];

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

/** Fields each kind's export may hold (the list's columns). */
export const exportFields = {
  contact: ['name', 'lastName', 'firstName', 'company', 'mobile', 'phone', 'email', 'tags', 'owner', 'isImportant', 'lastContactAt', 'createdAt'],
  company: ['name', 'taxId', 'address', 'phone', 'tags', 'owner', 'createdAt', 'updatedAt'],
  deal: ['name', 'amount', 'stage', 'status', 'closingRate', 'company', 'client', 'startDate', 'estimatedEndDate', 'completedDate', 'lostReason', 'lostReasonNote', 'owner', 'createdAt'],
  schedule: ['title', 'start', 'end', 'fullDay', 'repeat', 'category', 'address', 'taskNote', 'client', 'company', 'deal', 'owner', 'activity', 'complete', 'notice', 'createdAt'],
} as const satisfies Record<ImportKind, readonly string[]>;

/** Column names of the template, the export and the check step, per language (one source for server and web). */
export const recordFieldLabels: Record<Locale, Record<string, string>> = {
  'zh-TW': {
    name: '姓名', firstName: '名', lastName: '姓', nickName: '暱稱', position: '職稱', sex: '性別', birthday: '生日', company: '公司',
    mobile: '手機', phone: '電話', homePhone: '住家電話', otherPhone: '其他電話', phoneType: '電話類型', email: '電子郵件', address: '地址',
    companyAddress: '公司地址', otherAddress: '其他地址', line: 'LINE', tags: '標籤', note: '備註', owner: '負責人',
    isImportant: '重要', lastContactAt: '最後聯絡時間', createdAt: '建立時間', updatedAt: '更新時間',
    taxId: '統一編號', website: '網站', fax: '傳真', amount: '金額', startDate: '開始日期', estimatedEndDate: '預計結案日期',
    completedDate: '結案日期', stage: '階段', status: '狀態', closingRate: '成交機率', client: '聯絡人',
    title: '標題', start: '開始時間', end: '結束時間', fullDay: '全天', repeat: '重複', category: '類型', taskNote: '備註',
    deal: '商機', activity: '活動項目', complete: '已完成', notice: '提醒', lostReason: '輸單原因', lostReasonNote: '輸單說明',
  },
  'zh-CN': {
    name: '姓名', firstName: '名', lastName: '姓', nickName: '昵称', position: '职称', sex: '性别', birthday: '生日', company: '公司',
    mobile: '手机', phone: '电话', homePhone: '住宅电话', otherPhone: '其他电话', phoneType: '电话类型', email: '电子邮件', address: '地址',
    companyAddress: '公司地址', otherAddress: '其他地址', line: 'LINE', tags: '标签', note: '备注', owner: '负责人',
    isImportant: '重要', lastContactAt: '最后联系时间', createdAt: '创建时间', updatedAt: '更新时间',
    taxId: '统一编号', website: '网站', fax: '传真', amount: '金额', startDate: '开始日期', estimatedEndDate: '预计结案日期',
    completedDate: '结案日期', stage: '阶段', status: '状态', closingRate: '成交概率', client: '联系人',
    title: '标题', start: '开始时间', end: '结束时间', fullDay: '全天', repeat: '重复', category: '类型', taskNote: '备注',
    deal: '商机', activity: '活动项目', complete: '已完成', notice: '提醒', lostReason: '输单原因', lostReasonNote: '输单说明',
  },
  'en-US': {
    name: 'Name', firstName: 'First name', lastName: 'Last name', nickName: 'Nickname', position: 'Position', sex: 'Sex', birthday: 'Birthday',
    company: 'Company', mobile: 'Mobile', phone: 'Phone', homePhone: 'Home phone', otherPhone: 'Other phone', phoneType: 'Phone type',
    email: 'Email', address: 'Address', companyAddress: 'Work address', otherAddress: 'Other address', line: 'LINE', tags: 'Tags', note: 'Note',
    owner: 'Owner', isImportant: 'Important', lastContactAt: 'Last contact', createdAt: 'Created', updatedAt: 'Updated',
    taxId: 'Tax ID', website: 'Website', fax: 'Fax', amount: 'Amount', startDate: 'Start date', estimatedEndDate: 'Expected close',
    completedDate: 'Closed on', stage: 'Stage', status: 'Status', closingRate: 'Closing rate', client: 'Contact',
    title: 'Title', start: 'Start', end: 'End', fullDay: 'All day', repeat: 'Repeat', category: 'Type', taskNote: 'Note',
    deal: 'Deal', activity: 'Activity items', complete: 'Completed', notice: 'Reminder', lostReason: 'Lost reason', lostReasonNote: 'Lost reason note',
  },
};
/** A kind's own name column: a company's name, a deal's title. */
const kindNameLabels: Record<Locale, Partial<Record<ImportKind, string>>> = {
  'zh-TW': { company: '公司名稱', deal: '商機名稱' },
  'zh-CN': { company: '公司名称', deal: '商机名称' },
  'en-US': { company: 'Company name', deal: 'Deal name' },
};

/** A schedule's words where they differ from a record's (the drawer's: a client, a meeting's location). */
const scheduleFieldLabels: Record<Locale, Record<string, string>> = {
  'zh-TW': { client: '客戶', address: '地點' },
  'zh-CN': { client: '客户', address: '地点' },
  'en-US': { client: 'Client', address: 'Location' },
};

/** A column's name in the template, the export and the check step. */
export function fieldLabel(locale: Locale, kind: ImportKind, field: string): string {
  const own = kind === 'schedule' ? scheduleFieldLabels[locale][field] : field === 'name' ? kindNameLabels[locale][kind] : undefined;
  return own ?? recordFieldLabels[locale][field] ?? field;
}

/** Words an export writes for values (a deal's status, the won and lost stages). */
export const exportValueLabels: Record<Locale, Record<'developing' | 'closed' | 'failed' | 'won' | 'lost', string>> = {
  'zh-TW': { developing: '進行中', closed: '贏單', failed: '輸單', won: '贏單', lost: '輸單' },
  'zh-CN': { developing: '进行中', closed: '赢单', failed: '输单', won: '赢单', lost: '输单' },
  'en-US': { developing: 'Open', closed: 'Won', failed: 'Lost', won: 'Won', lost: 'Lost' },
};
export type ImportField = (typeof importFields)[ImportKind][number];
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

export const importFieldBodySchema = z.object({
  mapping: importMappingSchema,
  duplicates: z.enum(duplicateModes),
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
});
export type ExportBodyInput = z.input<typeof exportBodySchema>;
export type ExportBody = z.infer<typeof exportBodySchema>;

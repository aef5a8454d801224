import type { Locale } from '../platform/locale.ts';

/**
 * Every field of a contact, company and deal in one list (docs/product.md#fields): its type, its title in the three
 * languages, whether an import can fill it (and the header words and tools' export headers that name it) and whether
 * an export writes it. The save and answer schemas, the form, the detail page, the import's mapping and presets, the
 * export and the template all read it; a backup and the round trip follow from those (modules/imports/README.md,
 * "One field list").
 *
 * `text` fields are plain optional text columns named like their key: the contract's schemas, the contacts module
 * (save, answer, list, export page), the import and the web's form and detail page handle them from this list alone,
 * so a new one is its line here, its table column and migration.
 */
export type RecordFieldKind = 'contact' | 'company' | 'deal';
export type RecordFieldType =
  | 'name' | 'text' | 'longText' | 'choice' | 'date' | 'time' | 'flag' | 'phone' | 'phoneType' | 'email' | 'address' | 'account'
  | 'tags' | 'user' | 'record' | 'money' | 'percent' | 'stage' | 'lines';

export interface RecordField {
  readonly key: string;
  readonly type: RecordFieldType;
  readonly title: Readonly<Record<Locale, string>>;
  /** both: imported and exported; import: a mapping target only (a label column, a third address); export: written only. */
  readonly io: 'both' | 'import' | 'export';
  /** Header words that name the field in any file (compared without case, spaces, dashes or underscores). */
  readonly words?: readonly string[];
  /** The tools' export headers (lower case) their preset maps to this field, before the preset's own rules. */
  readonly presets?: Readonly<Record<string, readonly string[]>>;
  /** The save body's and the history's key when it is not the field's (a company's tax ID is `tax`, its website `url`). */
  readonly body?: string;
  /** text, name, long text: the longest value (the form's input stops there). */
  readonly max?: number;
  /** A column of the record kind's list (column-settings.rules.ts). A contact's text field has one without saying so. */
  readonly column?: RecordColumn;
}

export interface RecordColumn {
  /** In pixels; none: the column takes what is left. */
  readonly width?: number;
  /** Shown before the workspace chooses its columns; new columns start hidden so no list grows wider unasked. */
  readonly shown?: boolean;
  /** The column setting's key when it is not the field's: contacts' first phone of any type was saved as 'phones'. */
  readonly key?: string;
}

const title = (zhTW: string, zhCN: string, enUS: string) => ({ 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS });
const field = <const K extends string, const T extends RecordFieldType>(
  key: K,
  type: T,
  titles: Record<Locale, string>,
  io: RecordField['io'],
  more: Omit<RecordField, 'key' | 'type' | 'title' | 'io'> = {},
) => ({ key, type, title: titles, io, ...more }) as const;

/** Header words shared by several kinds (and the schedule's company, location, owner and client columns). */
export const recordFieldWords = {
  company: ['name', '名稱', '名称', 'company', 'companyname', 'organization', 'organisation', '公司', '公司名稱', '公司名称', '任職公司', '任职公司'],
  phone: ['phone', 'telephone', 'tel', 'workphone', 'businessphone', 'companyphone', '電話', '电话', '公司電話', '公司电话', '市話'],
  email: ['email', 'emailaddress', 'mail', 'e-mail', '電子郵件', '电子邮件', '信箱', '郵箱', '邮箱', 'email地址'],
  address: ['address', 'streetaddress', '地址', '住址', '公司地址', 'location', 'place', 'venue', '地點', '地点', '會議地點', '会议地点'],
  owner: ['owner', 'salesperson', 'assignedto', '負責人', '负责人', '業務', '业务'],
  client: ['client', 'contact', 'customer', 'contactname', '聯絡人', '联系人', '客戶', '客户'],
} as const;

/** The same field with a list column (a field shared by kinds is a column of some of their lists only). */
const withColumn = <F extends RecordField>(f: F, column: RecordColumn) => ({ ...f, column }) as F;

const shared = {
  company: field('company', 'record', title('公司', '公司', 'Company'), 'both', { words: recordFieldWords.company }),
  phone: field('phone', 'phone', title('電話', '电话', 'Phone'), 'both', { words: recordFieldWords.phone }),
  fax: field('fax', 'phone', title('傳真', '传真', 'Fax'), 'both', { words: ['fax', 'faxnumber', '傳真', '传真'] }),
  email: field('email', 'email', title('電子郵件', '电子邮件', 'Email'), 'both', { words: recordFieldWords.email }),
  address: field('address', 'address', title('地址', '地址', 'Address'), 'both', { words: recordFieldWords.address }),
  line: field('line', 'account', title('LINE', 'LINE', 'LINE'), 'both', { words: ['line', 'lineid', 'line帳號', 'line账号'] }),
  wechat: field('wechat', 'account', title('WeChat', 'WeChat', 'WeChat'), 'both'),
  skype: field('skype', 'account', title('Skype', 'Skype', 'Skype'), 'both'),
  facebook: field('facebook', 'account', title('Facebook', 'Facebook', 'Facebook'), 'both'),
  instagram: field('instagram', 'account', title('Instagram', 'Instagram', 'Instagram'), 'both'),
  tags: field('tags', 'tags', title('標籤', '标签', 'Tags'), 'both', { words: ['tags', 'tag', 'labels', '標籤', '标签', '分類', '分类'] }),
  note: field('note', 'longText', title('備註', '备注', 'Note'), 'both', {
    words: ['note', 'notes', 'remark', 'remarks', 'comment', 'comments', '備註', '备注', '說明', '说明'],
  }),
  owner: field('owner', 'user', title('負責人', '负责人', 'Owner'), 'both', { words: recordFieldWords.owner }),
  createdAt: field('createdAt', 'time', title('建立時間', '创建时间', 'Created'), 'export'),
  updatedAt: field('updatedAt', 'time', title('更新時間', '更新时间', 'Updated'), 'export'),
};

export const contactFields = [
  field('name', 'name', title('姓名', '姓名', 'Name'), 'both', {
    words: ['name', 'fullname', 'contactname', '姓名', '名稱', '名称', '聯絡人', '联系人', '客戶名稱', '客户名称'],
  }),
  // firstName is the given name and lastName the family name in every language (docs/decisions/0012-person-names.md).
  field('lastName', 'name', title('姓', '姓', 'Last name'), 'both', { words: ['lastname', 'surname', 'familyname', '姓', '姓氏'] }),
  field('firstName', 'name', title('名', '名', 'First name'), 'both', { words: ['firstname', 'givenname', '名', '名字'] }),
  field('salutation', 'text', title('稱謂', '称谓', 'Salutation'), 'both', {
    max: 30,
    words: ['salutation', 'nameprefix', 'prefix', 'honorific', '稱謂', '称谓', '稱呼', '称呼'],
    presets: { googleContacts: ['name prefix'], outlook: ['title'], salesforce: ['salutation'], zoho: ['salutation'] },
  }),
  field('nickName', 'text', title('暱稱', '昵称', 'Nickname'), 'both', {
    max: 100,
    words: ['nickname', '暱稱', '昵称', '英文名'],
    presets: { googleContacts: ['nickname'], outlook: ['nickname'], appleContacts: ['nickname'] },
  }),
  field('position', 'text', title('職稱', '职称', 'Position'), 'both', {
    max: 100,
    words: ['position', 'title', 'jobtitle', '職稱', '职称', '職位', '职位'],
  }),
  // The department the contact works in at their company (業務部) — not a workspace's own departments (access/departments).
  field('jobDepartment', 'text', title('部門', '部门', 'Department'), 'both', {
    max: 100,
    words: ['department', 'dept', 'division', '部門', '部门', '所屬部門', '所属部门'],
    presets: {
      googleContacts: ['organization department', 'organization 1 - department'],
      outlook: ['department'],
      appleContacts: ['department'],
      salesforce: ['department'],
      zoho: ['department'],
    },
  }),
  field('sex', 'choice', title('性別', '性别', 'Sex'), 'both', { words: ['sex', 'gender', '性別', '性别'] }),
  field('birthday', 'date', title('生日', '生日', 'Birthday'), 'both', { words: ['birthday', 'birthdate', 'dateofbirth', '生日', '出生日期'] }),
  withColumn(shared.company, { width: 150, shown: true }),
  // The company's 統一編號 in a contact file: the company is found by it (or created with it) and the import's done page
  // offers to fill its companies from the registry (issue 37). An import target only: a contact has no tax ID.
  field('companyTaxId', 'record', title('公司統一編號', '公司统一编号', 'Company tax ID'), 'import', {
    words: ['companytaxid', 'companyvat', 'companyvatnumber', '公司統一編號', '公司统一编号', '公司統編', '公司统编', '統一編號', '统一编号', '統編', '统编'],
  }),
  field('mobile', 'phone', title('手機', '手机', 'Mobile'), 'both', {
    words: ['mobile', 'mobilephone', 'cell', 'cellphone', '手機', '手机', '行動電話', '移动电话'],
  }),
  // The list's phone column shows the first phone of any type.
  withColumn(shared.phone, { width: 120, shown: true, key: 'phones' }),
  field('homePhone', 'phone', title('住家電話', '住宅电话', 'Home phone'), 'both'),
  field('personalPhone', 'phone', title('個人電話', '个人电话', 'Personal phone'), 'both'),
  field('otherPhone', 'phone', title('其他電話', '其他电话', 'Other phone'), 'both'),
  shared.fax,
  field('phoneType', 'phoneType', title('電話類型', '电话类型', 'Phone type'), 'import'),
  withColumn(shared.email, { width: 190, shown: true }),
  shared.address,
  field('companyAddress', 'address', title('公司地址', '公司地址', 'Work address'), 'both'),
  field('otherAddress', 'address', title('其他地址', '其他地址', 'Other address'), 'import'),
  shared.line, shared.wechat, shared.skype, shared.facebook, shared.instagram,
  withColumn(shared.tags, { width: 140, shown: true }),
  shared.note,
  withColumn(shared.owner, { width: 90, shown: true }),
  field('isImportant', 'flag', title('重要', '重要', 'Important'), 'both'),
  field('lastContactAt', 'time', title('最後聯絡時間', '最后联系时间', 'Last contact'), 'export', { column: { width: 130, shown: true } }),
  shared.createdAt,
  shared.updatedAt,
] as const;

export const companyFields = [
  field('name', 'name', title('公司名稱', '公司名称', 'Company name'), 'both', {
    max: 200,
    words: ['name', '名稱', '名称', 'company', 'companyname', 'organization', 'organisation', '公司', '公司名稱', '公司名称', '客戶名稱', '客户名称'],
  }),
  field('taxId', 'text', title('統一編號', '统一编号', 'Tax ID'), 'both', {
    column: { width: 130, shown: true },
    body: 'tax',
    max: 50,
    words: ['taxid', 'vat', 'vatnumber', 'taxnumber', '統一編號', '统一编号', '統編', '统编', '稅號', '税号'],
  }),
  field('website', 'text', title('網站', '网站', 'Website'), 'both', { body: 'url', max: 500, words: ['website', 'web', 'url', 'homepage', '網站', '网站', '網址', '网址'] }),
  shared.email, withColumn(shared.phone, { width: 150, shown: true }), shared.fax, withColumn(shared.address, { shown: true }),
  shared.line, shared.wechat, shared.skype, shared.facebook, shared.instagram,
  withColumn(shared.tags, { shown: true }), shared.note, withColumn(shared.owner, { width: 120, shown: true }), shared.createdAt, shared.updatedAt,
] as const;

const dealDate = (key: string, titles: Record<Locale, string>, words: readonly string[]) => field(key, 'date', titles, 'both', { words });
export const dealFields = [
  field('name', 'name', title('商機名稱', '商机名称', 'Deal name'), 'both', {
    max: 200,
    words: ['name', '名稱', '名称', 'deal', 'dealname', 'opportunity', 'opportunityname', 'title', '商機', '商机', '商機名稱', '商机名称', '案件', '案件名稱', '案件名称'],
  }),
  field('amount', 'money', title('金額', '金额', 'Amount'), 'both', { words: ['amount', 'value', 'dealvalue', 'price', '金額', '金额', '預估金額', '预估金额'] }),
  field('stage', 'stage', title('階段', '阶段', 'Stage'), 'both', { words: ['stage', 'dealstage', 'salesstage', '階段', '阶段', '銷售階段', '销售阶段'] }),
  field('status', 'choice', title('狀態', '状态', 'Status'), 'export'),
  field('closingRate', 'percent', title('成交機率', '成交概率', 'Closing rate'), 'both', {
    words: ['closingrate', 'probability', 'winprobability', '成交機率', '成交概率', '機率', '概率'],
  }),
  shared.company,
  field('client', 'record', title('聯絡人', '联系人', 'Contact'), 'both', { words: recordFieldWords.client }),
  dealDate('startDate', title('開始日期', '开始日期', 'Start date'), ['startdate', 'start', 'opendate', '開始日期', '开始日期', '開始日', '开始日']),
  dealDate('estimatedEndDate', title('預計結案日期', '预计结案日期', 'Expected close'), [
    'estimatedenddate', 'expectedclose', 'expectedclosedate', 'closedate', 'enddate', '預計結案日期', '预计结案日期', '預計成交日', '预计成交日', '結束日期', '结束日期',
  ]),
  field('completedDate', 'date', title('結案日期', '结案日期', 'Closed on'), 'export'),
  field('lostReason', 'choice', title('輸單原因', '输单原因', 'Lost reason'), 'export'),
  field('lostReasonNote', 'longText', title('輸單說明', '输单说明', 'Lost reason note'), 'export'),
  shared.owner,
  field('lines', 'lines', title('產品與成本', '产品与成本', 'Products and costs'), 'export'),
  shared.createdAt,
  shared.updatedAt,
] as const;

export const recordFields: Record<RecordFieldKind, readonly RecordField[]> = { contact: contactFields, company: companyFields, deal: dealFields };

/** A contact's plain text fields (saved, answered, imported, exported and edited with no code of their own). */
type TextKeyOf<L extends readonly { key: string; type: string }[]> = Extract<L[number], { type: 'text' }>['key'];
export type ContactTextField = TextKeyOf<typeof contactFields>;
export const contactTextFields = contactFields.filter((f) => f.type === 'text').map((f) => f.key) as ContactTextField[];

export const recordField = (kind: RecordFieldKind, key: string): RecordField | undefined => recordFields[kind].find((f) => f.key === key);
/** The field a save body's (or a history entry's) key names. */
export const recordFieldOfBody = (kind: RecordFieldKind, bodyKey: string): RecordField | undefined =>
  recordFields[kind].find((f) => (f.body ?? f.key) === bodyKey);
export const importableFields = (kind: RecordFieldKind) => recordFields[kind].filter((f) => f.io !== 'export').map((f) => f.key);
export const exportableFields = (kind: RecordFieldKind) => recordFields[kind].filter((f) => f.io !== 'import').map((f) => f.key);
/** A field's title in a language, or undefined when the kind has no such field. */
export const recordFieldTitle = (locale: Locale, kind: RecordFieldKind, key: string): string | undefined => recordField(kind, key)?.title[locale];
/** The longest value of a plain text field (its schema's max). */
export const textFieldMax = (key: ContactTextField): number => (contactFields.find((f) => f.key === key) as { max?: number }).max ?? 100;
/** A validation path's title when it is a contact's text field (platform/field-titles.ts, knowing no context, has none). */
export const textFieldTitle = (locale: Locale, path: string): string | undefined =>
  (contactTextFields as string[]).includes(path) ? recordFieldTitle(locale, 'contact', path) : undefined;

/** A list's column from the field list: the setting's key, the field it shows, its width and first visibility. */
export interface RecordListColumn {
  readonly key: string;
  readonly field: RecordField;
  readonly width: number | undefined;
  readonly shown: boolean;
}
/**
 * The columns a kind's list may show, in the field list's order: the fields with a `column`, and every contact text
 * field (the list's rows carry them, contacts.ts `contactRowSchema`), hidden until a workspace shows it.
 */
export function recordListColumns(kind: 'contact' | 'company'): RecordListColumn[] {
  return recordFields[kind].flatMap((field) => {
    const column = field.column ?? (kind === 'contact' && field.type === 'text' ? { width: 120 } : undefined);
    return column ? [{ key: column.key ?? field.key, field, width: column.width, shown: column.shown ?? false }] : [];
  });
}

import { customTarget, importCustomFieldKinds, importFields, multiColumnTargets, newFieldTarget, type ImportKind } from '@lodestar/contract';
import { presetMapping, recognisePreset } from './presets/presets.ts';

/**
 * Guessing which field a file's column holds from its header, in the product's three languages and the
 * words other CRMs and spreadsheets use. Headers are compared without case, spaces, dashes or underscores.
 */
const synonyms: Record<string, string[]> = {
  name: ['name', 'fullname', 'contactname', '姓名', '名稱', '名称', '聯絡人', '联系人', '客戶名稱', '客户名称'],
  // A schedule's title (before company: a schedule file's 名稱 is its title).
  title: ['title', 'subject', 'summary', 'event', 'name', '標題', '标题', '主題', '主题', '名稱', '名称', '事項', '事项', '行程'],
  // firstName is the given name and lastName the family name in every language (docs/decisions/0012-person-names.md).
  firstName: ['firstname', 'givenname', '名', '名字'],
  lastName: ['lastname', 'surname', 'familyname', '姓', '姓氏'],
  nickName: ['nickname', '暱稱', '昵称', '英文名'],
  position: ['position', 'title', 'jobtitle', '職稱', '职称', '職位', '职位'],
  sex: ['sex', 'gender', '性別', '性别'],
  birthday: ['birthday', 'birthdate', 'dateofbirth', '生日', '出生日期'],
  company: ['name', '名稱', '名称', 'company', 'companyname', 'organization', 'organisation', '公司', '公司名稱', '公司名称', '任職公司', '任职公司'],
  mobile: ['mobile', 'mobilephone', 'cell', 'cellphone', '手機', '手机', '行動電話', '移动电话'],
  phone: ['phone', 'telephone', 'tel', 'workphone', 'businessphone', 'companyphone', '電話', '电话', '公司電話', '公司电话', '市話'],
  email: ['email', 'emailaddress', 'mail', 'e-mail', '電子郵件', '电子邮件', '信箱', '郵箱', '邮箱', 'email地址'],
  address: ['address', 'streetaddress', '地址', '住址', '公司地址', 'location', 'place', 'venue', '地點', '地点', '會議地點', '会议地点'],
  line: ['line', 'lineid', 'line帳號', 'line账号'],
  tags: ['tags', 'tag', 'labels', '標籤', '标签', '分類', '分类'],
  note: ['note', 'notes', 'remark', 'remarks', 'comment', 'comments', '備註', '备注', '說明', '说明'],
  taxId: ['taxid', 'vat', 'vatnumber', 'taxnumber', '統一編號', '统一编号', '統編', '统编', '稅號', '税号'],
  website: ['website', 'web', 'url', 'homepage', '網站', '网站', '網址', '网址'],
  fax: ['fax', 'faxnumber', '傳真', '传真'],
  amount: ['amount', 'value', 'dealvalue', 'price', '金額', '金额', '預估金額', '预估金额'],
  startDate: ['startdate', 'start', 'opendate', '開始日期', '开始日期', '開始日', '开始日'],
  estimatedEndDate: ['estimatedenddate', 'expectedclose', 'expectedclosedate', 'closedate', 'enddate', '預計結案日期', '预计结案日期', '預計成交日', '预计成交日', '結束日期', '结束日期'],
  stage: ['stage', 'dealstage', 'salesstage', '階段', '阶段', '銷售階段', '销售阶段'],
  closingRate: ['closingrate', 'probability', 'winprobability', '成交機率', '成交概率', '機率', '概率'],
  owner: ['owner', 'salesperson', 'assignedto', '負責人', '负责人', '業務', '业务'],
  client: ['client', 'contact', 'customer', 'contactname', '聯絡人', '联系人', '客戶', '客户'],
  // Schedules (the calendar's own words; start and end hold a date and an optional time).
  start: ['start', 'starttime', 'startdate', 'startdatetime', 'from', 'begin', 'begins', '開始', '开始', '開始時間', '开始时间', '開始日期', '开始日期', '起始時間', '起始时间'],
  end: ['end', 'endtime', 'enddate', 'enddatetime', 'to', 'until', 'finish', '結束', '结束', '結束時間', '结束时间', '結束日期', '结束日期'],
  fullDay: ['allday', 'fullday', 'alldayevent', '全天', '全日', '整天'],
  repeat: ['repeat', 'recurrence', 'recurring', 'repeats', '重複', '重复', '週期', '周期'],
  category: ['category', 'type', 'kind', '類型', '类型', '類別', '类别', '分類', '分类'],
  taskNote: ['note', 'notes', 'description', 'remark', 'remarks', 'comment', 'details', '備註', '备注', '說明', '说明', '描述', '內容', '内容'],
  deal: ['deal', 'opportunity', 'dealname', '商機', '商机', '案件'],
  notice: ['reminder', 'remind', 'alert', 'notice', 'notification', '提醒', '提醒時間', '提醒时间'],
  complete: ['completed', 'complete', 'done', 'status', '已完成', '完成', '狀態', '状态'],
};

/** Words naming a kind's own name column (a company's name is its company name; a deal's its title). */
const nameWords: Partial<Record<ImportKind, string[]>> = {
  company: ['name', '名稱', '名称', 'company', 'companyname', 'organization', 'organisation', '公司', '公司名稱', '公司名称', '客戶名稱', '客户名称'],
  deal: ['name', '名稱', '名称', 'deal', 'dealname', 'opportunity', 'opportunityname', 'title', '商機', '商机', '商機名稱', '商机名称', '案件', '案件名稱', '案件名称'],
};

export function normalizeHeader(header: string): string {
  return header.trim().toLowerCase().replace(/[\s_\-.:：()（）]/g, '');
}

/**
 * The guessed target of each column: by the preset of the tool that wrote the file when its header is recognised
 * (presets/presets.ts); otherwise a built-in field, a custom field with the same title, a new custom
 * field for other named columns, and '' (ignored) for blank headers or a field already taken by an earlier column.
 */
export function guessMapping(kind: ImportKind, headers: string[], customFields: { id: string; title: string }[]): string[] {
  const preset = recognisePreset(kind, headers, customFields.map((f) => f.title));
  if (preset) return presetMapping(kind, headers, preset, customFields);
  const allowed = new Set<string>(importFields[kind]);
  const taken = new Set<string>();
  return headers.map((header) => {
    const key = normalizeHeader(header);
    if (key === '') return '';
    const words = (field: string) => (field === 'name' ? (nameWords[kind] ?? synonyms.name!) : synonyms[field]!);
    const matches = (field: string) => words(field).some((w) => normalizeHeader(w) === key);
    const builtIn = Object.keys(synonyms).find((field) => allowed.has(field) && matches(field));
    const custom = customFields.find((f) => normalizeHeader(f.title) === key);
    const other = importCustomFieldKinds.includes(kind) ? newFieldTarget : '';
    const target = builtIn ?? (custom ? customTarget(custom.id) : other);
    if (target === '' || (target !== newFieldTarget && !multiColumnTargets.includes(target) && taken.has(target))) return '';
    taken.add(target);
    return target;
  });
}

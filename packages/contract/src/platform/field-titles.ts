import type { Locale } from './locale.ts';

/**
 * docs/product.md#validation: a validation message names the field by the title the user sees, never by its
 * path (`dynamicFields.<uuid>`). Custom fields pass their own title; body fields are looked up here.
 */
type Titles = Record<string, string>;

const zhTW: Titles = {
  firstName: '名', lastName: '姓', name: '名稱', title: '標題', email: '電子郵件', emails: '電子郵件',
  phone: '電話', phones: '電話', otherType: '電話類別', address: '地址', addresses: '地址', tax: '統一編號', url: '網址',
  note: '備註', birthday: '生日', position: '職稱', password: '密碼', newPassword: '新密碼', oldPassword: '目前密碼',
  orgName: '工作區名稱', amount: '金額', startDate: '開始日期', estimatedEndDate: '預計結案日期', completedDate: '結案日期',
  closingRate: '成交率', stage: '階段', products: '產品', costs: '成本', price: '單價', num: '數量', date: '日期',
  day: '日期', time: '時間', serviceId: '服務', people: '人數', companyId: '公司', clientId: '客戶', socials: '社群帳號',
  account: '帳號', value: '內容', customField: '自訂欄位', orgId: '工作區', priceBase: '價格', priceMin: '最低價格',
  priceMax: '最高價格', priceFixed: '價格', startDateTime: '開始時間', endDate: '結束日期', endDateTime: '結束時間',
  repeatDuringVal: '重複結束', notice: '提醒', category: '類別', color: '顏色', imapHost: 'IMAP 主機', smtpHost: 'SMTP 主機',
};
const zhCN: Titles = {
  firstName: '名', lastName: '姓', name: '名称', title: '标题', email: '电子邮件', emails: '电子邮件',
  phone: '电话', phones: '电话', otherType: '电话类别', address: '地址', addresses: '地址', tax: '统一编号', url: '网址',
  note: '备注', birthday: '生日', position: '职称', password: '密码', newPassword: '新密码', oldPassword: '当前密码',
  orgName: '工作区名称', amount: '金额', startDate: '开始日期', estimatedEndDate: '预计结案日期', completedDate: '结案日期',
  closingRate: '成交率', stage: '阶段', products: '产品', costs: '成本', price: '单价', num: '数量', date: '日期',
  day: '日期', time: '时间', serviceId: '服务', people: '人数', companyId: '公司', clientId: '客户', socials: '社交账号',
  account: '账号', value: '内容', customField: '自定义字段', orgId: '工作区', priceBase: '价格', priceMin: '最低价格',
  priceMax: '最高价格', priceFixed: '价格', startDateTime: '开始时间', endDate: '结束日期', endDateTime: '结束时间',
  repeatDuringVal: '重复结束', notice: '提醒', category: '类别', color: '颜色', imapHost: 'IMAP 主机', smtpHost: 'SMTP 主机',
};
const enUS: Titles = {
  firstName: 'First name', lastName: 'Last name', name: 'Name', title: 'Title', email: 'Email',
  emails: 'Email', phone: 'Phone', phones: 'Phone', otherType: 'Phone type', address: 'Address', addresses: 'Address',
  tax: 'Tax ID', url: 'Website', note: 'Note', birthday: 'Birthday', position: 'Position', password: 'Password',
  newPassword: 'New password', oldPassword: 'Current password', orgName: 'Workspace name', amount: 'Amount',
  startDate: 'Start date', estimatedEndDate: 'Expected close date', completedDate: 'Close date', closingRate: 'Closing rate',
  stage: 'Stage', products: 'Products', costs: 'Costs', price: 'Price', num: 'Quantity', date: 'Date', day: 'Date',
  time: 'Time', serviceId: 'Service', people: 'People', companyId: 'Company', clientId: 'Client', socials: 'Social accounts',
  account: 'Account', value: 'Value', customField: 'Custom field', orgId: 'Workspace', priceBase: 'Price',
  priceMin: 'Lowest price', priceMax: 'Highest price', priceFixed: 'Price', startDateTime: 'Start time', endDate: 'End date',
  endDateTime: 'End time', repeatDuringVal: 'Repeat until', notice: 'Reminder', category: 'Category', color: 'Colour', imapHost: 'IMAP server', smtpHost: 'SMTP server',
};

export const fieldTitles: Record<Locale, Titles> = { 'zh-TW': zhTW, 'zh-CN': zhCN, 'en-US': enUS };

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The title of a field path for messages: the given label (a custom field's title) first; then the path's last
 * named segment ("phones.0.otherType" → otherType), its first, or "custom field" for a dynamic one; never an id.
 */
export function fieldTitle(locale: Locale, path: string, label?: string): string {
  if (label) return label;
  const titles = fieldTitles[locale];
  const segments = path.split('.').filter((s) => s !== '' && !/^\d+$/.test(s));
  if (segments[0] === 'dynamicFields') return titles.customField!;
  for (const segment of [...segments].reverse()) if (titles[segment]) return titles[segment];
  const named = segments.filter((s) => !uuidLike.test(s));
  return named.at(-1) ?? titles.customField!;
}

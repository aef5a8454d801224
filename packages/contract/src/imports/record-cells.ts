import type { CustomField, DynamicFieldValues } from '../records/custom-fields.ts';
import type { ContactPhoneType } from '../records/contacts.ts';
import type { SocialType } from '../records/records.rules.ts';

/**
 * How a record's values are written in an export cell and read back by the import, so that what goes out comes
 * back field for field (docs/product.md#import-and-export). Export and import both use these; the export's field
 * lists (imports.ts exportFields) name the columns.
 */

/** Each contact phone type's column (a phone's value goes to the column of its type). */
export const contactPhoneColumns = {
  mobile: 'mobile',
  companyPhone: 'phone',
  home: 'homePhone',
  personal: 'personalPhone',
  other: 'otherPhone',
  fax: 'fax',
} as const satisfies Record<ContactPhoneType, string>;

/** Each social account type's column (LINE, WeChat …), on contacts and companies alike. */
export const socialColumns = { line: 'line', wechat: 'wechat', skype: 'skype', facebook: 'facebook', instagram: 'instagram' } as const satisfies Record<SocialType, string>;

/** Several values in one cell (phones, emails, accounts); the import splits on it (and on , ; 、 and new lines). */
export const listCellSeparator = '; ';
/** Tags in one cell. */
export const tagCellSeparator = ', ';
/** A nested tag as its path: "Industry > Retail" (the parent first). */
export const tagPathSeparator = ' > ';

/** A tag's cell text: its path from the root. */
export function tagPath(id: string, tags: Map<string, { name: string; parentId: string | null }>): string | undefined {
  const names: string[] = [];
  const seen = new Set<string>();
  for (let at: string | null = id; at !== null && !seen.has(at); ) {
    seen.add(at);
    const tag = tags.get(at);
    if (!tag) return names.length === 0 ? undefined : names.reverse().join(tagPathSeparator);
    names.push(tag.name);
    at = tag.parentId;
  }
  return names.reverse().join(tagPathSeparator);
}

/** A notification custom field as one cell: "2026-03-05 14:00 | Renew the contract" (time and text optional). */
export function notificationCell(value: { value: string; date: string; dateTime?: string | null | undefined }): string {
  return `${value.date}${value.dateTime ? ` ${value.dateTime}` : ''}${value.value ? ` | ${value.value}` : ''}`;
}

const notificationPattern = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}:\d{2}))?(?: \| ([\s\S]*))?$/;

/** A custom field's cell text (options by their stored value, dates as YYYY-MM-DD, notifications as above). */
export function customFieldCell(value: DynamicFieldValues[string] | undefined): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : notificationCell(value);
}

/**
 * A cell back to a custom field's value: a notification's cell parsed (an unreadable one stays text, which the
 * field rule refuses by name), an options cell holding an option's label read as its value.
 */
export function customFieldFromCell(definition: Pick<CustomField, 'inputType' | 'options'> | undefined, cell: string): DynamicFieldValues[string] {
  if (definition?.inputType === 'notification') {
    const m = notificationPattern.exec(cell);
    return m ? { date: m[1]!, dateTime: m[2] ?? null, value: m[3] ?? '' } : cell;
  }
  if (definition?.inputType === 'options' && !definition.options.some((o) => o.value === cell)) {
    return definition.options.find((o) => o.label === cell)?.value ?? cell;
  }
  return cell;
}

/** An owner's cell: "Ada Lin <ada@example.com>" (a name alone when there is no e-mail). */
export const ownerCell = (name: string, email: string | null | undefined) => (email ? `${name} <${email}>` : name);
/** What an owner cell names a member by: the e-mail in <…> when there is one, else the cell (a name or an e-mail). */
export function ownerKeyOfCell(cell: string): string {
  return /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(cell)?.[1] ?? cell.trim();
}

/** Words a yes/no cell may hold (the export writes the field's own label for yes, as "Important"). */
const yesWords = new Set(['y', 'yes', 'true', '1', 'x', 'v', '是', '對', '对', '✓', '✔']);
export function isYesCell(cell: string, label?: string): boolean {
  const word = cell.trim().toLowerCase();
  return yesWords.has(word) || (label !== undefined && word === label.toLowerCase());
}

/**
 * An instant as wall-clock text in a time zone, "YYYY-MM-DD HH:mm:ss" (what spreadsheets read as a date and time).
 * One formatter per zone, made once.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function localDateTime(instant: string | Date | null | undefined, timeZone: string): string {
  if (instant === null || instant === undefined || instant === '') return '';
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(typeof instant === 'string' ? new Date(instant) : instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The zone an export's times are written in when the request names none (the product's home, as schedules'). */
export const defaultExportTimeZone = 'Asia/Taipei';

/** A time zone name the runtime knows (Asia/Taipei, Europe/London …). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

import {
  contactImportBodySchema,
  customFieldFromCell,
  isTaiwanTaxId,
  isYesCell,
  ownerKeyOfCell,
  locales,
  contactTextFields,
  recordFieldTitle,
  splitName,
  type ContactPhoneType,
  type ContactSaveBody,
  type CustomField,
} from '@lodestar/contract';
import { dynamicProblem, listValues as values, normalizeDate, schemaProblems, type RowProblem } from './row-spec.ts';

/**
 * A file row → the body the contact drawer would send (contactImportBodySchema: POST /api/customer's rule and
 * messages, a family name alone allowed), plus what is resolved by name when written: the company and the tags.
 */
export interface CheckedContact {
  body: ContactSaveBody;
  companyName: string | null;
  /** The company's 統一編號: the company is found by it before its name, and a new one is created with it. */
  companyTaxId: string | null;
  tagNames: string[];
  /** A member's name or e-mail (the importer when absent). */
  ownerName: string | null;
}

const phoneTypes: Record<string, ContactPhoneType> = { mobile: 'mobile', phone: 'companyPhone', homePhone: 'home', personalPhone: 'personal', otherPhone: 'other', fax: 'fax' };
/** The export's word for an important contact, in each language (record-cells.ts isYesCell also takes yes, 是 …). */
const importantWords = locales.map((l) => recordFieldTitle(l, 'contact', 'isImportant')!);
const addressTypes: Record<string, 'personal' | 'company'> = { address: 'personal', otherAddress: 'personal', companyAddress: 'company' };

const sexWords: Record<string, 'male' | 'female'> = {
  male: 'male', m: 'male', man: 'male', 男: 'male', 先生: 'male', 男性: 'male',
  female: 'female', f: 'female', woman: 'female', 女: 'female', 小姐: 'female', 女士: 'female', 女性: 'female',
};

/** Google's own labels ("* myContacts", "* starred"): not the user's tags. */
const systemLabel = /^\*\s/;

/** Google's and vCard's phone labels → a phone type (companyPhone for work and anything unknown). */
function phoneTypeOf(label: string): ContactPhoneType | undefined {
  const word = label.replace(/^\*\s*/, '').trim().toLowerCase();
  if (word === '') return undefined;
  if (word.includes('fax')) return 'fax';
  if (word.includes('mobile') || word.includes('cell') || word === 'iphone') return 'mobile';
  if (word === 'home') return 'home';
  if (word === 'other') return 'other';
  return 'companyPhone';
}

/**
 * A birthday as the tools write it: 2024-03-05, 2024/3/5, 2024年3月5日, and Outlook's and US Excel's 3/5/1990; no
 * date for Outlook's empty 0/0/00 and Google's year-less --03-05 (a birthday here has a year).
 */
function birthdayOf(cell: string): string | undefined {
  if (/^0{1,2}\/0{1,2}\/0+$/.test(cell) || /^--\d{2}-?\d{2}$/.test(cell)) return undefined;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
  return us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : normalizeDate(cell);
}

/** Checks one row against the mapping; `body` only when there is no problem. */
export function checkContactRow(
  cells: string[],
  mapping: string[],
  definitions: CustomField[],
): { checked?: CheckedContact; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const columnOf = new Map<string, number>();
  const raw: Record<string, unknown> = { phones: [], emails: [], socials: [], addresses: [], dynamicFields: {} };
  const arrays = { phones: [] as number[], emails: [] as number[], socials: [] as number[], addresses: [] as number[] };
  let companyName: string | null = null;
  let companyTaxId: string | null = null;
  let ownerName: string | null = null;
  const tagNames = new Set<string>();
  const addressParts = new Map<string, { column: number; parts: string[] }>();
  const push = (key: keyof typeof arrays, column: number, item: unknown) => {
    (raw[key] as unknown[]).push(item);
    arrays[key].push(column);
  };
  mapping.forEach((target, column) => {
    const cell = (cells[column] ?? '').trim();
    if (!target || cell === '') return;
    columnOf.set(target, column);
    if (target.startsWith('custom:')) {
      const id = target.slice('custom:'.length);
      const def = definitions.find((d) => d.id === id);
      (raw.dynamicFields as Record<string, unknown>)[id] = def?.inputType === 'date' ? normalizeDate(cell) : customFieldFromCell(def, cell);
      return;
    }
    if ((contactTextFields as string[]).includes(target)) {
      raw[target] = cell;
      return;
    }
    switch (target) {
      case 'name': {
        const { firstName, lastName } = splitName(cell);
        raw.firstName ??= firstName;
        raw.lastName ??= lastName;
        return;
      }
      case 'firstName': case 'lastName': case 'note':
        raw[target] = cell;
        return;
      case 'sex': {
        const sex = sexWords[cell.toLowerCase()];
        if (sex) raw.sex = sex;
        else problems.push({ column, field: 'sex', reason: 'invalidValue' });
        return;
      }
      case 'birthday': {
        const date = birthdayOf(cell);
        if (date) raw.birthday = date;
        return;
      }
      case 'company':
        companyName = cell;
        return;
      case 'companyTaxId':
        if (isTaiwanTaxId(cell)) companyTaxId = cell;
        else problems.push({ column, field: 'companyTaxId', reason: 'invalidTaxId' });
        return;
      case 'owner':
        ownerName = ownerKeyOfCell(cell);
        return;
      case 'isImportant':
        raw.isImportant = importantWords.some((word) => isYesCell(cell, word));
        return;
      case 'mobile': case 'phone': case 'homePhone': case 'personalPhone': case 'otherPhone': case 'fax': {
        // Google's "Phone 1 - Label" column, just before its value, types the phone ("Mobile", "Work Fax" …).
        const labelled = target === 'phone' && mapping[column - 1] === 'phoneType' ? phoneTypeOf(cells[column - 1] ?? '') : undefined;
        for (const v of values(cell)) push('phones', column, { value: v, type: labelled ?? phoneTypes[target]! });
        return;
      }
      case 'email':
        for (const v of values(cell)) push('emails', column, { value: v });
        return;
      case 'address': case 'companyAddress': case 'otherAddress': {
        const entry = addressParts.get(target) ?? { column, parts: [] };
        entry.parts.push(cell);
        addressParts.set(target, entry);
        return;
      }
      case 'line': case 'wechat': case 'skype': case 'facebook': case 'instagram':
        for (const v of values(cell)) push('socials', column, { type: target, account: v });
        return;
      case 'tags':
        for (const tag of values(cell)) if (!systemLabel.test(tag)) tagNames.add(tag);
        return;
    }
  });
  for (const [target, { column, parts }] of addressParts) push('addresses', column, { value: parts.join(', '), type: addressTypes[target]! });
  // Separate first/last name columns win over a full-name column.
  if (columnOf.has('firstName') || columnOf.has('lastName')) {
    raw.firstName = (cells[columnOf.get('firstName') ?? -1] ?? '').trim();
    raw.lastName = (cells[columnOf.get('lastName') ?? -1] ?? '').trim();
  }
  raw.firstName ??= '';
  raw.lastName ??= '';
  // A 統編 names a company; without the company's name there is nothing to create.
  if (companyTaxId && !companyName) problems.push({ column: mapping.indexOf('company'), field: 'company', reason: 'required' });

  const columnOfPath = (path: PropertyKey[]): number => {
    const [head, index] = path;
    if (head === 'firstName' || head === 'lastName') return columnOf.get(String(head)) ?? columnOf.get('name') ?? -1;
    if (head === 'dynamicFields') return columnOf.get(`custom:${String(index)}`) ?? -1;
    if (typeof head === 'string' && head in arrays) return arrays[head as keyof typeof arrays][Number(index)] ?? -1;
    return columnOf.get(String(head)) ?? -1;
  };
  const parsed = contactImportBodySchema.safeParse(raw);
  if (!parsed.success) problems.push(...schemaProblems(parsed.error.issues, columnOfPath));
  const dynamic = dynamicProblem(definitions, (raw.dynamicFields ?? {}) as ContactSaveBody['dynamicFields'], columnOf);
  if (dynamic.problem) problems.push(dynamic.problem);
  if (problems.length > 0 || !parsed.success) return { problems };
  return { checked: { body: { ...parsed.data, dynamicFields: dynamic.values }, companyName, companyTaxId, tagNames: [...tagNames], ownerName }, problems };
}

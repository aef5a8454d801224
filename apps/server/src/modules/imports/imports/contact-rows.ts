import { contactImportBodySchema, splitName, type ContactSaveBody, type CustomField } from '@lodestar/contract';
import { dynamicProblem, listValues as values, normalizeDate, schemaProblems, type RowProblem } from './row-spec.ts';

/**
 * A file row → the body the contact drawer would send (contactImportBodySchema: POST /api/customer's rule and
 * messages, a family name alone allowed), plus what is resolved by name when written: the company and the tags.
 */
export interface CheckedContact {
  body: ContactSaveBody;
  companyName: string | null;
  tagNames: string[];
}

const sexWords: Record<string, 'male' | 'female'> = {
  male: 'male', m: 'male', man: 'male', 男: 'male', 先生: 'male', 男性: 'male',
  female: 'female', f: 'female', woman: 'female', 女: 'female', 小姐: 'female', 女士: 'female', 女性: 'female',
};

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
  let tagNames: string[] = [];
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
      (raw.dynamicFields as Record<string, string>)[id] = def?.inputType === 'date' ? normalizeDate(cell) : cell;
      return;
    }
    switch (target) {
      case 'name': {
        const { firstName, lastName } = splitName(cell);
        raw.firstName ??= firstName;
        raw.lastName ??= lastName;
        return;
      }
      case 'firstName': case 'lastName': case 'nickName': case 'position': case 'note':
        raw[target] = cell;
        return;
      case 'sex': {
        const sex = sexWords[cell.toLowerCase()];
        if (sex) raw.sex = sex;
        else problems.push({ column, field: 'sex', reason: 'invalidValue' });
        return;
      }
      case 'birthday':
        raw.birthday = normalizeDate(cell);
        return;
      case 'company':
        companyName = cell;
        return;
      case 'mobile': case 'phone':
        for (const v of values(cell)) push('phones', column, { value: v, type: target === 'mobile' ? 'mobile' : 'companyPhone' });
        return;
      case 'email':
        for (const v of values(cell)) push('emails', column, { value: v });
        return;
      case 'address':
        push('addresses', column, { value: cell, type: 'personal' });
        return;
      case 'line':
        push('socials', column, { type: 'line', account: cell });
        return;
      case 'tags':
        tagNames = [...new Set(values(cell))];
        return;
    }
  });
  // Separate first/last name columns win over a full-name column.
  if (columnOf.has('firstName') || columnOf.has('lastName')) {
    raw.firstName = (cells[columnOf.get('firstName') ?? -1] ?? '').trim();
    raw.lastName = (cells[columnOf.get('lastName') ?? -1] ?? '').trim();
  }
  raw.firstName ??= '';
  raw.lastName ??= '';

  const columnOfPath = (path: PropertyKey[]): number => {
    const [head, index] = path;
    if (head === 'firstName' || head === 'lastName') return columnOf.get(String(head)) ?? columnOf.get('name') ?? -1;
    if (head === 'dynamicFields') return columnOf.get(`custom:${String(index)}`) ?? -1;
    if (typeof head === 'string' && head in arrays) return arrays[head as keyof typeof arrays][Number(index)] ?? -1;
    return columnOf.get(String(head)) ?? -1;
  };
  const parsed = contactImportBodySchema.safeParse(raw);
  if (!parsed.success) problems.push(...schemaProblems(parsed.error.issues, columnOfPath));
  const dynamic = dynamicProblem(definitions, (raw.dynamicFields ?? {}) as Record<string, string>, columnOf);
  if (dynamic.problem) problems.push(dynamic.problem);
  if (problems.length > 0 || !parsed.success) return { problems };
  return { checked: { body: { ...parsed.data, dynamicFields: dynamic.values }, companyName, tagNames }, problems };
}

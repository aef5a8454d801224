import { describe, expect, it } from 'vitest';
import { checkDynamicFields } from './custom-fields.ts';
import { fullName, splitName } from '../platform/names.ts';
import { advanceFilterSchema, recordListQuerySchema } from './records.ts';
import { isRealDate } from '../platform/common.ts';
import { contactSaveBodySchema } from './contacts.ts';
import { companySaveBodySchema } from './companies.ts';

describe('splitName (docs/product.md#validation)', () => {
  it('puts one word in the last name', () => {
    expect(splitName('Smith')).toEqual({ firstName: '', lastName: 'Smith' });
  });
  it('splits a CJK-only name after its first character, the family name', () => {
    expect(splitName('王小明')).toEqual({ firstName: '小明', lastName: '王' });
    expect(splitName('孔明')).toEqual({ firstName: '明', lastName: '孔' });
  });
  it('takes the last word as the last name otherwise', () => {
    expect(splitName('Ada Mary Lovelace')).toEqual({ firstName: 'Ada Mary', lastName: 'Lovelace' });
    expect(splitName('  Ada   Lovelace ')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitName('王 Peter')).toEqual({ firstName: '王', lastName: 'Peter' });
  });
  it('answers empty names for blank input', () => {
    expect(splitName('  ')).toEqual({ firstName: '', lastName: '' });
  });
  it('fullName is the inverse for CJK and Latin names: family name first without a space, or "first last"', () => {
    expect(fullName('小明', '王')).toBe('王小明');
    expect(fullName(...(Object.values(splitName('王小明')) as [string, string]))).toBe('王小明');
    expect(fullName('經理', '陳')).toBe('陳經理');
    expect(fullName('John', 'Smith')).toBe('John Smith');
    expect(fullName('王', 'Peter')).toBe('王 Peter');
    expect(fullName('Ada', 'Lovelace')).toBe('Ada Lovelace');
    expect(fullName('', 'Smith')).toBe('Smith');
  });
});

describe('dates', () => {
  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('2024-13-01')).toBe(false);
    expect(isRealDate('2024-1-01')).toBe(false);
  });
});

describe('list query', () => {
  it('parses advanceFilter JSON and the documented spelling decending', () => {
    const parsed = recordListQuerySchema.parse({
      orgId: '0190a0a0-0000-7000-8000-000000000000',
      advanceFilter: JSON.stringify({ noContactDays: 90, important: true }),
      decending: '0',
    });
    expect(parsed.advanceFilter).toEqual({ noContactDays: 90, important: true });
    expect(parsed.decending).toBe(false);
    expect(parsed.limit).toBe(50);
  });
  it('rejects other no-contact day counts', () => {
    expect(advanceFilterSchema.safeParse({ noContactDays: 45 }).success).toBe(false);
  });
});

describe('save bodies', () => {
  it('require first and last names of a contact', () => {
    expect(contactSaveBodySchema.safeParse({ firstName: '', lastName: 'x' }).success).toBe(false);
    expect(contactSaveBodySchema.safeParse({ firstName: '小', lastName: '明' }).success).toBe(true);
  });
  it('require otherType on a company phone of type other', () => {
    expect(companySaveBodySchema.safeParse({ name: 'A', phones: [{ value: '02-1234', type: 'other' }] }).success).toBe(false);
    expect(
      companySaveBodySchema.safeParse({ name: 'A', phones: [{ value: '02-1234', type: 'other', otherType: 'Hotline' }] }).success,
    ).toBe(true);
  });
});

describe('checkDynamicFields', () => {
  const defs = [
    { id: 'a', title: 'Region', inputType: 'text' as const, required: true, options: [] },
    { id: 'b', title: 'Renewal', inputType: 'date' as const, required: false, options: [] },
    { id: 'c', title: 'Tier', inputType: 'options' as const, required: false, options: [{ label: 'X', value: 'x' }] },
  ];
  it('enforces required fields', () => {
    expect(checkDynamicFields(defs, { a: '  ' }).problem).toEqual({ field: 'dynamicFields.a', label: 'Region', reason: 'required' });
  });
  it('checks dates and options and drops unknown keys', () => {
    expect(checkDynamicFields(defs, { a: 'v', b: '2024-02-30' }).problem?.reason).toBe('invalidDate');
    expect(checkDynamicFields(defs, { a: 'v', c: 'y' }).problem?.reason).toBe('invalidValue');
    expect(checkDynamicFields(defs, { a: 'v', c: 'x', zzz: 'q' })).toEqual({ values: { a: 'v', c: 'x' } });
  });
});

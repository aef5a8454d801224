import { describe, expect, it } from 'vitest';
import { contactSaveBodySchema, companySaveBodySchema } from '@lodestar/contract';
import { toContactBody } from './contact-form.tsx';
import { toCompanyBody } from '../../companies/components/company-form.tsx';

describe('form values → save bodies', () => {
  it('drops empty typed rows, trims, and clears optional text with null', () => {
    const body = toContactBody(
      {
        firstName: ' 孔 ',
        lastName: '明',
        nickName: '  ',
        birthday: '1990-02-28',
        company: { id: '0190b8a2-0000-7000-8000-000000000001', name: 'Formosa' },
        phones: [{ value: '0912-345-678 ', type: 'mobile' }, { type: 'home' }],
        emails: [{ value: '' }],
        socials: [{ type: 'line', account: 'kongming' }],
        addresses: [{ type: 'personal' }],
        dynamicFields: { a: ' x ', b: '', c: { value: 'call', date: '2025-01-02' } },
      },
      '0190b8a2-0000-7000-8000-0000000000aa',
    );
    expect(body).toMatchObject({
      id: '0190b8a2-0000-7000-8000-0000000000aa',
      firstName: '孔',
      nickName: null,
      companyId: '0190b8a2-0000-7000-8000-000000000001',
      phones: [{ value: '0912-345-678', type: 'mobile' }],
      emails: [],
      socials: [{ type: 'line', account: 'kongming' }],
      addresses: [],
      dynamicFields: { a: 'x', b: null, c: { value: 'call', date: '2025-01-02', dateTime: null } },
    });
    expect(contactSaveBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends otherType only for "other" company phones', () => {
    const body = toCompanyBody({
      name: 'Formosa Precision',
      otherNames: ['FP', ' '],
      tax: '',
      phones: [
        { value: '02-1234', type: 'companyPhone', otherType: 'ignored' },
        { value: '02-5678', type: 'other', otherType: 'Warehouse' },
      ],
    });
    expect(body.otherNames).toEqual(['FP']);
    expect(body.tax).toBeNull();
    expect(body.phones).toEqual([
      { value: '02-1234', type: 'companyPhone', otherType: null },
      { value: '02-5678', type: 'other', otherType: 'Warehouse' },
    ]);
    expect(companySaveBodySchema.safeParse(body).success).toBe(true);
  });
});

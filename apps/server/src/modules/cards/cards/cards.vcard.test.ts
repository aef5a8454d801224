import { describe, expect, it } from 'vitest';
import { buildVCard, vCardFileName } from './cards.vcard.ts';

const base = { company: null, title: null, phones: [], emails: [], addresses: [], urls: [], photoUrl: null, note: null };

describe('vCard 3.0', () => {
  it('files a Chinese name family name first, with types on phones', () => {
    const card = buildVCard({
      ...base,
      firstName: '小明',
      lastName: '王',
      company: '北極星科技股份有限公司',
      title: '業務經理',
      phones: [{ value: '0912-345-678', type: 'mobile' }, { value: '02-2345-6789', type: 'work' }],
      emails: ['ming@example.tw'],
      addresses: [{ value: '台北市信義區信義路五段7號', type: 'work' }],
      urls: ['https://example.tw'],
      photoUrl: 'https://crm.example/api/public/card/abc/photo',
    });
    const lines = card.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines).toContain('VERSION:3.0');
    expect(lines).toContain('N:王;小明;;;');
    expect(lines).toContain('FN:王小明');
    expect(lines).toContain('ORG:北極星科技股份有限公司');
    expect(lines).toContain('TITLE:業務經理');
    expect(lines).toContain('TEL;TYPE=CELL:0912-345-678');
    expect(lines).toContain('TEL;TYPE=WORK:02-2345-6789');
    expect(lines).toContain('EMAIL;TYPE=INTERNET:ming@example.tw');
    expect(lines).toContain('ADR;TYPE=WORK:;;台北市信義區信義路五段7號;;;;');
    expect(lines).toContain('URL:https://example.tw');
    expect(lines).toContain('PHOTO;VALUE=URI:https://crm.example/api/public/card/abc/photo');
    expect(card.endsWith('END:VCARD\r\n')).toBe(true);
    expect(vCardFileName('小明', '王')).toBe('王小明.vcf');
  });

  it('writes an English name first-last and escapes separators', () => {
    const card = buildVCard({ ...base, firstName: 'John', lastName: 'Smith', company: 'Acme, Inc.; Taipei', note: 'line1\nline2' });
    expect(card).toContain('N:Smith;John;;;\r\n');
    expect(card).toContain('FN:John Smith\r\n');
    expect(card).toContain('ORG:Acme\\, Inc.\\; Taipei\r\n');
    expect(card).toContain('NOTE:line1\\nline2\r\n');
    expect(vCardFileName('John', 'Smith')).toBe('John Smith.vcf');
  });

  it('writes a contact with its id, nickname, birthday and several emails and addresses', () => {
    const card = buildVCard({
      ...base,
      uid: 'c0ffee00-0000-4000-8000-000000000001',
      firstName: '美玲',
      lastName: '陳',
      nickname: 'Mei',
      birthday: '1990-04-01',
      phones: [{ value: '02-1234-5678', type: 'companyPhone' }],
      emails: ['a@example.tw', 'b@example.tw'],
      addresses: [{ value: '台中市', type: 'home' }],
    });
    const lines = card.split('\r\n');
    expect(lines.slice(0, 4)).toEqual(['BEGIN:VCARD', 'VERSION:3.0', 'UID:c0ffee00-0000-4000-8000-000000000001', 'N:陳;美玲;;;']);
    expect(lines).toEqual(expect.arrayContaining(['FN:陳美玲', 'NICKNAME:Mei', 'BDAY:1990-04-01', 'TEL;TYPE=WORK:02-1234-5678', 'EMAIL;TYPE=INTERNET:a@example.tw', 'EMAIL;TYPE=INTERNET:b@example.tw', 'ADR;TYPE=HOME:;;台中市;;;;']));
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldHanVariants } from './han-variants.ts';
import { companyNameKey, emailKey, personNameKey, phoneKey, taxIdKey } from './match-keys.ts';

const digit = fc.constantFrom(...'0123456789'.split(''));
/** A Taiwan mobile's eight digits after 09. */
const mobileTail = fc.array(digit, { minLength: 8, maxLength: 8 }).map((d) => d.join(''));
const toFullWidth = (s: string) => s.replace(/[0-9A-Za-z+]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

describe('phoneKey', () => {
  it('maps a Taiwan mobile in any written form to one E.164 key', () => {
    fc.assert(
      fc.property(mobileTail, fc.constantFrom('', ' ', '-', '.'), (tail, sep) => {
        const [a, b, c] = [tail.slice(0, 1), tail.slice(1, 4), tail.slice(4)];
        const forms = [
          `09${tail}`,
          `09${a}${sep}${b}${sep}${c}`,
          `+886 9${a}${sep}${b}${sep}${c}`,
          `+886-9${tail}`,
          `886 9${tail}`,
          `8869${tail}`,
          `(09${a})${b}${c}`,
          `00886 9${tail}`,
          toFullWidth(`09${tail}`),
        ];
        const keys = new Set(forms.map(phoneKey));
        expect([...keys]).toEqual([`+8869${tail}`]);
      }),
    );
  });

  it('maps a Taipei landline with or without its area code prefix and extension to one key', () => {
    expect(phoneKey('02-2345-6789')).toBe('+886223456789');
    expect(phoneKey('(02) 2345 6789 #123')).toBe('+886223456789');
    expect(phoneKey('+886 2 2345 6789')).toBe('+886223456789');
  });

  it('keeps foreign numbers in their own country and answers null for nothing usable', () => {
    expect(phoneKey('+1 650 253 0000')).toBe('+16502530000');
    expect(phoneKey('')).toBeNull();
    expect(phoneKey('abc')).toBeNull();
  });

  it('is stable: the key of a key is the key', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (value) => {
        const key = phoneKey(value);
        if (key?.startsWith('+')) expect(phoneKey(key)).toBe(key);
      }),
    );
  });
});

describe('emailKey', () => {
  const local = fc.stringMatching(/^[a-z][a-z0-9]{1,10}$/);
  it('ignores case and surrounding spaces', () => {
    fc.assert(
      fc.property(local, fc.constantFrom('example.com', 'hinet.net', 'gmail.com'), (name, domain) => {
        const upper = ` ${name.toUpperCase()}@${domain.toUpperCase()} `;
        expect(emailKey(upper)).toBe(`${name}@${domain}`);
      }),
    );
  });

  it('folds Gmail dots and +tags only when asked, and only for Gmail', () => {
    fc.assert(
      fc.property(local, fc.nat({ max: 5 }), local, (name, dotAt, tag) => {
        const dotted = `${name.slice(0, dotAt)}.${name.slice(dotAt)}+${tag}`.replace(/^\./, '');
        expect(emailKey(`${dotted}@googlemail.com`, { gmailFolding: true })).toBe(`${name}@gmail.com`);
        expect(emailKey(`${dotted}@gmail.com`)).toBe(`${dotted}@gmail.com`);
        expect(emailKey(`${dotted}@example.com`, { gmailFolding: true })).toBe(`${dotted}@example.com`);
      }),
    );
  });

  it('answers null without a local part or a domain', () => {
    expect(emailKey('@example.com')).toBeNull();
    expect(emailKey('someone@')).toBeNull();
  });
});

describe('taxIdKey', () => {
  it('folds full-width digits and spaces, and refuses anything but eight digits', () => {
    expect(taxIdKey('２２０９９１３１')).toBe('22099131');
    expect(taxIdKey('2209 9131')).toBe('22099131');
    expect(taxIdKey('2209913')).toBeNull();
  });
});

describe('personNameKey', () => {
  const hanName = fc.array(fc.constantFrom(...'陳陈張张林黃黄大文小明美玲偉伟國国華华'.split('')), { minLength: 2, maxLength: 4 }).map((c) => c.join(''));
  it('folds simplified and traditional forms, spaces and full-width letters to one key', () => {
    expect(personNameKey('陈 大文')).toBe(personNameKey('陳大文'));
    expect(personNameKey('ＣＨＥＮ　Ｄａ-Ｗｅｎ')).toBe(personNameKey('chen da wen'));
    fc.assert(
      fc.property(hanName, (name) => {
        expect(personNameKey(name)).toBe(personNameKey(foldHanVariants(name)));
        expect(personNameKey(name.split('').join(' '))).toBe(personNameKey(name));
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (value) => {
        const key = personNameKey(value);
        if (key !== null) expect(personNameKey(key)).toBe(key);
      }),
    );
  });
});

describe('companyNameKey', () => {
  const base = fc.constantFrom('台積電', '臺灣大哥大', '宏碁', 'Acme', '聯發科技', '統一超商');
  const suffix = fc.constantFrom('股份有限公司', '有限公司', ' Co., Ltd.', ' Inc.', ' Ltd', ' Corporation', '');
  it('drops the legal suffix: every legal form of one name is one key', () => {
    fc.assert(
      fc.property(base, suffix, (name, legal) => {
        expect(companyNameKey(`${name}${legal}`)).toBe(companyNameKey(name));
      }),
    );
  });

  it('keeps a branch apart from its head office', () => {
    expect(companyNameKey('台積電股份有限公司新竹分公司')).toBe('台積電新竹分公司');
    expect(companyNameKey('台積電新竹分公司')).toBe('台積電新竹分公司');
    expect(companyNameKey('台積電股份有限公司')).not.toBe(companyNameKey('台積電股份有限公司新竹分公司'));
  });

  it('folds 臺/台 and simplified forms', () => {
    expect(companyNameKey('臺灣電力股份有限公司')).toBe(companyNameKey('台湾电力有限公司'));
  });
});

describe('foldHanVariants', () => {
  it('is idempotent over any text (no character folds to one that folds again)', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...'陈陳张張发發体體台臺湾灣国國华華电電制製后後'.split('')), maxLength: 10 }), (text) => {
      expect(foldHanVariants(foldHanVariants(text))).toBe(foldHanVariants(text));
    }));
  });
});

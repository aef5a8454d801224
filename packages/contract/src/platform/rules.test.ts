import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting.ts';
import { isStrongPassword } from '../access/password.ts';
import { resolveLocale } from './locale.ts';
import { formatErrorMessage, errorCodes, errorMessages, errorStatus } from './errors.ts';
import { locales } from './locale.ts';

describe('greetingFor', () => {
  it('follows the documented boundaries', () => {
    expect(greetingFor(5, 29)).toBe('evening');
    expect(greetingFor(5, 30)).toBe('morning');
    expect(greetingFor(11, 29)).toBe('morning');
    expect(greetingFor(11, 30)).toBe('afternoon');
    expect(greetingFor(17, 29)).toBe('afternoon');
    expect(greetingFor(17, 30)).toBe('evening');
    expect(greetingFor(0, 0)).toBe('evening');
  });
});

describe('isStrongPassword', () => {
  it('needs 8 characters and two character classes', () => {
    expect(isStrongPassword('abc123')).toBe(false);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
    expect(isStrongPassword('lodestar-2026')).toBe(true);
    expect(isStrongPassword('abc!defg')).toBe(true);
  });
  it('rejects common passwords whatever their case', () => {
    expect(isStrongPassword('Password123')).toBe(false);
    expect(isStrongPassword('ABCD1234')).toBe(false);
  });
});

describe('resolveLocale', () => {
  it('defaults to zh-TW and understands common spellings', () => {
    expect(resolveLocale(undefined)).toBe('zh-TW');
    expect(resolveLocale('fr-FR')).toBe('zh-TW');
    expect(resolveLocale('en')).toBe('en-US');
    expect(resolveLocale('zh-cn')).toBe('zh-CN');
    expect(resolveLocale('zh-Hans-CN,en;q=0.5')).toBe('zh-CN');
    expect(resolveLocale('fr;q=1, en-GB;q=0.8, zh-CN;q=0.7')).toBe('en-US');
  });
});

describe('errors', () => {
  it('has a status and a message in every locale for every code', () => {
    for (const code of errorCodes) {
      expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
      for (const locale of locales) expect(errorMessages[locale][code]).toBeTruthy();
    }
  });
  it('fills parameters', () => {
    expect(formatErrorMessage('en-US', 'AUTH_TOO_MANY_ATTEMPTS', { seconds: 30 })).toContain('30 seconds');
  });
});

describe('privileges', () => {
  it('describes the built-in privilege sets with the answer schema', async () => {
    const { fullPrivilegeFeatures, memberPrivilegeFeatures, myPrivilegesSchema } = await import('../access/privileges.ts');
    for (const features of [fullPrivilegeFeatures(), memberPrivilegeFeatures()]) {
      expect(myPrivilegesSchema.parse({ isSystemAdministrator: false, isTopAdministrator: false, features }).features).toEqual(features);
    }
    expect(memberPrivilegeFeatures().contact.scope).toBe('mine');
    expect(fullPrivilegeFeatures().contactTag.methods).toEqual(['create', 'edit', 'delete']);
  });
});

describe('featureMethods', () => {
  it('gives tag features create/edit/delete and the others every method; the built-in sets stay within them', async () => {
    const { featureMethods, features, fullPrivilegeFeatures, memberPrivilegeFeatures, methods } = await import('../access/privileges.ts');
    expect(featureMethods('companyTag')).toEqual(['create', 'edit', 'delete']);
    expect(featureMethods('opportunity')).toEqual(methods);
    for (const set of [fullPrivilegeFeatures(), memberPrivilegeFeatures()]) {
      for (const feature of features) expect(set[feature].methods.every((m) => featureMethods(feature).includes(m))).toBe(true);
    }
  });
});

describe('fieldTitle', () => {
  it('names a field by the title the user sees, never by an internal id', async () => {
    const { fieldTitle } = await import('./field-titles.ts');
    expect(fieldTitle('zh-TW', 'dynamicFields.b92b2e3b-0000-4000-8000-000000000000', '地區')).toBe('地區');
    expect(fieldTitle('zh-TW', 'dynamicFields.b92b2e3b-0000-4000-8000-000000000000')).toBe('自訂欄位');
    expect(fieldTitle('en-US', 'phones.0.otherType')).toBe('Phone type');
    expect(fieldTitle('en-US', 'tax')).toBe('Tax ID');
    expect(fieldTitle('en-US', 'items.b92b2e3b-0000-4000-8000-000000000000')).toBe('items');
  });
});

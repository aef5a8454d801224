import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildResources, initI18n, loadCatalogs, loadRestOfCatalogs, pendingCatalogs } from './i18n.ts';

const namespaces = (files: Record<string, unknown>) => Object.keys(buildResources(files as never)['en-US']).sort();

describe('catalogs in two parts (a sign-in page starts with its own)', () => {
  it('splits one language into the sign-in namespaces and the rest', async () => {
    const [all, start, rest] = await Promise.all([loadCatalogs('en-US'), loadCatalogs('en-US', 'start'), loadCatalogs('en-US', 'rest')]);
    expect(namespaces(start)).toEqual(['auth', 'common']);
    expect(namespaces(rest)).not.toContain('common');
    expect(namespaces({ ...start, ...rest })).toEqual(namespaces(all));
    expect(Object.keys(all).every((path) => path.endsWith('/en-US.json'))).toBe(true);
  });

  it('other pages wait until the rest is loaded, then every namespace translates', async () => {
    initI18n(await loadCatalogs('en-US', 'start'), 'en-US');
    expect(pendingCatalogs()).toBeNull();
    expect(i18next.exists('deals:form.newProduct')).toBe(false);
    const loading = loadRestOfCatalogs('en-US');
    expect(pendingCatalogs()).toBe(loading);
    await loading;
    expect(pendingCatalogs()).toBeNull();
    expect(i18next.t('deals:form.newProduct')).toBe('Create a product');
    expect(i18next.t('auth:login.submit')).not.toBe('login.submit');
  });
});

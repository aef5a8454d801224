import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildResources, initI18n, loadCatalogs, loadRestOfCatalogs, pendingCatalogs } from './i18n.ts';

const namespaces = (files: Record<string, unknown>) => Object.keys(buildResources(files as never)['en-US']).sort();

describe('catalogs in parts (a sign-in page or a start page starts with its own)', () => {
  it('splits one language into the sign-in namespaces, the start pages’ parts and the rest', async () => {
    const [all, start, records, rest] = await Promise.all([loadCatalogs('en-US'), loadCatalogs('en-US', ['start']), loadCatalogs('en-US', ['records']), loadCatalogs('en-US', ['rest'])]);
    expect(namespaces(start)).toEqual(['auth', 'common']);
    expect(namespaces(records)).toEqual(['contacts', 'members', 'roles', 'tags']);
    expect(namespaces(rest)).not.toContain('common');
    expect(namespaces(rest)).not.toContain('contacts');
    expect(Object.keys(all).every((path) => path.endsWith('/en-US.json'))).toBe(true);
  });

  it('a page needing more waits until its parts are in, then every namespace translates', async () => {
    initI18n(await loadCatalogs('en-US', ['start', 'records']), 'en-US', ['start', 'records']);
    expect(pendingCatalogs(['start', 'records'], 'en-US')).toBeNull();
    expect(i18next.t('contacts:listTitle')).not.toBe('listTitle');
    expect(i18next.exists('deals:form.newProduct')).toBe(false);
    const waiting = pendingCatalogs('all', 'en-US');
    expect(waiting).not.toBeNull();
    expect(pendingCatalogs('all', 'en-US')).toBe(waiting);
    await loadRestOfCatalogs('en-US');
    expect(pendingCatalogs('all', 'en-US')).toBeNull();
    expect(i18next.t('deals:form.newProduct')).toBe('Create a product');
    expect(i18next.t('auth:login.submit')).not.toBe('login.submit');
  });
});

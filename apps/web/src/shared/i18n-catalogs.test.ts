import { describe, expect, it } from 'vitest';
import { locales } from '@lodestar/contract';
import { buildResources, loadCatalogs } from './i18n.ts';

describe('the catalogs each language loads in two chunks (shared/i18n/catalogs/)', () => {
  it('every namespace, common included, once: the sign-in part holds common and auth, the rest the others', async () => {
    for (const locale of locales) {
      const start = Object.keys(buildResources(await loadCatalogs(locale, 'start'))[locale]).sort();
      const all = buildResources(await loadCatalogs(locale, 'all'))[locale];
      expect(start).toEqual(['auth', 'common']);
      expect(Object.keys(all)).toEqual(expect.arrayContaining(['common', 'auth', 'contacts', 'deals', 'schedules']));
      expect(Object.keys(all).length).toBeGreaterThan(20);
      expect(all.common).toBeTruthy();
    }
  });
});

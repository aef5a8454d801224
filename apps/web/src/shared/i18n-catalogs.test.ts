import { describe, expect, it } from 'vitest';
import { locales } from '@lodestar/contract';
import { buildResources, loadCatalogs } from './i18n.ts';
import { catalogPartOf, catalogParts, type CatalogPart } from './i18n/catalog-parts.ts';

const parts: CatalogPart[] = [...(Object.keys(catalogParts) as CatalogPart[]), 'rest'];

describe('the catalogs each language loads in parts (shared/i18n/catalogs/, shared/i18n/catalog-parts.ts)', () => {
  it('every namespace, common included, in exactly the part catalog-parts.ts names', async () => {
    for (const locale of locales) {
      const all = buildResources(await loadCatalogs(locale, 'all'))[locale];
      expect(Object.keys(all)).toEqual(expect.arrayContaining(['common', 'auth', 'contacts', 'deals', 'schedules']));
      expect(Object.keys(all).length).toBeGreaterThan(20);
      const seen: string[] = [];
      for (const part of parts) {
        const namespaces = Object.keys(buildResources(await loadCatalogs(locale, [part]))[locale]).sort();
        if (part !== 'rest') expect(namespaces).toEqual([...catalogParts[part]].sort());
        for (const namespace of namespaces) expect(catalogPartOf(namespace)).toBe(part);
        seen.push(...namespaces);
      }
      expect(seen.sort()).toEqual(Object.keys(all).sort());
    }
  });
});

import { describe, expect, it } from 'vitest';
import { companyRegistryQuerySchema, rocDateToIso } from './company-registry.ts';

describe('company registry', () => {
  it('reads the registry ROC dates', () => {
    expect(rocDateToIso('0760221')).toBe('1987-02-21');
    expect(rocDateToIso('1150618')).toBe('2026-06-18');
    expect(rocDateToIso('       ')).toBeNull();
    expect(rocDateToIso('')).toBeNull();
    expect(rocDateToIso(undefined)).toBeNull();
    expect(rocDateToIso('1150230')).toBeNull();
  });

  it('asks only for a checksum-valid 統編', () => {
    const orgId = '00000000-0000-4000-8000-000000000000';
    expect(companyRegistryQuerySchema.safeParse({ orgId, taxId: '22099131' }).success).toBe(true);
    const bad = companyRegistryQuerySchema.safeParse({ orgId, taxId: '22099132' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['taxId', 'invalidTaxId']]);
  });
});

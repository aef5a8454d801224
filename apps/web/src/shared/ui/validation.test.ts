import { describe, expect, it } from 'vitest';
import { companySaveBodySchema } from '@lodestar/contract';
import { contractRule } from './validation.ts';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const check = (schema: Parameters<typeof contractRule>[0], value: unknown) => ((contractRule(schema) as { validator: Validator }).validator)({}, value);

describe('contractRule', () => {
  it('refuses what the server refuses, with the contract reason', async () => {
    await expect(check(companySaveBodySchema.shape.tax, '12345678')).rejects.toThrow(/統一編號不正確|Invalid tax ID/);
    await expect(check(companySaveBodySchema.shape.tax, 'ABC-1234')).rejects.toThrow();
    await expect(check(companySaveBodySchema.shape.url, 'not a url')).rejects.toThrow(/網址|web address/);
    await expect(check(companySaveBodySchema.shape.email, 'nobody')).rejects.toThrow(/電子郵件|email/);
  });
  it('lets valid and empty values through', async () => {
    await expect(check(companySaveBodySchema.shape.tax, '04595252')).resolves.toBeUndefined();
    await expect(check(companySaveBodySchema.shape.url, 'example.com')).resolves.toBeUndefined();
    await expect(check(companySaveBodySchema.shape.tax, '')).resolves.toBeUndefined();
  });
});

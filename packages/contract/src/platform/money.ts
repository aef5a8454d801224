import { z } from 'zod';
import { centsToMoney, moneyPattern, moneyToCents } from './money.rules.ts';

export * from './money.rules.ts';

/** Accepts "12.5" or 12.5 (a number is read through its shortest decimal text); answers "12.50" (money.rules.ts). */
export const moneySchema = z
  .preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), z.string().trim().regex(moneyPattern, { message: 'invalidValue' }))
  .transform((v) => centsToMoney(moneyToCents(v)));

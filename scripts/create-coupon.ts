/**
 * Creates a coupon code (docs/decisions/0010), until an administrator screen exists:
 *
 *   npm run billing:coupon -- --code WELCOME20 --kind percent --value 20 [--valid-from 2027-01-01T00:00:00+08:00]
 *                             [--valid-until 2027-02-01T00:00:00+08:00] [--max-redemptions 100]
 *
 * kind: percent (1-100 % off the next charge), amount (TWD off the next charge) or freeMonths (months added to
 * the paid period). Uses DATABASE_URL, else the embedded database under DATA_DIR (stop the server first: it holds
 * that directory's lock).
 */
import { parseArgs } from 'node:util';
import { couponCreateSchema } from '@lodestar/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createCoupon } from '../apps/server/src/modules/billing/coupons/coupons.service.ts';

const { values } = parseArgs({
  options: {
    code: { type: 'string' },
    kind: { type: 'string' },
    value: { type: 'string' },
    'valid-from': { type: 'string' },
    'valid-until': { type: 'string' },
    'max-redemptions': { type: 'string' },
  },
});

const parsed = couponCreateSchema.safeParse({
  code: values.code,
  kind: values.kind,
  value: values.value === undefined ? undefined : Number(values.value),
  validFrom: values['valid-from'] ?? null,
  validUntil: values['valid-until'] ?? null,
  maxRedemptions: values['max-redemptions'] === undefined ? null : Number(values['max-redemptions']),
});
if (!parsed.success) {
  console.error(`Cannot create the coupon:\n${parsed.error.issues.map((issue) => `  --${issue.path.join('.')}: ${issue.message}`).join('\n')}`);
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
try {
  await database.migrate();
  const coupon = await createCoupon(database.db, parsed.data);
  console.log(`Coupon ${coupon.code} created: ${coupon.kind} ${coupon.value}${coupon.maxRedemptions ? `, at most ${coupon.maxRedemptions} workspaces` : ''}.`);
} catch (error) {
  console.error('Cannot create the coupon:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}

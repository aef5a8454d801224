import { loadConfig } from '../../../server/src/config.ts';
import { openDatabase } from '../../../server/src/db/client.ts';
import { billingCoupons } from '../../../server/src/modules/billing/coupons/coupons.table.ts';

/** The coupon the billing journey redeems: 20 % off the next charge, no redemption limit (redeemed once per workspace). */
export const journeyCoupon = { code: 'JOURNEY20', kind: 'percent', value: 20 } as const;

/**
 * What an operator would have set up before the journeys: the coupon, as `npm run billing:coupon` creates it
 * (docs/decisions/0010). Runs before the server opens the database; on PostgreSQL the database outlives a
 * run, so an existing code is kept.
 */
export async function seedJourneyData(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await database.migrate();
    await database.db.insert(billingCoupons).values({ ...journeyCoupon, maxRedemptions: null }).onConflictDoNothing();
  } finally {
    await database.close();
  }
}

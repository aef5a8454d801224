import type { Db } from '../../../db/client.ts';

/** A deal that has just become won (stage 1000), inside the transaction that closed it. */
export interface DealWon {
  orgId: string;
  dealId: string;
  name: string;
  ownerUserId: string | null;
  clientId: string | null;
  companyId: string | null;
  /** The close date (YYYY-MM-DD). */
  completedDate: string;
  actorUserId: string;
}

export type DealWonListener = (tx: Db, deal: DealWon) => Promise<void>;

/**
 * Listeners of deals closed won, keyed so that registering again replaces. They run inside the closing
 * transaction, so what they write commits or rolls back with the close. The calendar's automation registers
 * its follow-up here from the composition root (apps/server/src/wiring.ts): deals never import calendar.
 */
const listeners = new Map<string, DealWonListener>();

export function onDealWon(key: string, listener: DealWonListener): void {
  listeners.set(key, listener);
}

export async function dealWon(tx: Db, deal: DealWon): Promise<void> {
  for (const listener of listeners.values()) await listener(tx, deal);
}

import { randomBytes } from 'node:crypto';
import type { BillingCatalog } from '@lodestar/contract';
import type { PaymentOutcome, PaymentProvider, SavedCard, TradeRecord } from './payment-provider.ts';

/**
 * The zero-setup sandbox (docs/decisions/0010): published test card numbers, nothing is charged, the UI says
 * "test mode". 4242… and 5555… are approved; 4000 0000 0000 0341 is approved once and its renewals are
 * declined (to walk the dunning path); every other number is declined. No number is stored: the saved card is
 * a sandbox reference carrying the outcome.
 */
export const sandboxTestCards: BillingCatalog['testCards'] = [
  { number: '4242 4242 4242 4242', brand: 'VISA', outcome: 'approved' },
  { number: '5555 5555 5555 4444', brand: 'MASTERCARD', outcome: 'approved' },
  { number: '4000 0000 0000 0341', brand: 'VISA', outcome: 'renewalsDeclined' },
  { number: '4000 0000 0000 0002', brand: 'VISA', outcome: 'declined' },
];

const approved = new Set(['4242424242424242', '5555555555554444']);
const approvedOnceThenDeclined = '4000000000000341';

const newId = (prefix: string) => `${prefix}${randomBytes(8).toString('hex')}`;

export function createSandboxProvider(): PaymentProvider {
  // Trades answered in this process; a restart loses them, which the sandbox can afford (nothing was charged).
  const trades = new Map<string, TradeRecord>();
  const record = (orderNumber: string, amount: number, status: TradeRecord['status']): string => {
    const tradeId = newId('SBX');
    trades.set(tradeId, { tradeId, orderNumber, amount, status });
    return tradeId;
  };
  const decline = (orderNumber: string, amount: number): PaymentOutcome => ({
    status: 'declined',
    tradeId: record(orderNumber, amount, 'failed'),
    code: 'card_declined',
    message: 'Card declined (sandbox test card)',
  });

  return {
    name: 'sandbox',
    async payWithNewCard(payment) {
      if (payment.source.kind !== 'sandboxCard') return decline(payment.orderNumber, payment.amount);
      const number = payment.source.number.replace(/\s+/g, '');
      const renewals = approved.has(number) ? 'approve' : number === approvedOnceThenDeclined ? 'decline' : undefined;
      if (!renewals) return decline(payment.orderNumber, payment.amount);
      const card: SavedCard = {
        cardKey: newId('sbxkey_'),
        cardToken: `sandbox:${renewals}`,
        brand: number.startsWith('5') ? 'MASTERCARD' : 'VISA',
        last4: number.slice(-4),
      };
      return { status: 'paid', tradeId: record(payment.orderNumber, payment.amount, 'paid'), card };
    },
    async payWithSavedCard(card, payment) {
      if (card.cardToken !== 'sandbox:approve') return decline(payment.orderNumber, payment.amount);
      return { status: 'paid', tradeId: record(payment.orderNumber, payment.amount, 'paid'), card: null };
    },
    async findTrade(query) {
      if ('tradeId' in query) return trades.get(query.tradeId);
      return [...trades.values()].find((trade) => trade.orderNumber === query.orderNumber);
    },
  };
}

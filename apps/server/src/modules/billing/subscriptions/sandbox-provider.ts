import { randomBytes } from 'node:crypto';
import type { BillingCatalog } from '@lodestar/contract';
import type { PaymentOutcome, PaymentProvider, SavedCard, TradeRecord } from './payment-provider.ts';

/**
 * The zero-setup sandbox (docs/decisions/0010): published test card numbers, nothing is charged, the UI says
 * "test mode". 4242… and 5555… are approved; 4000 0000 0000 3220 asks for 3-D Secure first (our own test-mode
 * verification page stands in for the bank, then the same notify and record query as TapPay's settle it);
 * 4000 0000 0000 0341 is approved once and its renewals are declined (to walk the dunning path); every other
 * number is declined. No number is stored: the saved card is a sandbox reference carrying the outcome.
 */
export const sandboxTestCards: BillingCatalog['testCards'] = [
  { number: '4242 4242 4242 4242', brand: 'VISA', outcome: 'approved' },
  { number: '5555 5555 5555 4444', brand: 'MASTERCARD', outcome: 'approved' },
  { number: '4000 0000 0000 3220', brand: 'VISA', outcome: 'threeDomainSecure' },
  { number: '4000 0000 0000 0341', brand: 'VISA', outcome: 'renewalsDeclined' },
  { number: '4000 0000 0000 0002', brand: 'VISA', outcome: 'declined' },
];

const approved = new Set(['4242424242424242', '5555555555554444']);
const threeDomainSecure = '4000000000003220';
const approvedOnceThenDeclined = '4000000000000341';

const newId = (prefix: string, bytes = 8) => `${prefix}${randomBytes(bytes).toString('hex')}`;

interface SandboxTrade extends TradeRecord {
  /** 3-D Secure: where the "bank" sends the browser and the notify once the cardholder answered. */
  resultUrls?: { frontendRedirectUrl: string; backendNotifyUrl: string };
}

/** The sandbox's stand-in for the bank's 3-D Secure page (GET/POST /api/billing/sandbox/verification/:tradeId). */
export interface SandboxVerification {
  find(tradeId: string): SandboxTrade | undefined;
  /** The cardholder approved or failed: the trade is settled; answers TapPay-style redirect and notify. */
  complete(tradeId: string, approve: boolean): { redirectUrl: string; notifyUrl: string; notifyBody: Record<string, unknown> } | undefined;
}

export interface SandboxProvider extends PaymentProvider {
  name: 'sandbox';
  verification: SandboxVerification;
}

export const isSandboxProvider = (provider: PaymentProvider): provider is SandboxProvider => provider.name === 'sandbox' && 'verification' in provider;

/** The outcome a sandbox card number stands for, or undefined when it is declined. */
function sandboxCardOf(rawNumber: string): { card: SavedCard; threeDomainSecure: boolean } | undefined {
  const number = rawNumber.replace(/\s+/g, '');
  const renewals = approved.has(number) || number === threeDomainSecure ? 'approve' : number === approvedOnceThenDeclined ? 'decline' : undefined;
  if (!renewals) return undefined;
  return {
    card: { cardKey: newId('sbxkey_'), cardToken: `sandbox:${renewals}`, brand: number.startsWith('5') ? 'MASTERCARD' : 'VISA', last4: number.slice(-4) },
    threeDomainSecure: number === threeDomainSecure,
  };
}

export function createSandboxProvider(publicUrl: string): SandboxProvider {
  // Trades answered in this process; a restart loses them, which the sandbox can afford (nothing was charged).
  const trades = new Map<string, SandboxTrade>();
  const record = (orderNumber: string, amount: number, status: TradeRecord['status'], extra: Partial<SandboxTrade> = {}): string => {
    // Long enough to be unguessable: the verification page is reached by this id alone, as a bank's page would be.
    const tradeId = newId('SBX', 16);
    trades.set(tradeId, { tradeId, orderNumber, amount, status, ...extra });
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
      const found = payment.source.kind === 'sandboxCard' ? sandboxCardOf(payment.source.number) : undefined;
      if (!found) return decline(payment.orderNumber, payment.amount);
      if (found.threeDomainSecure) {
        const tradeId = record(payment.orderNumber, payment.amount, 'pending', { resultUrls: payment.resultUrls });
        return { status: 'pending', tradeId, paymentUrl: `${publicUrl}/subscription/verify?trade=${tradeId}`, card: found.card };
      }
      return { status: 'paid', tradeId: record(payment.orderNumber, payment.amount, 'paid'), card: found.card };
    },
    async payWithSavedCard(card, payment) {
      if (card.cardToken !== 'sandbox:approve') return decline(payment.orderNumber, payment.amount);
      return { status: 'paid', tradeId: record(payment.orderNumber, payment.amount, 'paid'), card: null };
    },
    async bindCard(source) {
      const found = source.kind === 'sandboxCard' ? sandboxCardOf(source.number) : undefined;
      if (!found) return { status: 'declined', code: 'card_declined', message: 'Card declined (sandbox test card)' };
      return { status: 'bound', card: found.card };
    },
    async findTrade(query) {
      if ('tradeId' in query) return trades.get(query.tradeId);
      return [...trades.values()].find((trade) => trade.orderNumber === query.orderNumber);
    },
    verification: {
      find: (tradeId) => trades.get(tradeId),
      complete(tradeId, approve) {
        const trade = trades.get(tradeId);
        if (!trade?.resultUrls || trade.status !== 'pending') return undefined;
        trade.status = approve ? 'paid' : 'failed';
        const status = approve ? 0 : 10003;
        const query = new URLSearchParams({ rec_trade_id: trade.tradeId, order_number: trade.orderNumber, status: String(status) });
        const redirect = trade.resultUrls.frontendRedirectUrl;
        return {
          redirectUrl: `${redirect}${redirect.includes('?') ? '&' : '?'}${query}`,
          notifyUrl: trade.resultUrls.backendNotifyUrl,
          notifyBody: { rec_trade_id: trade.tradeId, order_number: trade.orderNumber, amount: trade.amount, status, msg: approve ? 'Success' : 'Authentication failed' },
        };
      },
    },
  };
}

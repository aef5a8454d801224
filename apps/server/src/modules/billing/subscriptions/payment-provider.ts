import type { PaymentProviderName, PaymentSource } from '@lodestar/contract';

/**
 * What billing needs from a card gateway (docs/decisions/0010). Two implementations: the sandbox (test cards,
 * nothing charged) and TapPay. The gateway keeps the card; we keep only its reference (card key and token,
 * encrypted at rest) and the brand and last four digits for the receipt.
 */
export interface SavedCard {
  cardKey: string;
  cardToken: string;
  brand: string;
  last4: string;
}

export interface PaymentRequest {
  amount: number;
  currency: string;
  /** Ours, unique per attempt; the gateway's order_number (also how a lost answer is found again). */
  orderNumber: string;
  details: string;
}

export type PaymentOutcome =
  | { status: 'paid'; tradeId: string; card: SavedCard | null }
  /** 3-D Secure: the cardholder must confirm at paymentUrl; the notify (or a record query) settles it. */
  | { status: 'pending'; tradeId: string; paymentUrl: string; card: SavedCard | null }
  | { status: 'declined'; tradeId: string | null; code: string; message: string };

/** A transaction as the gateway records it (the authority when a notify or an answer is doubtful). */
export interface TradeRecord {
  tradeId: string;
  orderNumber: string;
  amount: number;
  status: 'paid' | 'pending' | 'failed';
}

export interface NewCardPayment extends PaymentRequest {
  source: Exclude<PaymentSource, { kind: 'savedCard' }>;
  cardholder: { name: string; email: string; phone: string };
  /** Where the gateway sends the browser and its notify after 3-D Secure. */
  resultUrls: { frontendRedirectUrl: string; backendNotifyUrl: string };
}

/** Saving a card without a payment (the administrator changes the card on file). */
export type BindOutcome = { status: 'bound'; card: SavedCard } | { status: 'declined'; code: string; message: string };

export interface PaymentProvider {
  name: PaymentProviderName;
  /** First payment with a new card; the card is remembered. */
  payWithNewCard(payment: NewCardPayment): Promise<PaymentOutcome>;
  /** Renewals and retries with the remembered card (no cardholder present, no 3-D Secure). */
  payWithSavedCard(card: SavedCard, payment: PaymentRequest): Promise<PaymentOutcome>;
  /** Saves a new card for later charges without charging it (TapPay: bind card). */
  bindCard(source: NewCardPayment['source'], cardholder: NewCardPayment['cardholder']): Promise<BindOutcome>;
  /** The gateway's record of a transaction, by its id or by our order number; undefined when it has none. */
  findTrade(query: { tradeId: string } | { orderNumber: string }): Promise<TradeRecord | undefined>;
}

/** The gateway did not answer (network, 5xx): whether it charged is unknown until findTrade says. */
export class ProviderUnavailableError extends Error {}

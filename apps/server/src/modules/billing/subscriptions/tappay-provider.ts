import type { BillingConfig } from '../../../config.ts';
import { ProviderUnavailableError, type PaymentOutcome, type PaymentProvider, type SavedCard, type TradeRecord } from './payment-provider.ts';

/**
 * TapPay Backend API (docs/decisions/0010): pay-by-prime with `remember: true` for the first payment (the browser
 * made the prime with TapPay Fields, so no card number reaches us), pay-by-token with the remembered
 * card_key/card_token for renewals, bind card to change the saved card without a payment, and the record query to confirm a 3-D Secure result or find a lost answer.
 * Every call is a JSON POST with the partner key in `x-api-key` and in the body; `status` 0 means success.
 */
type Json = Record<string, unknown>;

interface TapPayCardInfo {
  last_four?: string;
  /** 1 VISA, 2 MasterCard, 3 JCB, 4 Union Pay, 5 AMEX. */
  type?: number;
}

const brands: Record<number, string> = { 1: 'VISA', 2: 'MASTERCARD', 3: 'JCB', 4: 'UNIONPAY', 5: 'AMEX' };
const timeoutMs = 30_000;

export function createTapPayProvider(config: BillingConfig['tappay']): PaymentProvider {
  async function post(path: string, body: Json): Promise<Json> {
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': config.partnerKey },
        body: JSON.stringify({ partner_key: config.partnerKey, ...body }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`TapPay ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!response.ok) throw new ProviderUnavailableError(`TapPay ${path}: HTTP ${response.status}`);
    return (await response.json()) as Json;
  }

  function savedCard(answer: Json): SavedCard | null {
    const secret = answer.card_secret as { card_key?: string; card_token?: string } | undefined;
    if (!secret?.card_key || !secret.card_token) return null;
    const info = (answer.card_info ?? {}) as TapPayCardInfo;
    return { cardKey: secret.card_key, cardToken: secret.card_token, brand: brands[info.type ?? 0] ?? 'CARD', last4: info.last_four ?? '' };
  }

  function outcome(answer: Json, card: SavedCard | null): PaymentOutcome {
    const tradeId = typeof answer.rec_trade_id === 'string' && answer.rec_trade_id ? answer.rec_trade_id : null;
    if (answer.status !== 0 || !tradeId) {
      return { status: 'declined', tradeId, code: String(answer.status), message: String(answer.msg ?? 'declined') };
    }
    if (typeof answer.payment_url === 'string' && answer.payment_url) return { status: 'pending', tradeId, paymentUrl: answer.payment_url, card };
    return { status: 'paid', tradeId, card };
  }

  return {
    name: 'tappay',
    async payWithNewCard(payment) {
      if (payment.source.kind !== 'prime') return { status: 'declined', tradeId: null, code: 'no_prime', message: 'A TapPay prime is required' };
      const answer = await post('/tpc/payment/pay-by-prime', {
        prime: payment.source.prime,
        merchant_id: config.merchantId,
        amount: payment.amount,
        currency: payment.currency,
        details: payment.details,
        order_number: payment.orderNumber,
        cardholder: { phone_number: payment.cardholder.phone, name: payment.cardholder.name, email: payment.cardholder.email },
        remember: true,
        three_domain_secure: config.threeDomainSecure,
        result_url: { frontend_redirect_url: payment.resultUrls.frontendRedirectUrl, backend_notify_url: payment.resultUrls.backendNotifyUrl },
      });
      return outcome(answer, savedCard(answer));
    },
    async payWithSavedCard(card, payment) {
      const answer = await post('/tpc/payment/pay-by-token', {
        card_key: card.cardKey,
        card_token: card.cardToken,
        merchant_id: config.merchantId,
        amount: payment.amount,
        currency: payment.currency,
        details: payment.details,
        order_number: payment.orderNumber,
      });
      return outcome(answer, null);
    },
    async bindCard(source, cardholder) {
      if (source.kind !== 'prime') return { status: 'declined', code: 'no_prime', message: 'A TapPay prime is required' };
      // Bind Card API: saves the card for pay-by-token without charging it.
      const answer = await post('/tpc/card/bind', {
        prime: source.prime,
        merchant_id: config.merchantId,
        currency: 'TWD',
        cardholder: { phone_number: cardholder.phone, name: cardholder.name, email: cardholder.email },
      });
      const card = answer.status === 0 ? savedCard(answer) : null;
      if (!card) return { status: 'declined', code: String(answer.status), message: String(answer.msg ?? 'declined') };
      return { status: 'bound', card };
    },
    async findTrade(query) {
      const filters = 'tradeId' in query ? { rec_trade_id: query.tradeId } : { order_number: query.orderNumber };
      const answer = await post('/tpc/transaction/query', { records_per_page: 10, page: 0, filters });
      // 0: records found; 2: no (more) records.
      if (answer.status !== 0 && answer.status !== 2) throw new ProviderUnavailableError(`TapPay record query: ${String(answer.msg)}`);
      const [record] = (answer.trade_records ?? []) as Array<{ rec_trade_id: string; order_number: string; amount: number; record_status: number }>;
      if (!record) return undefined;
      // record_status: 0 authorized, 1 captured (OK), 2 partially refunded, 3 refunded, 4 pending (3-D Secure), -1 error.
      const status: TradeRecord['status'] = record.record_status === 0 || record.record_status === 1 ? 'paid' : record.record_status === 4 ? 'pending' : 'failed';
      return { tradeId: record.rec_trade_id, orderNumber: record.order_number, amount: record.amount, status };
    },
  };
}

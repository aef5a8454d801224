import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for TapPay's Backend API, speaking the subset Lodestar uses (docs/decisions/0010):
 * POST /tpc/payment/pay-by-prime (prime from TapPay Fields, `remember` → card_secret {card_key, card_token},
 * `three_domain_secure` → payment_url and a pending record), POST /tpc/payment/pay-by-token, and
 * POST /tpc/card/bind (prime → card_secret without a charge), POST /tpc/transaction/query (filters rec_trade_id or order_number → trade_records with record_status).
 * Requests need the partner key in `x-api-key` and in the body. Answers are HTTP 200 with `status` 0 for
 * success; 4 for a wrong partner key, 121 for missing arguments, 10003 for a declined card, 91 for an unknown
 * or used prime. The test helpers play the browser (make a prime with TapPay Fields, confirm 3-D Secure).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export const tappayTestPartnerKey = 'partner_test_lodestar_0123456789';
export const tappayTestMerchantId = 'lodestar_TEST';
/** TapPay's published sandbox prime (card 4242 4242 4242 4242). */
export const publishedTestPrime = 'test_3a2fb2b7e892b914a03c95dd4dd5dc7970c908df67a49527c0a648b2bc9';

interface Trade {
  recTradeId: string;
  orderNumber: string;
  amount: number;
  /** record_status: 1 captured, 4 pending (3-D Secure), -1 failed. */
  recordStatus: number;
  frontendRedirectUrl?: string;
  backendNotifyUrl?: string;
  cardKey?: string;
}

export interface TapPayDouble {
  url: string;
  requests: { path: string; body: Json; apiKey: string | undefined }[];
  trades: Map<string, Trade>;
  /** TapPay Fields in the browser: a one-time prime for a card number. */
  prime(cardNumber: string): string;
  /** Pay-by-token with these card keys is declined (an expired or blocked card), until allowed again. */
  declineSavedCards(decline: boolean): void;
  /** The cardholder finishes 3-D Secure: the record is settled and TapPay's redirect and notify are answered. */
  completeThreeDomainSecure(recTradeId: string, approve: boolean): { redirectUrl: string; notifyUrl: string; notifyBody: Json };
  close(): Promise<void>;
}

const declinedNumbers = new Set(['4000000000000002']);
const id = (prefix: string) => `${prefix}${randomBytes(10).toString('hex')}`;

export async function startTapPayDouble(): Promise<TapPayDouble> {
  const primes = new Map<string, string>([[publishedTestPrime, '4242424242424242']]);
  const cards = new Map<string, { cardToken: string; number: string }>();
  const trades = new Map<string, Trade>();
  const requests: TapPayDouble['requests'] = [];
  let declineTokens = false;

  const cardInfo = (number: string) => ({ bin_code: number.slice(0, 6), last_four: number.slice(-4), type: number.startsWith('5') ? 2 : 1, funding: 0, issuer: 'TEST BANK', country: 'TAIWAN' });
  const fail = (status: number, msg: string, extra: Json = {}) => ({ status, msg, ...extra });

  function trade(orderNumber: string, amount: number, recordStatus: number, extra: Partial<Trade> = {}): Trade {
    const row: Trade = { recTradeId: id('D'), orderNumber, amount, recordStatus, ...extra };
    trades.set(row.recTradeId, row);
    return row;
  }

  function payByPrime(body: Json): Json {
    if (!body.prime || !body.merchant_id || !Number.isInteger(body.amount) || !body.details || !body.cardholder?.name || !body.cardholder?.email) {
      return fail(121, 'Invalid arguments');
    }
    const number = primes.get(body.prime);
    if (!number) return fail(91, 'Prime is invalid or has been used');
    if (body.prime !== publishedTestPrime) primes.delete(body.prime);
    if (declinedNumbers.has(number)) {
      const row = trade(body.order_number ?? '', body.amount, -1);
      return fail(10003, 'Card Error', { rec_trade_id: row.recTradeId, order_number: row.orderNumber });
    }
    const secret = body.remember ? { card_key: id('ck_'), card_token: id('ct_') } : undefined;
    if (secret) cards.set(secret.card_key, { cardToken: secret.card_token, number });
    const threeDs = body.three_domain_secure === true;
    if (threeDs && (!body.result_url?.frontend_redirect_url || !body.result_url?.backend_notify_url)) return fail(121, 'result_url is required for 3D secure');
    const row = trade(body.order_number ?? '', body.amount, threeDs ? 4 : 1, {
      frontendRedirectUrl: body.result_url?.frontend_redirect_url,
      backendNotifyUrl: body.result_url?.backend_notify_url,
      cardKey: secret?.card_key,
    });
    return {
      status: 0,
      msg: 'Success',
      rec_trade_id: row.recTradeId,
      bank_transaction_id: id('TP'),
      order_number: row.orderNumber,
      amount: body.amount,
      currency: body.currency ?? 'TWD',
      auth_code: '123456',
      card_info: cardInfo(number),
      ...(secret ? { card_secret: secret } : {}),
      ...(threeDs ? { payment_url: `${url}/3ds/${row.recTradeId}` } : {}),
      transaction_time_millis: Date.now(),
    };
  }

  function payByToken(body: Json): Json {
    if (!body.card_key || !body.card_token || !body.merchant_id || !Number.isInteger(body.amount) || !body.details) return fail(121, 'Invalid arguments');
    const card = cards.get(body.card_key);
    if (!card || card.cardToken !== body.card_token) return fail(10003, 'Card Error');
    if (declineTokens) {
      const row = trade(body.order_number ?? '', body.amount, -1, { cardKey: body.card_key });
      return fail(10003, 'Card Error', { rec_trade_id: row.recTradeId, order_number: row.orderNumber });
    }
    const row = trade(body.order_number ?? '', body.amount, 1, { cardKey: body.card_key });
    return { status: 0, msg: 'Success', rec_trade_id: row.recTradeId, order_number: row.orderNumber, amount: body.amount, card_info: cardInfo(card.number) };
  }

  function bindCard(body: Json): Json {
    if (!body.prime || !body.merchant_id || !body.cardholder?.name || !body.cardholder?.email) return fail(121, 'Invalid arguments');
    const number = primes.get(body.prime);
    if (!number) return fail(91, 'Prime is invalid or has been used');
    if (body.prime !== publishedTestPrime) primes.delete(body.prime);
    if (declinedNumbers.has(number)) return fail(10003, 'Card Error');
    const secret = { card_key: id('ck_'), card_token: id('ct_') };
    cards.set(secret.card_key, { cardToken: secret.card_token, number });
    return { status: 0, msg: 'Success', card_secret: secret, card_info: cardInfo(number), bank_result_code: '', bank_result_msg: '' };
  }

  function query(body: Json): Json {
    const filters = body.filters ?? {};
    const rows = [...trades.values()].filter(
      (row) => (filters.rec_trade_id === undefined || row.recTradeId === filters.rec_trade_id) && (filters.order_number === undefined || row.orderNumber === filters.order_number),
    );
    return {
      status: rows.length > 0 ? 0 : 2,
      msg: rows.length > 0 ? 'Success' : 'No records',
      number_of_transactions: rows.length,
      trade_records: rows.map((row) => ({ rec_trade_id: row.recTradeId, order_number: row.orderNumber, amount: row.amount, record_status: row.recordStatus, currency: 'TWD' })),
    };
  }

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: Json;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    } catch {
      body = {};
    }
    const path = request.url ?? '';
    const apiKey = request.headers['x-api-key'] as string | undefined;
    requests.push({ path, body, apiKey });
    let answer: Json;
    if (request.method !== 'POST') answer = fail(121, 'POST only');
    else if (apiKey !== tappayTestPartnerKey || body.partner_key !== tappayTestPartnerKey) answer = fail(4, 'Partner key is invalid');
    else if (path === '/tpc/payment/pay-by-prime') answer = body.merchant_id === tappayTestMerchantId ? payByPrime(body) : fail(121, 'Merchant not found');
    else if (path === '/tpc/payment/pay-by-token') answer = body.merchant_id === tappayTestMerchantId ? payByToken(body) : fail(121, 'Merchant not found');
    else if (path === '/tpc/card/bind') answer = body.merchant_id === tappayTestMerchantId ? bindCard(body) : fail(121, 'Merchant not found');
    else if (path === '/tpc/transaction/query') answer = query(body);
    else {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    trades,
    prime(cardNumber) {
      const prime = id('prime_');
      primes.set(prime, cardNumber.replace(/\s+/g, ''));
      return prime;
    },
    declineSavedCards(decline) {
      declineTokens = decline;
    },
    completeThreeDomainSecure(recTradeId, approve) {
      const row = trades.get(recTradeId);
      if (!row || row.recordStatus !== 4) throw new Error(`no pending 3-D Secure trade ${recTradeId}`);
      row.recordStatus = approve ? 1 : -1;
      const status = approve ? 0 : 10003;
      const query = new URLSearchParams({ rec_trade_id: row.recTradeId, order_number: row.orderNumber, status: String(status) });
      return {
        redirectUrl: `${row.frontendRedirectUrl}${row.frontendRedirectUrl?.includes('?') ? '&' : '?'}${query}`,
        notifyUrl: row.backendNotifyUrl!,
        notifyBody: {
          rec_trade_id: row.recTradeId,
          auth_code: approve ? '123456' : '',
          bank_transaction_id: id('TP'),
          order_number: row.orderNumber,
          amount: row.amount,
          status,
          msg: approve ? 'Success' : 'Card Error',
          transaction_time_millis: Date.now(),
          acquirer: 'TW_CTBC',
        },
      };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

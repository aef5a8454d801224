import { createCipheriv, createDecipheriv } from 'node:crypto';
import type { InvoiceBuyer } from '@lodestar/contract';
import type { InvoicesConfig } from '../../../config.ts';
import { InvoiceProviderUnavailableError, InvoiceRejectedError, type InvoiceProvider, type IssuedInvoice } from './invoice-provider.ts';

/**
 * ECPay's B2C e-invoice API (docs/decisions/0021): POST JSON { MerchantID, RqHeader: { Timestamp }, Data } where
 * Data is base64(AES-128-CBC(urlencode(JSON), HashKey, HashIV)); the answer { TransCode, TransMsg, Data } carries
 * the result encrypted the same way, with RtnCode 1 for success. Company buyers (統一編號) go through the same
 * API with CustomerIdentifier (ECPay's 存證 mode), so there is one client.
 */
export function encryptData(data: unknown, key: string, iv: string): string {
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), Buffer.from(iv, 'utf8'));
  return Buffer.concat([cipher.update(encodeURIComponent(JSON.stringify(data)), 'utf8'), cipher.final()]).toString('base64');
}

export function decryptData(data: string, key: string, iv: string): unknown {
  const decipher = createDecipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), Buffer.from(iv, 'utf8'));
  const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(decodeURIComponent(text.replace(/\+/g, ' ')));
}

/** The buyer as ECPay's issue fields: carrier type 1 = ECPay member (e-mail), 2 = citizen certificate, 3 = mobile barcode. */
export function buyerFields(buyer: InvoiceBuyer): Record<string, string> {
  const base = { CustomerIdentifier: '', CustomerName: '', CustomerEmail: buyer.email, Print: '0', Donation: '0', LoveCode: '', CarrierType: '', CarrierNum: '' };
  switch (buyer.kind) {
    case 'company':
      return { ...base, CustomerIdentifier: buyer.taxId, CustomerName: buyer.companyName, Print: '1' };
    case 'donation':
      return { ...base, Donation: '1', LoveCode: buyer.code };
    case 'mobileBarcode':
      return { ...base, CarrierType: '3', CarrierNum: buyer.code };
    case 'citizenCertificate':
      return { ...base, CarrierType: '2', CarrierNum: buyer.code };
    case 'member':
      return { ...base, CarrierType: '1' };
  }
}

/** ECPay's dates read in Taiwan time ("2026-12-05 23:00:00"). */
const taipeiDate = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const parseTaipei = (text: string) => new Date(`${text.replace(' ', 'T').replace(/\//g, '-')}+08:00`);

type Answer = Record<string, unknown>;

export function createEcpayInvoiceClient(config: InvoicesConfig['ecpay'], fetchImpl: typeof fetch = fetch): InvoiceProvider {
  const { apiUrl, merchantId, hashKey, hashIv } = config;

  async function post(path: string, data: Record<string, unknown>): Promise<Answer> {
    let response: Response;
    try {
      response = await fetchImpl(`${apiUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ MerchantID: merchantId, RqHeader: { Timestamp: Math.floor(Date.now() / 1000) }, Data: encryptData({ MerchantID: merchantId, ...data }, hashKey, hashIv) }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new InvoiceProviderUnavailableError(error instanceof Error ? error.message : String(error));
    }
    if (response.status >= 500 || response.status === 403 || response.status === 429) {
      // 403: ECPay's answer to calls made too fast — wait and retry like an outage.
      throw new InvoiceProviderUnavailableError(`ECPay answered HTTP ${response.status}`);
    }
    const body = (await response.json().catch(() => undefined)) as { TransCode?: number; TransMsg?: string; Data?: string } | undefined;
    if (!response.ok || !body) throw new InvoiceRejectedError(`http${response.status}`, 'Unreadable answer');
    if (body.TransCode !== 1 || !body.Data) throw new InvoiceRejectedError(`trans${body.TransCode ?? ''}`, body.TransMsg ?? 'Transfer failed');
    const answer = decryptData(body.Data, hashKey, hashIv) as Answer;
    if (Number(answer.RtnCode) !== 1) throw new InvoiceRejectedError(String(answer.RtnCode), String(answer.RtnMsg ?? ''));
    return answer;
  }

  const issued = (number: unknown, random: unknown, date: unknown): IssuedInvoice => ({ invoiceNumber: String(number), randomCode: String(random), issuedAt: parseTaipei(String(date)) });

  return {
    name: 'ecpay',
    async issue({ relateNumber, buyer, amount, itemName }) {
      const answer = await post('/B2CInvoice/Issue', {
        RelateNumber: relateNumber,
        ...buyerFields(buyer),
        ClearanceMark: '',
        TaxType: '1',
        SalesAmount: amount,
        InvType: '07',
        vat: '1',
        Items: [{ ItemSeq: 1, ItemName: itemName, ItemCount: 1, ItemWord: '式', ItemPrice: amount, ItemTaxType: '1', ItemAmount: amount }],
      });
      return issued(answer.InvoiceNo, answer.RandomNumber, answer.InvoiceDate);
    },
    async findIssued(relateNumber) {
      try {
        const answer = await post('/B2CInvoice/GetIssue', { RelateNumber: relateNumber });
        return issued(answer.IIS_Number, answer.IIS_Random_Number, answer.IIS_Create_Date);
      } catch (error) {
        // A refused transfer (TransCode ≠ 1: wrong merchant or keys) is not "not issued": it is rethrown.
        if (error instanceof InvoiceRejectedError && !error.code.startsWith('trans')) return undefined; // not issued under this number
        throw error;
      }
    },
    async void({ invoiceNumber, issuedAt, reason }) {
      await post('/B2CInvoice/Invalid', { InvoiceNo: invoiceNumber, InvoiceDate: taipeiDate(issuedAt), Reason: reason.slice(0, 20) });
    },
    async allowance({ invoiceNumber, issuedAt, amount, itemName, buyer }) {
      const answer = await post('/B2CInvoice/Allowance', {
        InvoiceNo: invoiceNumber,
        InvoiceDate: taipeiDate(issuedAt),
        AllowanceNotify: 'E',
        CustomerName: buyer.kind === 'company' ? buyer.companyName : '',
        NotifyMail: buyer.email,
        AllowanceAmount: amount,
        Items: [{ ItemSeq: 1, ItemName: itemName, ItemCount: 1, ItemWord: '式', ItemPrice: amount, ItemTaxType: '1', ItemAmount: amount }],
      });
      return { allowanceNumber: String(answer.IA_Allow_No) };
    },
  };
}

/**
 * "Test connection" for a merchant's credentials: a lookup of a number never used. ECPay answers "not found" (RtnCode
 * ≠ 1) only when it could decrypt the request under the merchant's keys; wrong keys or merchant give TransCode ≠ 1.
 */
export async function checkEcpayCredentials(config: InvoicesConfig['ecpay'], fetchImpl: typeof fetch = fetch): Promise<{ ok: boolean; message: string | null }> {
  try {
    await createEcpayInvoiceClient(config, fetchImpl).findIssued(`LSCHECK${Date.now()}`);
    return { ok: true, message: null };
  } catch (error) {
    if (error instanceof InvoiceProviderUnavailableError) return { ok: false, message: `unreachable: ${error.message}` };
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

import { createCipheriv, createDecipheriv, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for ECPay's B2C e-invoice API (docs/decisions/0021), speaking its protocol: POST JSON
 * { MerchantID, RqHeader: { Timestamp }, Data } with Data = base64(AES-128-CBC(urlencode(JSON))) under the
 * merchant's HashKey/HashIV, answered { PlatformID, MerchantID, RpHeader, TransCode, TransMsg, Data } with the
 * result encrypted the same way (RtnCode 1 = success). Paths: /B2CInvoice/Issue, /GetIssue, /Invalid, /Allowance.
 * Refusals as ECPay's: TransCode 999 for a body it cannot decrypt or an unknown merchant; RtnCode 1200004 for a
 * RelateNumber already used, 1200007 for a bad buyer field, 2000009 for an unknown invoice, 2000010 for an
 * allowance over the invoice's remaining amount. failNext(n) answers HTTP 503 n times (an outage).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** ECPay's published stage merchant (the research note): the double accepts exactly these credentials. */
export const ecpayTestMerchant = { merchantId: '2000132', hashKey: 'ejCk326UnaZWKisg', hashIv: 'q9jcZX8Ib9LM8wYk' };

export interface DoubleInvoice {
  relateNumber: string;
  invoiceNumber: string;
  randomCode: string;
  invoiceDate: string;
  fields: Json;
  voided: boolean;
  remaining: number;
}

export interface EcpayInvoiceDouble {
  url: string;
  invoices: Map<string, DoubleInvoice>;
  /** Every decrypted request, path and Data. */
  requests: { path: string; data: Json }[];
  /** Answer the next n requests with HTTP 503. */
  failNext(n: number): void;
  close(): Promise<void>;
}

const encrypt = (data: Json) => {
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(ecpayTestMerchant.hashKey), Buffer.from(ecpayTestMerchant.hashIv));
  return Buffer.concat([cipher.update(encodeURIComponent(JSON.stringify(data))), cipher.final()]).toString('base64');
};
const decrypt = (data: string): Json => {
  const decipher = createDecipheriv('aes-128-cbc', Buffer.from(ecpayTestMerchant.hashKey), Buffer.from(ecpayTestMerchant.hashIv));
  return JSON.parse(decodeURIComponent(Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString().replace(/\+/g, ' ')));
};
const taipeiNow = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export async function startEcpayInvoiceDouble(): Promise<EcpayInvoiceDouble> {
  const invoices = new Map<string, DoubleInvoice>();
  const requests: EcpayInvoiceDouble['requests'] = [];
  let failures = 0;
  const byNumber = (number: string) => [...invoices.values()].find((invoice) => invoice.invoiceNumber === number);

  function handle(path: string, data: Json): Json {
    switch (path) {
      case '/B2CInvoice/Issue': {
        if (invoices.has(data.RelateNumber)) return { RtnCode: 1200004, RtnMsg: '該自訂編號已存在' };
        const carrierOk =
          (data.CarrierType === '3' && /^\/[0-9A-Z.+-]{7}$/.test(data.CarrierNum)) ||
          (data.CarrierType === '2' && /^[A-Z]{2}[0-9]{14}$/.test(data.CarrierNum)) ||
          (data.CarrierType === '1' && data.CarrierNum === '' && data.CustomerEmail) ||
          (data.CarrierType === '' && (data.Donation === '1' ? /^[0-9]{3,7}$/.test(data.LoveCode) : data.Print === '1' && /^\d{8}$/.test(data.CustomerIdentifier) && data.CustomerName));
        const total = (data.Items ?? []).reduce((sum: number, item: Json) => sum + Number(item.ItemAmount), 0);
        if (!carrierOk || !data.RelateNumber || total !== Number(data.SalesAmount)) return { RtnCode: 1200007, RtnMsg: '參數格式錯誤' };
        const invoice: DoubleInvoice = {
          relateNumber: data.RelateNumber,
          invoiceNumber: `ZZ${String(randomInt(0, 1e8)).padStart(8, '0')}`,
          randomCode: String(randomInt(0, 1e4)).padStart(4, '0'),
          invoiceDate: taipeiNow(),
          fields: data,
          voided: false,
          remaining: Number(data.SalesAmount),
        };
        invoices.set(data.RelateNumber, invoice);
        return { RtnCode: 1, RtnMsg: '開立發票成功', InvoiceNo: invoice.invoiceNumber, InvoiceDate: invoice.invoiceDate, RandomNumber: invoice.randomCode };
      }
      case '/B2CInvoice/GetIssue': {
        const invoice = invoices.get(data.RelateNumber);
        if (!invoice) return { RtnCode: 2000009, RtnMsg: '查無發票資料' };
        return { RtnCode: 1, RtnMsg: '查詢成功', IIS_Number: invoice.invoiceNumber, IIS_Random_Number: invoice.randomCode, IIS_Create_Date: invoice.invoiceDate, IIS_Invalid_Status: invoice.voided ? '1' : '0' };
      }
      case '/B2CInvoice/Invalid': {
        const invoice = byNumber(data.InvoiceNo);
        if (!invoice || invoice.voided || !data.Reason) return { RtnCode: 2000009, RtnMsg: '查無發票資料' };
        invoice.voided = true;
        return { RtnCode: 1, RtnMsg: '作廢發票成功', InvoiceNo: invoice.invoiceNumber };
      }
      case '/B2CInvoice/Allowance': {
        const invoice = byNumber(data.InvoiceNo);
        if (!invoice || invoice.voided) return { RtnCode: 2000009, RtnMsg: '查無發票資料' };
        const amount = Number(data.AllowanceAmount);
        if (!(amount > 0) || amount > invoice.remaining) return { RtnCode: 2000010, RtnMsg: '折讓金額超過發票可折讓金額' };
        invoice.remaining -= amount;
        return { RtnCode: 1, RtnMsg: '開立折讓成功', IA_Allow_No: `A${String(randomInt(0, 1e12)).padStart(12, '0')}`, IA_Invoice_No: invoice.invoiceNumber, IA_Date: taipeiNow(), IA_Remain_Allowance_Amt: invoice.remaining };
      }
      default:
        return undefined;
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const send = (status: number, body: Json) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (failures > 0) {
        failures -= 1;
        return send(503, { error: 'Service Unavailable' });
      }
      const path = req.url ?? '';
      const header = { PlatformID: null, MerchantID: ecpayTestMerchant.merchantId, RpHeader: { Timestamp: Math.floor(Date.now() / 1000) } };
      let data: Json;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        if (req.method !== 'POST' || body.MerchantID !== ecpayTestMerchant.merchantId || typeof body.RqHeader?.Timestamp !== 'number') throw new Error('header');
        data = decrypt(body.Data);
        if (data.MerchantID !== ecpayTestMerchant.merchantId) throw new Error('merchant');
      } catch {
        return send(200, { ...header, TransCode: 999, TransMsg: 'Data decrypt failed', Data: null });
      }
      requests.push({ path, data });
      const answer = handle(path, data);
      if (!answer) return send(404, { error: 'Not Found' });
      send(200, { ...header, TransCode: 1, TransMsg: 'Success', Data: encrypt(answer) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    invoices,
    requests,
    failNext: (n) => {
      failures = n;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

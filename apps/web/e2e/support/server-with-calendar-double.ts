import { providerDoubleEnv, startProviderDouble } from '../../../server/src/test/calendar-providers-double.ts';
import { startAppleDouble } from '../../../server/src/test/apple-double.ts';
import { lineDoublePort, lineJourneyChannels, startLineDouble } from '../../../server/src/test/line-double.ts';
import { gcisDouble } from '../../../server/src/test/gcis-double.ts';
import { startEcpayInvoiceDouble } from '../../../server/src/test/ecpay-invoice-double.ts';
import { seedJourneyData } from './seed.ts';

/**
 * The journeys' web server: the local Google / Microsoft double, the Apple double, the LINE double, the company registry, ECPay's e-invoice API (the same ones the API tests
 * use, on free ports), the operator's set-up (seed.ts), then the real server (bundled) pointed at them. Playwright starts
 * webServer before globalSetup, so the doubles live here.
 */
const double = await startProviderDouble();
Object.assign(process.env, providerDoubleEnv(double.url));
const apple = await startAppleDouble();
Object.assign(process.env, apple.env);
// LINE on a port the journeys can reach too (they play the phone through its /_double calls).
const line = await startLineDouble({ port: lineDoublePort(Number(process.env.PORT)) });
for (const { channelId, secret } of Object.values(lineJourneyChannels)) line.addChannel(channelId, secret);
Object.assign(process.env, line.env);
// The company registry (統編 lookup on the company form).
const registry = await gcisDouble();
process.env.GCIS_API_URL = registry.url;
// ECPay's e-invoice API: a workspace that connects its own merchant (sales-invoices.e2e.ts) talks to it. Lodestar's own
// charges stay in test mode (no ECPAY_INVOICE_MERCHANT_ID), as before.
const ecpay = await startEcpayInvoiceDouble();
process.env.ECPAY_INVOICE_API_URL = ecpay.url;
await seedJourneyData();
// The server that ships: the bundle `npm run build` writes (test:e2e builds it first), the one `npm run serve` runs.
// In this process, not a child: Playwright signals the whole process group, and a forwarded second SIGTERM would
// make server.ts exit at once instead of closing cleanly.
await import(new URL('../../../server/dist/server.mjs', import.meta.url).href);

import path from 'node:path';
import { plans, type Plan } from '@lodestar/contract';
import { z } from 'zod';
import { repoRoot } from './platform/server-root.ts';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must look like smtp://user:pass@host:port')
    .optional(),
  MAIL_FROM: z.string().min(1).default('Lodestar <no-reply@lodestar.local>'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  CORS_ORIGINS: z.string().optional(),
  BODY_LIMIT: z.coerce.number().int().positive().default(1024 * 1024),
  /** Behind a reverse proxy: 'true' or comma-separated proxy addresses/CIDRs (per-IP login throttling needs the real client IP). */
  TRUST_PROXY: z.string().optional(),
  /** Development and e2e only (refused when NODE_ENV=production): a plan new accounts get without paying (new workspaces are Free otherwise; docs/decisions/0010). */
  DEV_DEFAULT_PLAN: z.enum(plans).optional(),
  /** How long (ms) a session's user and a member's privileges are cached in process (platform/auth-cache.ts); 0 turns it off. */
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** How long (ms) at most the deal board and calendar answers are reused (platform/read-cache.ts: checked against every write); 0 turns it off. */
  READ_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
  /** Name the statements run often so each connection (PGlite's one, or each PostgreSQL connection) parses and plans them once (db/prepared-statements.ts). */
  DATABASE_PREPARED_STATEMENTS: z.enum(['true', 'false']).default('true'),
  /** PostgreSQL connections per app process (docs/decisions/0024-app-servers-and-one-postgresql.md: servers × processes × this ≤ the server's budget). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * The embedded database's settings, `name=value` separated by commas (PGlite only). Its shared buffers are held in
   * the server's memory: 32 MB instead of PostgreSQL's 128 MB default (bench/README.md, "Embedded memory").
   */
  EMBEDDED_DATABASE_SETTINGS: z
    .string()
    .regex(/^([a-z_]+=[A-Za-z0-9_.]+)(,[a-z_]+=[A-Za-z0-9_.]+)*$/)
    .default('shared_buffers=32MB'),
  /** On PostgreSQL, where an import's heavy work runs (modules/imports/imports/import-thread.ts): `auto` a large file's in a worker thread, `always` every import's, `never` in process. */
  IMPORT_THREAD: z.enum(['auto', 'always', 'never']).default('auto'),
  // App processes on this machine (node:cluster), all sharing one PostgreSQL; 1 = no cluster.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  NODE_ENV: z.string().optional(),
  /** 'true': webhooks and mailboxes may reach private, loopback and link-local hosts (development, tests, a LAN mail server); unset: only outside production. */
  ALLOW_PRIVATE_HOSTS: z.enum(['true', 'false']).optional(),
  /** 32 bytes as base64 or 64 hex characters: encrypts calendar tokens at rest. Unset: a key file is created once under DATA_DIR. */
  ENCRYPTION_KEY: z
    .string()
    .refine((value) => decodeKey(value) !== undefined, 'must be 32 bytes as base64 or 64 hex characters')
    .optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_API_URL: z.url().default('https://www.googleapis.com'),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_LOGIN_URL: z.url().default('https://login.microsoftonline.com/common'),
  MICROSOFT_GRAPH_URL: z.url().default('https://graph.microsoft.com'),
  /** Sign in with Apple (docs/product.md#sign-in-with-apple): all four set turns it on. */
  APPLE_SERVICES_ID: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  /** The .p8 key's PEM text (literal `\n` sequences are read as line breaks). */
  APPLE_PRIVATE_KEY: z.string().optional(),
  /** Apple's sign-in host (authorize, token, keys and the ID token's issuer); overridden for the local double. */
  APPLE_AUTH_URL: z.url().default('https://appleid.apple.com'),
  /** Card payments (docs/decisions/0010): `sandbox` (test cards, nothing charged) or `tappay`; default tappay when TAPPAY_PARTNER_KEY is set. */
  BILLING_PROVIDER: z.enum(['sandbox', 'tappay']).optional(),
  TAPPAY_PARTNER_KEY: z.string().optional(),
  TAPPAY_MERCHANT_ID: z.string().optional(),
  TAPPAY_API_URL: z.url().default('https://sandbox.tappaysdk.com'),
  /** TapPay Fields in the browser (public by design). */
  TAPPAY_APP_ID: z.coerce.number().int().positive().optional(),
  TAPPAY_APP_KEY: z.string().optional(),
  TAPPAY_SERVER_TYPE: z.enum(['sandbox', 'production']).default('sandbox'),
  TAPPAY_SDK_URL: z.url().default('https://js.tappaysdk.com/sdk/tpdirect/v5.19.2'),
  /** Ask for 3-D Secure on the first payment (renewals with the saved card do not). */
  TAPPAY_THREE_DOMAIN_SECURE: z.enum(['true', 'false']).default('true'),
  /** Development and e2e only (refused when NODE_ENV=production): POST /api/billing/test-clock/renewals runs a workspace's renewals as of a given time. */
  BILLING_TEST_CLOCK: z.enum(['true', 'false']).default('false'),
  /** E-invoices of our charges (docs/decisions/0021): `test` (numbers issued locally, labelled test mode) or `ecpay`; default ecpay when ECPAY_INVOICE_MERCHANT_ID is set. */
  INVOICE_PROVIDER: z.enum(['test', 'ecpay']).optional(),
  ECPAY_INVOICE_API_URL: z.url().default('https://einvoice-stage.ecpay.com.tw'),
  ECPAY_INVOICE_MERCHANT_ID: z.string().optional(),
  ECPAY_INVOICE_HASH_KEY: z.string().length(16).optional(),
  ECPAY_INVOICE_HASH_IV: z.string().length(16).optional(),
  /** The seller printed on the invoice proof. */
  INVOICE_SELLER_NAME: z.string().default('Lodestar'),
  INVOICE_SELLER_TAX_ID: z.string().regex(/^\d{8}$/).default('00000000'),
  /** Operator console (issue 30): comma-separated e-mail addresses of the accounts that run this server. */
  OPERATOR_EMAILS: z
    .string()
    .refine(
      (value) => value.split(',').every((part) => part.trim() === '' || z.email().safeParse(part.trim()).success),
      'must be comma-separated e-mail addresses',
    )
    .optional(),
  /** LINE Messaging API (docs/decisions/0014-line-client.md); overridden for the local double. */
  LINE_API_URL: z.url().default('https://api.line.me'),
  /** LINE's host for message content (images). */
  LINE_DATA_API_URL: z.url().default('https://api-data.line.me'),
  /** The company registry's open data (統編 lookup, records/companies/company-registry.ts): no key needed. */
  GCIS_API_URL: z.url().default('https://data.gcis.nat.gov.tw'),
  /** Calls per second the bulk enrichment makes to the registry (an open service without a published quota: gentle). */
  GCIS_RATE_PER_SECOND: z.coerce.number().positive().max(50).default(5),
});

/** ENCRYPTION_KEY as 32 raw bytes, or undefined when it is not a valid key. */
export function decodeKey(value: string): Buffer | undefined {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

/** One calendar provider's OAuth client and endpoints; undefined client = sync with it is off. */
export interface CalendarProviderConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_PREPARED_STATEMENTS. */
  preparedStatements: boolean;
  /** DATABASE_POOL_SIZE. */
  poolSize: number;
  /** EMBEDDED_DATABASE_SETTINGS, as PGlite's postgresql.conf lines. */
  embeddedSettings: string[];
  /** IMPORT_THREAD. */
  importThread: 'auto' | 'always' | 'never';
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string;
  corsOrigins: string[];
  bodyLimit: number;
  trustProxy: boolean | string[];
  /** DEV_DEFAULT_PLAN: never set in production. */
  devDefaultPlan: Plan | undefined;
  /** ENCRYPTION_KEY decoded; undefined means "use the key file under dataDir". */
  encryptionKey: Buffer | undefined;
  google: CalendarProviderConfig;
  outlook: CalendarProviderConfig;
  authCacheMs: number;
  readCacheMs: number;
  /** WEB_CONCURRENCY: app processes on this machine (more than 1 needs DATABASE_URL). */
  webConcurrency: number;
  billing: BillingConfig;
  /** Undefined: Sign in with Apple is off (its button is not shown). */
  apple: AppleConfig | undefined;
  /** LINE Messaging API hosts, without trailing slashes. */
  line: { apiUrl: string; dataApiUrl: string };
  companyRegistry: { apiUrl: string; ratePerSecond: number };
  /** OPERATOR_EMAILS, lower-cased: the accounts that may open the operator console. */
  operatorEmails: string[];
  /**
   * Hosts users name (webhook URLs, mailbox IMAP/SMTP servers; platform/outbound-hosts.ts): blockPrivate refuses
   * private, loopback, link-local and metadata addresses. ALLOW_PRIVATE_HOSTS sets it; unset, it is on in production.
   */
  outboundHosts: { blockPrivate: boolean };
}

export interface AppleConfig {
  servicesId: string;
  teamId: string;
  keyId: string;
  privateKey: string;
  /** Without a trailing slash; also the `iss` the ID tokens must carry. */
  authUrl: string;
}

/** The payment gateway (docs/decisions/0010). */
export interface BillingConfig {
  provider: 'sandbox' | 'tappay';
  /** BILLING_TEST_CLOCK (never in production): renewals may be run as of a chosen time, for one workspace. */
  testClock: boolean;
  tappay: {
    partnerKey: string;
    merchantId: string;
    apiUrl: string;
    appId: number | undefined;
    appKey: string | undefined;
    serverType: 'sandbox' | 'production';
    sdkUrl: string;
    threeDomainSecure: boolean;
  };
  invoices: InvoicesConfig;
}

/** The e-invoice provider (docs/decisions/0021). */
export interface InvoicesConfig {
  provider: 'test' | 'ecpay';
  seller: { name: string; taxId: string };
  ecpay: { apiUrl: string; merchantId: string; hashKey: string; hashIv: string };
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** Pure parse so tests can check it; `loadConfig` is the boot-time wrapper that exits. */
export function parseConfig(env: NodeJS.ProcessEnv): ConfigResult {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    };
  }
  const e = parsed.data;
  if (e.DEV_DEFAULT_PLAN && e.NODE_ENV === 'production') {
    return { ok: false, problems: ['DEV_DEFAULT_PLAN: for development and tests only; not allowed when NODE_ENV=production'] };
  }
  if (e.BILLING_TEST_CLOCK === 'true' && e.NODE_ENV === 'production') {
    return { ok: false, problems: ['BILLING_TEST_CLOCK: for development and tests only; not allowed when NODE_ENV=production'] };
  }
  const billingProvider = e.BILLING_PROVIDER ?? (e.TAPPAY_PARTNER_KEY ? 'tappay' : 'sandbox');
  if (billingProvider === 'tappay' && (!e.TAPPAY_PARTNER_KEY || !e.TAPPAY_MERCHANT_ID)) {
    return { ok: false, problems: ['BILLING_PROVIDER=tappay needs TAPPAY_PARTNER_KEY and TAPPAY_MERCHANT_ID'] };
  }
  const invoiceProvider = e.INVOICE_PROVIDER ?? (e.ECPAY_INVOICE_MERCHANT_ID ? 'ecpay' : 'test');
  if (invoiceProvider === 'ecpay' && (!e.ECPAY_INVOICE_MERCHANT_ID || !e.ECPAY_INVOICE_HASH_KEY || !e.ECPAY_INVOICE_HASH_IV)) {
    return { ok: false, problems: ['INVOICE_PROVIDER=ecpay needs ECPAY_INVOICE_MERCHANT_ID, ECPAY_INVOICE_HASH_KEY and ECPAY_INVOICE_HASH_IV'] };
  }
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    return {
      ok: false,
      problems: [
        'WEB_CONCURRENCY: several app processes need DATABASE_URL (a PostgreSQL server); the embedded database serves one process by design — unset WEB_CONCURRENCY or set DATABASE_URL',
      ],
    };
  }
  return {
    ok: true,
    config: {
      port: e.PORT,
      host: e.HOST,
      dataDir: path.resolve(e.DATA_DIR),
      databaseUrl: e.DATABASE_URL,
      preparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'true',
      poolSize: e.DATABASE_POOL_SIZE,
      embeddedSettings: e.EMBEDDED_DATABASE_SETTINGS.split(','),
      importThread: e.IMPORT_THREAD,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      logLevel: e.LOG_LEVEL,
      webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
      corsOrigins: (e.CORS_ORIGINS ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
      bodyLimit: e.BODY_LIMIT,
      trustProxy: parseTrustProxy(e.TRUST_PROXY),
      devDefaultPlan: e.DEV_DEFAULT_PLAN,
      encryptionKey: e.ENCRYPTION_KEY ? decodeKey(e.ENCRYPTION_KEY) : undefined,
      google: {
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: e.GOOGLE_CLIENT_SECRET,
        authorizeUrl: e.GOOGLE_OAUTH_URL,
        tokenUrl: e.GOOGLE_TOKEN_URL,
        apiUrl: e.GOOGLE_API_URL.replace(/\/+$/, ''),
      },
      outlook: {
        clientId: e.MICROSOFT_CLIENT_ID,
        clientSecret: e.MICROSOFT_CLIENT_SECRET,
        authorizeUrl: `${e.MICROSOFT_LOGIN_URL.replace(/\/+$/, '')}/oauth2/v2.0/authorize`,
        tokenUrl: `${e.MICROSOFT_LOGIN_URL.replace(/\/+$/, '')}/oauth2/v2.0/token`,
        apiUrl: e.MICROSOFT_GRAPH_URL.replace(/\/+$/, ''),
      },
      authCacheMs: e.AUTH_CACHE_MS,
      readCacheMs: e.READ_CACHE_MS,
      webConcurrency: e.WEB_CONCURRENCY,
      operatorEmails: (e.OPERATOR_EMAILS ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
      outboundHosts: { blockPrivate: e.ALLOW_PRIVATE_HOSTS ? e.ALLOW_PRIVATE_HOSTS === 'false' : e.NODE_ENV === 'production' },
      line: { apiUrl: e.LINE_API_URL.replace(/\/+$/, ''), dataApiUrl: e.LINE_DATA_API_URL.replace(/\/+$/, '') },
      companyRegistry: { apiUrl: e.GCIS_API_URL.replace(/\/+$/, ''), ratePerSecond: e.GCIS_RATE_PER_SECOND },
      apple:
        e.APPLE_SERVICES_ID && e.APPLE_TEAM_ID && e.APPLE_KEY_ID && e.APPLE_PRIVATE_KEY
          ? {
              servicesId: e.APPLE_SERVICES_ID,
              teamId: e.APPLE_TEAM_ID,
              keyId: e.APPLE_KEY_ID,
              privateKey: e.APPLE_PRIVATE_KEY.replace(/\\n/g, '\n'),
              authUrl: e.APPLE_AUTH_URL.replace(/\/+$/, ''),
            }
          : undefined,
      billing: {
        provider: billingProvider,
        testClock: e.BILLING_TEST_CLOCK === 'true',
        tappay: {
          partnerKey: e.TAPPAY_PARTNER_KEY ?? '',
          merchantId: e.TAPPAY_MERCHANT_ID ?? '',
          apiUrl: e.TAPPAY_API_URL.replace(/\/+$/, ''),
          appId: e.TAPPAY_APP_ID,
          appKey: e.TAPPAY_APP_KEY,
          serverType: e.TAPPAY_SERVER_TYPE,
          sdkUrl: e.TAPPAY_SDK_URL,
          threeDomainSecure: e.TAPPAY_THREE_DOMAIN_SECURE === 'true',
        },
        invoices: {
          provider: invoiceProvider,
          seller: { name: e.INVOICE_SELLER_NAME, taxId: e.INVOICE_SELLER_TAX_ID },
          ecpay: {
            apiUrl: e.ECPAY_INVOICE_API_URL.replace(/\/+$/, ''),
            merchantId: e.ECPAY_INVOICE_MERCHANT_ID ?? '',
            hashKey: e.ECPAY_INVOICE_HASH_KEY ?? '',
            hashIv: e.ECPAY_INVOICE_HASH_IV ?? '',
          },
        },
      },
    },
  };
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((part) => part.trim()).filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = parseConfig(env);
  if (result.ok) return result.config;
  console.error(`Lodestar cannot start: the configuration has problems:\n${result.problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}

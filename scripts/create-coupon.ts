/**
 * Creates a coupon code through the running server's operator API (issue 30 #7: the embedded database is locked by
 * the server, so the command no longer opens it; the operator console does the same at /operator/coupons):
 *
 *   npm run billing:coupon -- --code WELCOME20 --kind percent --value 20 [--plans subscribe_team,pro]
 *                             [--valid-from 2027-01-01T00:00:00+08:00] [--valid-until 2027-02-01T00:00:00+08:00]
 *                             [--max-redemptions 100] [--server http://localhost:3000] [--email ops@example.com]
 *
 * kind: percent (1-100 % off one charge), amount (TWD off one charge) or freeMonths (months added to the paid
 * period). It signs in as an operator (an account named in the server's OPERATOR_EMAILS; --email defaults to the
 * first of OPERATOR_EMAILS here), with the password from LODESTAR_OPERATOR_PASSWORD or asked for, creates the
 * coupon (written to the operator audit trail) and signs out. --server defaults to http://localhost:$PORT.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { couponCreateSchema, operatorEndpoints, usersEndpoints } from '@lodestar/contract';

const { values } = parseArgs({
  options: {
    code: { type: 'string' },
    kind: { type: 'string' },
    value: { type: 'string' },
    plans: { type: 'string' },
    'valid-from': { type: 'string' },
    'valid-until': { type: 'string' },
    'max-redemptions': { type: 'string' },
    server: { type: 'string' },
    email: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`Cannot create the coupon: ${message}`);
  process.exit(1);
}

const parsed = couponCreateSchema.safeParse({
  code: values.code,
  kind: values.kind,
  value: values.value === undefined ? undefined : Number(values.value),
  validFrom: values['valid-from'] ?? null,
  validUntil: values['valid-until'] ?? null,
  maxRedemptions: values['max-redemptions'] === undefined ? null : Number(values['max-redemptions']),
  plans: values.plans ? values.plans.split(',').map((plan) => plan.trim()).filter(Boolean) : [],
});
if (!parsed.success) fail(`\n${parsed.error.issues.map((issue) => `  --${issue.path.join('.')}: ${issue.message}`).join('\n')}`);

const server = (values.server ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, '');
const email = values.email ?? process.env.OPERATOR_EMAILS?.split(',')[0]?.trim();
if (!email) fail('name the operator account with --email (or set OPERATOR_EMAILS)');

/** The password without echoing it (a terminal), or from LODESTAR_OPERATOR_PASSWORD (scripts). */
async function password(): Promise<string> {
  if (process.env.LODESTAR_OPERATOR_PASSWORD) return process.env.LODESTAR_OPERATOR_PASSWORD;
  if (!process.stdin.isTTY) fail('set LODESTAR_OPERATOR_PASSWORD when not on a terminal');
  const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = prompt as unknown as { _writeToOutput: (text: string) => void };
  process.stdout.write(`Password for ${email}: `);
  muted._writeToOutput = () => {};
  const answer = await new Promise<string>((resolve) => prompt.question('', resolve));
  prompt.close();
  process.stdout.write('\n');
  return answer;
}

async function api<T>(method: string, path: string, body: unknown, token?: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${server}/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), 'accept-language': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return fail(`no Lodestar server answers at ${server} (start it, or pass --server)`);
  }
  const json = (await response.json().catch(() => null)) as { result?: string; data?: T; errorMessage?: string; errorCode?: string } | null;
  if (json?.result === 'success') return json.data as T;
  if (json?.errorCode === 'ROUTE_NOT_FOUND' && token) fail(`${email} is not an operator on that server (its OPERATOR_EMAILS)`);
  return fail(json?.errorMessage ?? `HTTP ${response.status}`);
}

const session = await api<{ token: string }>('POST', usersEndpoints.login.path, { email, password: await password() });
try {
  const coupon = await api<{ code: string; kind: string; value: number; maxRedemptions: number | null; plans: string[] }>(
    'POST',
    operatorEndpoints.createCoupon.path,
    parsed.data,
    session.token,
  );
  const limits = [coupon.maxRedemptions ? `at most ${coupon.maxRedemptions} workspaces` : '', coupon.plans.length > 0 ? `for ${coupon.plans.join(', ')}` : ''].filter(Boolean);
  console.log(`Coupon ${coupon.code} created: ${coupon.kind} ${coupon.value}${limits.length > 0 ? `, ${limits.join(', ')}` : ''}.`);
} finally {
  // Sign out again; the coupon is made whatever this answers.
  await fetch(`${server}/api${usersEndpoints.logout.path}`, { method: 'POST', headers: { authorization: `Bearer ${session.token}` } }).catch(() => undefined);
}

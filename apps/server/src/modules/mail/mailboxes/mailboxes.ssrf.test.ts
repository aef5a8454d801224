import dns from 'node:dns';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BlockedAddressError, publicAddress } from '../../../platform/outbound-hosts.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { call, signedInOwner } from '../../../test/factories.ts';
import { openImap, smtpTransport } from './mailboxes.transport.ts';

/**
 * The SSRF guard on the hosts a member names for IMAP and SMTP (platform/outbound-hosts.ts): with the switch off
 * (production's default, ALLOW_PRIVATE_HOSTS=false here) private, loopback, link-local and metadata addresses are a
 * localized 400 naming the field, judged after DNS resolution; nothing is connected to and nothing stored.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInOwner>>;
const body = (overrides: Record<string, unknown>) => ({
  email: 'sam@mail.example', imapHost: 'imap.mail.example', imapPort: 993, imapSecurity: 'tls', smtpHost: 'smtp.mail.example', smtpPort: 465, smtpSecurity: 'tls',
  username: 'sam', password: 'app-password', ...overrides,
});
/** Names resolve as a hostile DNS would answer them: `*.internal.example` to private addresses, others to a public one. */
function fakeDns() {
  const answers: Record<string, { address: string; family: number }[]> = {
    'rebind.internal.example': [{ address: '93.184.216.34', family: 4 }, { address: '10.1.2.3', family: 4 }],
    'metadata.internal.example': [{ address: '169.254.169.254', family: 4 }],
    'v6.internal.example': [{ address: 'fe80::1', family: 6 }],
    'mapped.internal.example': [{ address: '::ffff:127.0.0.1', family: 6 }],
  };
  vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string) => answers[host] ?? [{ address: '93.184.216.34', family: 4 }]) as unknown as typeof dns.promises.lookup);
}

beforeAll(async () => {
  t = await buildTestApp({ ALLOW_PRIVATE_HOSTS: 'false' });
  owner = await signedInOwner(t.app, 'Acme');
}, 60_000);
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

const url = (path: string) => `/api${path}?orgId=${owner.orgId}`;

describe('mailbox hosts (SSRF guard on)', () => {
  it('refuses private, loopback, link-local and metadata hosts on connect and test, naming the field in each language', async () => {
    fakeDns();
    const cases: [Record<string, unknown>, string][] = [
      [{ imapHost: '127.0.0.1' }, 'imapHost'],
      [{ imapHost: 'localhost' }, 'imapHost'],
      [{ imapHost: '10.0.0.8' }, 'imapHost'],
      [{ imapHost: 'rebind.internal.example' }, 'imapHost'],
      [{ smtpHost: '169.254.169.254' }, 'smtpHost'],
      [{ smtpHost: 'metadata.internal.example' }, 'smtpHost'],
      [{ smtpHost: 'v6.internal.example' }, 'smtpHost'],
      [{ smtpHost: 'mapped.internal.example' }, 'smtpHost'],
      [{ smtpHost: '192.168.1.10' }, 'smtpHost'],
    ];
    for (const [overrides, field] of cases) {
      for (const path of ['/mailboxes', '/mailboxes/test']) {
        const answer = await call(t.app, 'POST', url(path), { token: owner.token, body: body(overrides) });
        expect(answer.status, `${path} ${JSON.stringify(overrides)}`).toBe(400);
        expect(answer.body.details?.[0]).toMatchObject({ field, reason: 'privateAddress' });
      }
    }
    const zhTW = await call(t.app, 'POST', url('/mailboxes'), { token: owner.token, locale: 'zh-TW', body: body({ imapHost: '127.0.0.1' }) });
    expect(zhTW.body.errorMessage).toContain('IMAP 主機');
    expect(zhTW.body.errorMessage).toContain('內部網路');
    const zhCN = await call(t.app, 'POST', url('/mailboxes'), { token: owner.token, locale: 'zh-CN', body: body({ smtpHost: '169.254.169.254' }) });
    expect(zhCN.body.errorMessage).toContain('SMTP 主机');
    const enUS = await call(t.app, 'POST', url('/mailboxes'), { token: owner.token, locale: 'en-US', body: body({ smtpHost: '169.254.169.254' }) });
    expect(enUS.body.errorMessage).toContain('SMTP server');
    const list = await call(t.app, 'GET', url('/mailboxes'), { token: owner.token });
    expect(list.body.data).toEqual([]);
  });

  it('a public host passes the guard (then the sign-in decides)', async () => {
    fakeDns();
    await expect(publicAddress('imap.mail.example', true)).resolves.toBe('93.184.216.34');
    await expect(publicAddress('8.8.8.8', true)).resolves.toBe('8.8.8.8');
    await expect(publicAddress('[::1]', true)).rejects.toBeInstanceOf(BlockedAddressError);
    // Off (development, tests, a LAN mail server by choice): the host is used as given.
    await expect(publicAddress('127.0.0.1', false)).resolves.toBe('127.0.0.1');
  });

  it('a stored mailbox whose host now resolves privately (DNS rebinding) is not connected to: sync and send see "unreachable"', async () => {
    fakeDns();
    const settings = { imapHost: 'rebind.internal.example', imapPort: 993, imapSecurity: 'tls' as const, smtpHost: 'metadata.internal.example', smtpPort: 465, smtpSecurity: 'tls' as const, username: 'u', password: 'p', blockPrivate: true };
    await expect(openImap(settings)).rejects.toMatchObject({ problem: 'unreachable' });
    await expect(smtpTransport(settings)).rejects.toMatchObject({ problem: 'unreachable' });
  });
});

import { randomBytes } from 'node:crypto';
import { oauthMailProviders, type MailProviderOption, type OAuthMailProvider } from '@lodestar/contract';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Actor } from '../../access/privileges/access-core.ts';
import { ProviderError } from '../../../platform/oauth-client.ts';
import * as mailboxesRepository from './mailboxes.repository.ts';
import type { MailboxRow } from './mailboxes.repository.ts';
import { codeChallenge, type MailApi, type TokenSession } from './mailboxes.remote.ts';
import type { MailDeps } from './mailboxes.deps.ts';
import { MailServerError } from './mailboxes.transport.ts';

/**
 * Connecting Gmail and Outlook mailboxes: authorization code + PKCE (S256) with the calendar's Google and
 * Microsoft clients (config google / outlook). The verifier rides in the signed state encrypted, so only this
 * server can redeem the code. Tokens are stored encrypted (platform/secrets.ts) and renewed as calendar's are.
 */
const stateLifetimeMs = 15 * 60_000;

export function isConfigured(deps: MailDeps, provider: OAuthMailProvider): boolean {
  const settings = deps.oauth[provider];
  return Boolean(settings.clientId && settings.clientSecret);
}

/** IMAP always; Gmail and Outlook when the server has their client (the web labels the others "not set up"). */
export function providerOptions(deps: MailDeps): MailProviderOption[] {
  return [{ provider: 'imap', configured: true }, ...oauthMailProviders.map((provider) => ({ provider, configured: isConfigured(deps, provider) }))];
}

const redirectUri = (deps: MailDeps, provider: OAuthMailProvider) => `${deps.publicUrl}/api/mailboxes/oauth/${provider}/callback`;

export function authorizeUrl(deps: MailDeps, actor: Actor, provider: OAuthMailProvider, backfillDays: number): { url: string } {
  if (!isConfigured(deps, provider)) throw new AppError('MAILBOX_PROVIDER_NOT_CONFIGURED');
  const verifier = randomBytes(32).toString('base64url');
  const payload = Buffer.from(
    JSON.stringify({ o: actor.orgId, u: actor.userId, p: provider, b: backfillDays, v: deps.secrets.encrypt(verifier), e: Date.now() + stateLifetimeMs }),
  ).toString('base64url');
  return { url: deps.apis[provider].authorizeUrl(`${payload}.${deps.secrets.sign(payload)}`, codeChallenge(verifier), redirectUri(deps, provider)) };
}

interface State {
  orgId: string;
  userId: string;
  backfillDays: number;
  verifier: string;
}

function readState(deps: MailDeps, provider: OAuthMailProvider, state: string | undefined): State | undefined {
  const [payload, signature] = (state ?? '').split('.');
  if (!payload || !signature || !deps.secrets.verify(payload, signature)) return undefined;
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { o: string; u: string; p: string; b: number; v: string; e: number };
    if (value.p !== provider || value.e < Date.now()) return undefined;
    return { orgId: value.o, userId: value.u, backfillDays: value.b, verifier: deps.secrets.decrypt(value.v) };
  } catch {
    return undefined;
  }
}

/**
 * The provider sends the browser back here. Connects the mailbox (or reconnects it: new tokens, health cleared) and
 * answers where the browser goes next with the outcome, plus the mailbox id to sync when connected.
 */
export async function completeAuthorization(
  db: Db,
  deps: MailDeps,
  provider: OAuthMailProvider,
  query: { code?: string; state?: string; error?: string },
): Promise<{ target: string; mailboxId?: string; error?: unknown }> {
  const page = (outcome: string) => `${deps.publicUrl}/account/mailboxes?provider=${provider}&outcome=${outcome}`;
  const owner = readState(deps, provider, query.state);
  if (!owner || !isConfigured(deps, provider)) return { target: page('invalid') };
  if (query.error || !query.code) return { target: page('denied') };
  try {
    const { tokens, email } = await deps.apis[provider].exchangeCode(query.code, owner.verifier, redirectUri(deps, provider));
    const secrets = {
      accessToken: deps.secrets.encrypt(tokens.accessToken),
      refreshToken: tokens.refreshToken ? deps.secrets.encrypt(tokens.refreshToken) : null,
      tokenExpiresAt: tokens.expiresAt,
    };
    const existing = (await mailboxesRepository.listUserMailboxes(db, owner.orgId, owner.userId)).find((row) => row.email === email);
    const row = existing
      ? await mailboxesRepository.updateMailbox(db, owner.orgId, existing.id, { ...secrets, provider, status: 'syncing', lastProblem: null, lastError: null, syncAt: new Date() })
      : await mailboxesRepository.insertMailbox(db, {
          orgId: owner.orgId, userId: owner.userId, provider, email,
          imapHost: '', imapPort: 0, imapSecurity: 'tls', smtpHost: '', smtpPort: 0, smtpSecurity: 'tls', username: email, password: '',
          backfillDays: owner.backfillDays, ...secrets,
        });
    return { target: `${page('connected')}&orgId=${owner.orgId}`, mailboxId: row?.id };
  } catch (error) {
    return { target: page('failed'), error };
  }
}

/**
 * The mailbox's access token, renewed (and stored encrypted again) when it expires within a minute or the provider
 * answered 401. A refused refresh token (revoked, password changed) is authFailed: the health line says reconnect.
 */
export function tokenSession(db: Db, deps: MailDeps, api: MailApi, mailbox: MailboxRow): TokenSession {
  return {
    async token(forceRefresh = false) {
      const expiring = mailbox.tokenExpiresAt && mailbox.tokenExpiresAt.getTime() < Date.now() + 60_000;
      if (!forceRefresh && !expiring && mailbox.accessToken) return deps.secrets.decrypt(mailbox.accessToken);
      if (!mailbox.refreshToken) throw new MailServerError('authFailed', 'no refresh token: reconnect the mailbox');
      let tokens;
      try {
        tokens = await api.refresh(deps.secrets.decrypt(mailbox.refreshToken));
      } catch (error) {
        if (error instanceof ProviderError && error.status >= 400 && error.status < 500) throw new MailServerError('authFailed', error.message.slice(0, 500));
        throw new MailServerError('unreachable', String(error).slice(0, 500));
      }
      const values = {
        accessToken: deps.secrets.encrypt(tokens.accessToken),
        refreshToken: tokens.refreshToken ? deps.secrets.encrypt(tokens.refreshToken) : mailbox.refreshToken,
        tokenExpiresAt: tokens.expiresAt,
      };
      await mailboxesRepository.updateMailbox(db, mailbox.orgId, mailbox.id, values);
      Object.assign(mailbox, values);
      return tokens.accessToken;
    },
  };
}

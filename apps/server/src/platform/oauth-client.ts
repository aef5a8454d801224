import type { CalendarProviderConfig } from '../config.ts';

/**
 * The OAuth 2.0 client shared by calendar sync and Gmail/Outlook mailboxes (both use config google / outlook):
 * the token endpoint's authorization_code and refresh_token grants (RFC 6749, PKCE's code_verifier passed through)
 * and the claims of an ID token received from it.
 */

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  idToken: string | null;
  expiresAt: Date | null;
}

/** The provider answered with an error (status kept for retry decisions and the account's lastError). */
export class ProviderError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ProviderError';
    this.status = status;
  }
}

/** The OAuth 2.0 token endpoint (authorization_code or refresh_token grant), form-encoded as RFC 6749 asks. */
export async function tokenRequest(settings: CalendarProviderConfig, params: Record<string, string>): Promise<{ tokens: OAuthTokens; raw: Record<string, unknown> }> {
  const body = new URLSearchParams({ client_id: settings.clientId ?? '', client_secret: settings.clientSecret ?? '', ...params });
  const response = await fetch(settings.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: body.toString(),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new ProviderError(response.status, `POST ${new URL(settings.tokenUrl).pathname} answered ${response.status}: ${text.slice(0, 300)}`);
  const raw = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  if (typeof raw.access_token !== 'string') throw new ProviderError(502, 'token endpoint answered without access_token');
  const expiresIn = typeof raw.expires_in === 'number' ? raw.expires_in : Number(raw.expires_in ?? NaN);
  return {
    raw,
    tokens: {
      accessToken: raw.access_token,
      refreshToken: typeof raw.refresh_token === 'string' ? raw.refresh_token : (params.refresh_token ?? null),
      idToken: typeof raw.id_token === 'string' ? raw.id_token : null,
      expiresAt: Number.isFinite(expiresIn) ? new Date(Date.now() + expiresIn * 1000) : null,
    },
  };
}

/** Claims of an ID token received straight from the token endpoint over TLS (OIDC §3.1.3.7 lets us skip the signature check). */
export function idTokenClaims(idToken: string | null): Record<string, unknown> {
  if (!idToken) return {};
  try {
    return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

import { createPublicKey, sign, verify, type JsonWebKey } from 'node:crypto';
import type { AppleConfig } from '../../../config.ts';
import { AppError } from '../../../platform/errors.ts';

/**
 * Apple's side of Sign in with Apple, with Node's crypto only: the ES256 client secret, the token endpoint,
 * Apple's public keys and the ID token checks. Paths are Apple's (/auth/authorize, /auth/token, /auth/keys)
 * under config.authUrl, which the tests point at src/test/apple-double.ts.
 */

/** Apple lets a client secret live up to six months; a few minutes is all one exchange needs. */
const clientSecretSeconds = 5 * 60;
/** Apple's keys rotate rarely; an unknown `kid` fetches them again at once. */
const keysTtlMs = 60 * 60_000;
/** Clock skew allowed on `exp`. */
const skewSeconds = 30;

export interface AppleIdentity {
  /** Apple's stable user id. */
  subject: string;
  /** Lower-case; undefined when Apple sent none. */
  email: string | undefined;
  emailVerified: boolean;
  isPrivateEmail: boolean;
}

function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The client secret: a JWT signed ES256 with the key Apple issued (header kid; iss team, sub services id, aud Apple). */
export function clientSecret(config: AppleConfig, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const head = base64urlJson({ alg: 'ES256', kid: config.keyId });
  const body = base64urlJson({ iss: config.teamId, iat, exp: iat + clientSecretSeconds, aud: config.authUrl, sub: config.servicesId });
  // JWS wants the raw r||s signature, not DER.
  const signature = sign('sha256', Buffer.from(`${head}.${body}`), { key: config.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${head}.${body}.${signature.toString('base64url')}`;
}

export function authorizeUrl(config: AppleConfig, input: { redirectUri: string; state: string; nonce: string }): string {
  const query = new URLSearchParams({
    client_id: config.servicesId,
    redirect_uri: input.redirectUri,
    response_type: 'code',
    // Asking for name or email requires the form-post answer.
    scope: 'name email',
    response_mode: 'form_post',
    state: input.state,
    nonce: input.nonce,
  });
  return `${config.authUrl}/auth/authorize?${query.toString()}`;
}

/** Exchanges the authorization code for Apple's ID token (the one to trust, rather than the form's copy). */
export async function exchangeCode(config: AppleConfig, code: string, redirectUri: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${config.authUrl}/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: config.servicesId,
        client_secret: clientSecret(config),
        code,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new AppError('APPLE_AUTHORIZATION_FAILED');
  }
  const body = (await response.json().catch(() => null)) as { id_token?: unknown } | null;
  if (!response.ok || typeof body?.id_token !== 'string') throw new AppError('APPLE_AUTHORIZATION_FAILED');
  return body.id_token;
}

type Jwk = JsonWebKey & { kid?: string };
const keyCache = new Map<string, { keys: Jwk[]; fetchedAt: number }>();

async function appleKeys(config: AppleConfig, refresh: boolean): Promise<Jwk[]> {
  const cached = keyCache.get(config.authUrl);
  if (cached && !refresh && Date.now() - cached.fetchedAt < keysTtlMs) return cached.keys;
  try {
    const response = await fetch(`${config.authUrl}/auth/keys`, { signal: AbortSignal.timeout(10_000) });
    const body = (await response.json()) as { keys?: Jwk[] };
    const keys = Array.isArray(body.keys) ? body.keys : [];
    keyCache.set(config.authUrl, { keys, fetchedAt: Date.now() });
    return keys;
  } catch {
    throw new AppError('APPLE_AUTHORIZATION_FAILED');
  }
}

async function keyFor(config: AppleConfig, kid: string | undefined): Promise<Jwk | undefined> {
  const find = (keys: Jwk[]) => keys.find((key) => key.kid === kid && key.kty === 'RSA');
  return find(await appleKeys(config, false)) ?? find(await appleKeys(config, true));
}

function decodePart(part: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
    if (value && typeof value === 'object') return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new AppError('APPLE_TOKEN_SIGNATURE_INVALID');
}

/** Apple sends booleans as JSON booleans or as the strings "true"/"false". */
function flag(value: unknown): boolean {
  return value === true || value === 'true';
}

/**
 * Checks an ID token: RS256 signature by one of Apple's keys, `iss` Apple, `aud` our services id, `exp` in the
 * future, `nonce` the one this sign-in sent. Each failure is its own error code.
 */
export async function verifyIdToken(config: AppleConfig, idToken: string, expectedNonce: string, now = Date.now()): Promise<AppleIdentity> {
  const [head, body, signature] = idToken.split('.');
  const header = decodePart(head);
  const claims = decodePart(body);
  if (header.alg !== 'RS256' || !signature) throw new AppError('APPLE_TOKEN_SIGNATURE_INVALID');
  const jwk = await keyFor(config, typeof header.kid === 'string' ? header.kid : undefined);
  if (!jwk) throw new AppError('APPLE_TOKEN_SIGNATURE_INVALID');
  const valid = verify('sha256', Buffer.from(`${head}.${body}`), createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(signature, 'base64url'));
  if (!valid) throw new AppError('APPLE_TOKEN_SIGNATURE_INVALID');

  if (claims.iss !== config.authUrl) throw new AppError('APPLE_TOKEN_ISSUER_INVALID');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(config.servicesId)) throw new AppError('APPLE_TOKEN_AUDIENCE_INVALID');
  if (typeof claims.exp !== 'number' || claims.exp + skewSeconds <= Math.floor(now / 1000)) throw new AppError('APPLE_TOKEN_EXPIRED');
  if (claims.nonce !== expectedNonce) throw new AppError('APPLE_NONCE_INVALID');
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new AppError('APPLE_TOKEN_SIGNATURE_INVALID');
  return {
    subject: claims.sub,
    email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined,
    emailVerified: flag(claims.email_verified),
    isPrivateEmail: flag(claims.is_private_email),
  };
}

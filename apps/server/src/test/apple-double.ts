import { generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Apple's Sign in with Apple service, speaking its protocol: /auth/authorize (a consent page
 * whose button form-posts code, state and user to the redirect_uri, as Apple does with response_mode=form_post),
 * /auth/token (checks the ES256 client secret against the key it handed out, then answers an RS256 ID token) and
 * /auth/keys (its JWKS). Used by the API tests and the e2e journey (APPLE_AUTH_URL=<url>).
 */

export type AppleMisbehaviour = 'signature' | 'audience' | 'expired' | 'nonce' | undefined;

export interface AppleIdentityInput {
  sub: string;
  email: string;
  isPrivateEmail?: boolean;
  firstName?: string;
  lastName?: string;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  nonce: string;
  identity: AppleIdentityInput;
  misbehaviour: AppleMisbehaviour;
}

export interface AppleDouble {
  url: string;
  env: Record<string, string>;
  /** How the next ID token goes wrong (reset after one token). */
  misbehaveOnce(kind: AppleMisbehaviour): void;
  /** What "the user pressed Continue on Apple's page" posts to the callback, as form fields. */
  consent(authorizeUrl: string, identity: AppleIdentityInput): Record<string, string>;
  /** The nonces of the ID tokens issued so far (a test replays one). */
  issuedNonces: string[];
  /** Next ID tokens carry this nonce instead of the authorization's (a replay). */
  replayNonce(nonce: string | undefined): void;
  close(): Promise<void>;
}

const servicesId = 'com.lodestar.test.signin';
const teamId = 'TEAM123456';
const keyId = 'KEY1234567';
const signingKid = 'double-rsa-1';

function b64json(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function signRs256(claims: Record<string, unknown>, key: KeyObject): string {
  const head = b64json({ alg: 'RS256', kid: signingKid });
  const body = b64json(claims);
  return `${head}.${body}.${sign('sha256', Buffer.from(`${head}.${body}`), key).toString('base64url')}`;
}

/** The client secret must be an ES256 JWT by the handed-out key, about this client, for this "Apple". */
function clientSecretValid(secret: string, publicKey: KeyObject, issuer: string): boolean {
  const [head, body, signature] = secret.split('.');
  if (!head || !body || !signature) return false;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as Record<string, unknown>;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    return (
      signed &&
      header.alg === 'ES256' &&
      header.kid === keyId &&
      claims.iss === teamId &&
      claims.sub === servicesId &&
      claims.aud === issuer &&
      typeof claims.exp === 'number' &&
      claims.exp > Date.now() / 1000
    );
  } catch {
    return false;
  }
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.on('data', (chunk: Buffer) => (data += chunk.toString()));
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function startAppleDouble(options: { port?: number } = {}): Promise<AppleDouble> {
  const clientKey = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const codes = new Map<string, IssuedCode>();
  const issuedNonces: string[] = [];
  let misbehaviour: AppleMisbehaviour;
  let replayed: string | undefined;
  let issuer = '';

  function issueCode(query: URLSearchParams, identity: AppleIdentityInput): Record<string, string> {
    const code = `c${randomBytes(16).toString('hex')}.0.double`;
    codes.set(code, {
      clientId: query.get('client_id') ?? '',
      redirectUri: query.get('redirect_uri') ?? '',
      nonce: query.get('nonce') ?? '',
      identity,
      misbehaviour,
    });
    misbehaviour = undefined;
    const fields: Record<string, string> = { code, state: query.get('state') ?? '' };
    if (identity.firstName || identity.lastName) {
      fields.user = JSON.stringify({ name: { firstName: identity.firstName ?? '', lastName: identity.lastName ?? '' }, email: identity.email });
    }
    return fields;
  }

  function idToken(issued: IssuedCode): string {
    const now = Math.floor(Date.now() / 1000);
    const nonce = replayed ?? issued.nonce;
    issuedNonces.push(nonce);
    const claims = {
      iss: issuer,
      aud: issued.misbehaviour === 'audience' ? 'com.someone.else' : issued.clientId,
      exp: issued.misbehaviour === 'expired' ? now - 3600 : now + 600,
      iat: issued.misbehaviour === 'expired' ? now - 4200 : now,
      sub: issued.identity.sub,
      nonce: issued.misbehaviour === 'nonce' ? 'not-the-nonce-you-sent' : nonce,
      nonce_supported: true,
      email: issued.identity.email,
      email_verified: 'true',
      is_private_email: issued.identity.isPrivateEmail ? 'true' : 'false',
    };
    return signRs256(claims, issued.misbehaviour === 'signature' ? strangerKey.privateKey : signingKey.privateKey);
  }

  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://double');
      if (request.method === 'GET' && url.pathname === '/auth/authorize') {
        // Apple's consent page, reduced to an email field (so a journey picks its identity) and the button.
        const q = url.searchParams;
        const hidden = ['client_id', 'redirect_uri', 'state', 'nonce'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? '')}">`).join('');
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          `<!doctype html><html lang="en"><title>Apple ID (test double)</title><main><h1>Sign in with Apple ID</h1>` +
            `<form method="post" action="/auth/consent">${hidden}<label>Email <input name="email" value="relay-${randomBytes(4).toString('hex')}@privaterelay.appleid.com"></label>` +
            `<label>First name <input name="firstName" value="Apple"></label><button type="submit">Continue</button></form></main></html>`,
        );
        return;
      }
      if (request.method === 'POST' && url.pathname === '/auth/consent') {
        const form = new URLSearchParams(await readBody(request));
        const email = form.get('email') ?? '';
        const fields = issueCode(form, { sub: `001234.${Buffer.from(email).toString('hex').slice(0, 32)}.0001`, email, firstName: form.get('firstName') ?? '', isPrivateEmail: email.endsWith('privaterelay.appleid.com') });
        const inputs = Object.entries(fields).map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`).join('');
        // response_mode=form_post: the browser posts the answer to the redirect_uri by itself.
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(`<!doctype html><html><body><form id="f" method="post" action="${escapeHtml(form.get('redirect_uri') ?? '')}">${inputs}</form><script>document.getElementById('f').submit()</script></body></html>`);
        return;
      }
      if (request.method === 'POST' && url.pathname === '/auth/token') {
        const form = new URLSearchParams(await readBody(request));
        const issued = codes.get(form.get('code') ?? '');
        const fail = (error: string) => {
          response.writeHead(400, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error }));
        };
        if (!clientSecretValid(form.get('client_secret') ?? '', clientKey.publicKey, issuer) || form.get('client_id') !== servicesId) return fail('invalid_client');
        if (!issued || form.get('grant_type') !== 'authorization_code' || form.get('redirect_uri') !== issued.redirectUri) return fail('invalid_grant');
        codes.delete(form.get('code') ?? '');
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 3600, refresh_token: randomBytes(16).toString('hex'), id_token: idToken(issued) }));
        return;
      }
      if (request.method === 'GET' && url.pathname === '/auth/keys') {
        const jwk = signingKey.publicKey.export({ format: 'jwk' });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ keys: [{ ...jwk, kid: signingKid, use: 'sig', alg: 'RS256' }] }));
        return;
      }
      response.writeHead(404).end();
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: issuer,
    env: {
      APPLE_SERVICES_ID: servicesId,
      APPLE_TEAM_ID: teamId,
      APPLE_KEY_ID: keyId,
      APPLE_PRIVATE_KEY: clientKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      APPLE_AUTH_URL: issuer,
    },
    misbehaveOnce: (kind) => {
      misbehaviour = kind;
    },
    consent: (authorizeUrl, identity) => issueCode(new URL(authorizeUrl).searchParams, identity),
    issuedNonces,
    replayNonce: (nonce) => {
      replayed = nonce;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import { describe, expect, it } from 'vitest';
import { lineSignature, lineSignatureValid } from './line.signature.ts';

// Golden vectors computed outside Node with `openssl dgst -sha256 -hmac <secret> -binary | base64`.
const vectors = [
  {
    secret: '0123456789abcdef0123456789abcdef',
    body: '{"destination":"U0123456789abcdef0123456789abcdef","events":[]}',
    signature: '94lIexwJJhBAEvU5fHF/i4JXKbSzbpgGUoZUZlwge9Q=',
  },
  {
    secret: 'fedcba9876543210fedcba9876543210',
    body: '{"events":[{"type":"message","message":{"type":"text","text":"你好"}}]}',
    signature: 'ruvhFvxqNgi0RE4ZhlshKoiDB1NFmbw6uuDaPEUsdgw=',
  },
];

describe('LINE webhook signature', () => {
  it.each(vectors)('matches the golden vector ($signature)', ({ secret, body, signature }) => {
    expect(lineSignature(secret, Buffer.from(body, 'utf8'))).toBe(signature);
    expect(lineSignatureValid(secret, Buffer.from(body, 'utf8'), signature)).toBe(true);
  });

  it('refuses a wrong secret, a changed byte, re-serialized JSON and a missing header', () => {
    const { secret, body, signature } = vectors[1]!;
    expect(lineSignatureValid('00000000000000000000000000000000', Buffer.from(body), signature)).toBe(false);
    expect(lineSignatureValid(secret, Buffer.from(body.replace('你好', '您好')), signature)).toBe(false);
    // Same JSON value, other bytes (spacing): the signature is over the raw body, not the parsed value.
    expect(lineSignatureValid(secret, Buffer.from(JSON.stringify(JSON.parse(body), null, 1)), signature)).toBe(false);
    expect(lineSignatureValid(secret, Buffer.from(body), undefined)).toBe(false);
    expect(lineSignatureValid(secret, Buffer.from(body), 'short')).toBe(false);
  });
});

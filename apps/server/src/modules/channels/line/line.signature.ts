import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * LINE signs every webhook request: `x-line-signature` is the Base64 HMAC-SHA256 of the raw request body
 * under the channel secret. Checked on the bytes as received — re-serialized JSON would not match.
 */
export function lineSignature(channelSecret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', channelSecret).update(rawBody).digest('base64');
}

export function lineSignatureValid(channelSecret: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(lineSignature(channelSecret, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

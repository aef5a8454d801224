import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * Secrets at rest (calendar OAuth tokens): AES-256-GCM with a random 12-byte nonce per value,
 * stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). The key is ENCRYPTION_KEY or, when unset,
 * a random key written once to DATA_DIR/encryption.key (docs/decisions/0006).
 */
export interface Secrets {
  encrypt(plaintext: string): string;
  decrypt(stored: string): string;
  /** HMAC-SHA256 under a key derived from the same secret, for signed values such as OAuth state. */
  sign(value: string): string;
  verify(value: string, signature: string): boolean;
}

const keyFileName = 'encryption.key';

/** The configured key, or the key file under dataDir (created once, mode 600, never overwritten). */
export function loadEncryptionKey(config: Pick<Config, 'encryptionKey' | 'dataDir'>): Buffer {
  if (config.encryptionKey) return config.encryptionKey;
  const file = path.join(config.dataDir, keyFileName);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep the first key.
    fs.writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

export function createSecrets(key: Buffer): Secrets {
  // Separate keys for encryption and signing, derived from the one secret.
  const encryptionKey = createHash('sha256').update(key).update('encrypt').digest();
  const signingKey = createHash('sha256').update(key).update('sign').digest();
  return {
    encrypt(plaintext) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, nonce);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    decrypt(stored) {
      const [version, nonce, tag, ciphertext] = stored.split('.');
      if (version !== 'v1' || !nonce || !tag || ciphertext === undefined) throw new Error('not an encrypted value');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
    sign(value) {
      return createHmac('sha256', signingKey).update(value).digest('base64url');
    },
    verify(value, signature) {
      const expected = Buffer.from(createHmac('sha256', signingKey).update(value).digest('base64url'));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** The secrets, loaded on first call: a server that never needs them never writes a key file. */
export function lazySecrets(config: Pick<Config, 'encryptionKey' | 'dataDir'>): () => Secrets {
  let secrets: Secrets | undefined;
  return () => (secrets ??= createSecrets(loadEncryptionKey(config)));
}

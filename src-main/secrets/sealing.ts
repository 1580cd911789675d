import type { Sealer } from '../store/secret-sealer';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (docs/security.md): integration secrets, sites' visitor keys and share-link keys, the
 * URL-signing keys and the team server token are kept in folio.sqlite sealed with AES-256-GCM under a key
 * kept outside the database (secrets/key-store.ts), so a copied database alone reveals none of them.
 *
 * A sealed value is self-describing text, `sealed:v1:<base64 of nonce · ciphertext · tag>`, so a value
 * written by an older Folio (plaintext) is told apart and sealed when the new version first opens the store.
 */
const SEALED_PREFIX = 'sealed:v1:';

/** The length of a sealing key: AES-256. */
export const SECRET_KEY_BYTES = 32;

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** Binds every ciphertext to its purpose, so nothing else sealed with AES-GCM under the same key ever fits. */
const ASSOCIATED_DATA = Buffer.from('folio secret v1');

/** A key that does not open a sealed value: the wrong key file, or a value altered in the database. */
export class UnsealError extends Error {}


export function isSealed(value: string): boolean {
  return value.startsWith(SEALED_PREFIX);
}

export function newSecretKey(): Buffer {
  return randomBytes(SECRET_KEY_BYTES);
}

export function createSealer(key: Buffer): Sealer {
  if (key.length !== SECRET_KEY_BYTES) throw new Error(`a sealing key is ${SECRET_KEY_BYTES} bytes, not ${key.length}`);
  return {
    seal(plaintext) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(ASSOCIATED_DATA);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([nonce, body, cipher.getAuthTag()]).toString('base64');
    },
    unseal(stored) {
      if (!isSealed(stored)) return stored;
      const bytes = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64');
      if (bytes.length < NONCE_BYTES + TAG_BYTES) throw new UnsealError('a sealed secret is truncated');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
      decipher.setAAD(ASSOCIATED_DATA);
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new UnsealError('a sealed secret does not open with this key (another key file, or an altered value)');
      }
    },
    fingerprint: createHmac('sha256', key).update('folio secrets key fingerprint v1').digest('hex'),
  };
}

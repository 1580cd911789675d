import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random public id (20 base-62 characters, ~119 bits): unguessable and collision-free across replicas. */
export function newId(length = 20): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (const byte of bytes) {
    // 248 = 4 * 62: rejecting the top of the range keeps every character equally likely.
    if (byte >= 248) continue;
    out += ALPHABET[byte % 62];
    if (out.length === length) return out;
  }
  return out + newId(length - out.length);
}

import { describe, expect, it } from 'vitest';
import { createSealer, isSealed, newSecretKey, UnsealError } from '../../src-main/secrets/sealing';

describe('sealing a secret', () => {
  const sealer = createSealer(newSecretKey());

  it('gives self-describing text that opens to the secret, different at every sealing', () => {
    const first = sealer.seal('integration-secret ☃');
    expect(first).toMatch(/^sealed:v1:[A-Za-z0-9+/]+=*$/);
    expect(first).not.toContain('integration-secret');
    expect(sealer.seal('integration-secret ☃')).not.toBe(first);
    expect(sealer.unseal(first)).toBe('integration-secret ☃');
  });

  it('reads a value written before sealing existed as it is', () => {
    expect(isSealed('0123abcd')).toBe(false);
    expect(sealer.unseal('0123abcd')).toBe('0123abcd');
  });

  it('refuses a value sealed with another key, or altered', () => {
    const sealed = sealer.seal('secret');
    expect(() => createSealer(newSecretKey()).unseal(sealed)).toThrow(UnsealError);
    const body = Buffer.from(sealed.slice('sealed:v1:'.length), 'base64');
    body[body.length - 20]! ^= 1;
    expect(() => sealer.unseal(`sealed:v1:${body.toString('base64')}`)).toThrow(/does not open with this key/);
    expect(() => sealer.unseal('sealed:v1:AAAA')).toThrow(/truncated/);
  });

  it('fingerprints its key without revealing it', () => {
    const key = newSecretKey();
    expect(createSealer(key).fingerprint).toBe(createSealer(Buffer.from(key)).fingerprint);
    expect(createSealer(key).fingerprint).not.toContain(key.toString('hex'));
    expect(createSealer(newSecretKey()).fingerprint).not.toBe(createSealer(key).fingerprint);
  });
});

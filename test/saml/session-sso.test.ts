import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, ssoCodeFromHash, TOKEN_KEY } from '../../src-renderer/src/stores/session-store';
import { memoryStorage } from '../../src-renderer/src/stores/storage';
import { unauthorizedError, user } from '../renderer/fake-client';

function setup(exchangeSsoCode: (code: string) => Promise<string>, verify = vi.fn(async (_token: string) => user())) {
  const storage = memoryStorage({});
  return { storage, verify, session: createSessionStore({ storage, verify, exchangeSsoCode }) };
}

describe("the browser's return from single sign-on", () => {
  it('reads the code from the address the ACS redirects to, and nothing from other addresses', () => {
    expect(ssoCodeFromHash('#/sso/complete?code=abc-DEF_123')).toBe('abc-DEF_123');
    expect(ssoCodeFromHash('#/sso/complete')).toBeUndefined();
    expect(ssoCodeFromHash('#/spaces/abc?code=x')).toBeUndefined();
    expect(ssoCodeFromHash('')).toBeUndefined();
  });

  it('trades the code for a token, checks it, and keeps it as a pasted token is kept', async () => {
    const exchange = vi.fn(async (_code: string) => 'folio_from_sso');
    const { session, storage, verify } = setup(exchange);
    const completing = session.getState().completeSso('the-code');
    expect(session.getState().status).toBe('checking');
    await expect(completing).resolves.toBe(true);
    expect(exchange).toHaveBeenCalledWith('the-code');
    expect(verify).toHaveBeenCalledWith('folio_from_sso');
    expect(session.getState()).toMatchObject({ status: 'signed-in', token: 'folio_from_sso', error: undefined });
    expect(storage.getItem(TOKEN_KEY)).toBe('folio_from_sso');
  });

  it('says why when the server refuses the code, and keeps nothing', async () => {
    const { session, storage, verify } = setup(async () => {
      throw new Error('code: this sign-in code is unknown, used or expired; sign in again');
    });
    await expect(session.getState().completeSso('stale')).resolves.toBe(false);
    expect(verify).not.toHaveBeenCalled();
    expect(session.getState()).toMatchObject({ status: 'signed-out', token: undefined });
    expect(session.getState().error).toBe('Single sign-on did not complete: code: this sign-in code is unknown, used or expired; sign in again');
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('keeps nothing when the token it got is then refused', async () => {
    const { session, storage } = setup(async () => 'folio_revoked', vi.fn(async () => { throw unauthorizedError(); }));
    await expect(session.getState().completeSso('code')).resolves.toBe(false);
    expect(session.getState().status).toBe('signed-out');
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });
});

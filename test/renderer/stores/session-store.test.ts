import { describe, expect, it, vi } from 'vitest';
import { createSessionStore, normalizeToken, TOKEN_KEY } from '../../../src-renderer/src/stores/session-store';
import { memoryStorage } from '../../../src-renderer/src/stores/storage';
import { serverError, unauthorizedError, user } from '../fake-client';

function setup(saved?: string, verify = vi.fn(async (_token: string) => user())) {
  const storage = memoryStorage(saved ? { [TOKEN_KEY]: saved } : {});
  return { storage, verify, session: createSessionStore({ storage, verify }) };
}

describe('the session store', () => {
  it('starts signed out without a saved token, and signed in with one', () => {
    expect(setup().session.getState()).toMatchObject({ status: 'signed-out', token: undefined });
    expect(setup('folio_saved').session.getState()).toMatchObject({ status: 'signed-in', token: 'folio_saved' });
  });

  it('checks a token with the server before keeping it', async () => {
    const { session, storage, verify } = setup();
    const signingIn = session.getState().signIn('  Bearer folio_abc \n');
    expect(session.getState().status).toBe('checking');
    await expect(signingIn).resolves.toBe(true);
    expect(verify).toHaveBeenCalledWith('folio_abc');
    expect(session.getState()).toMatchObject({ status: 'signed-in', token: 'folio_abc', error: undefined });
    expect(storage.getItem(TOKEN_KEY)).toBe('folio_abc');
  });

  it('refuses an empty token without asking the server', async () => {
    const { session, verify } = setup();
    await expect(session.getState().signIn('   ')).resolves.toBe(false);
    expect(verify).not.toHaveBeenCalled();
    expect(session.getState()).toMatchObject({ status: 'signed-out', error: 'Paste an API token first.' });
  });

  it("shows the server's words when it refuses the token, and keeps nothing", async () => {
    const { session, storage } = setup(undefined, vi.fn().mockRejectedValue(unauthorizedError()));
    await expect(session.getState().signIn('folio_wrong')).resolves.toBe(false);
    expect(session.getState().status).toBe('signed-out');
    expect(session.getState().error).toBe('The server did not accept this token: Missing or invalid API token');
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('says when the server cannot be reached rather than blaming the token', async () => {
    const network = Object.assign(new Error('Failed to fetch'), { name: 'TRPCClientError' });
    const { session } = setup(undefined, vi.fn().mockRejectedValue(network));
    await session.getState().signIn('folio_abc');
    expect(session.getState().error).toBe('Could not reach the Folio server (Failed to fetch).');
  });

  it('passes on any other server error as it is', async () => {
    const { session } = setup(undefined, vi.fn().mockRejectedValue(serverError('Database is locked', 'INTERNAL_SERVER_ERROR', 500)));
    await session.getState().signIn('folio_abc');
    expect(session.getState().error).toBe('Database is locked');
  });

  it('forgets the token on sign-out', () => {
    const { session, storage } = setup('folio_saved');
    session.getState().signOut();
    expect(session.getState()).toMatchObject({ status: 'signed-out', token: undefined, notice: 'You are signed out.' });
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('returns to the form with the reason when the server rejects the saved token', () => {
    const { session, storage } = setup('folio_revoked');
    session.getState().expire('Missing or invalid API token');
    expect(session.getState().status).toBe('signed-out');
    expect(session.getState().notice).toContain('rejected your token (Missing or invalid API token)');
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('clears an old notice and error once signed in', async () => {
    const { session } = setup('folio_revoked');
    session.getState().expire('Missing or invalid API token');
    await session.getState().signIn('');
    await session.getState().signIn('folio_new');
    expect(session.getState()).toMatchObject({ status: 'signed-in', notice: undefined, error: undefined });
  });
});

describe('normalizeToken', () => {
  it('strips whitespace and a pasted Bearer prefix', () => {
    expect(normalizeToken(' folio_x ')).toBe('folio_x');
    expect(normalizeToken('bearer   folio_x')).toBe('folio_x');
    expect(normalizeToken('Bearer ')).toBe('');
  });
});

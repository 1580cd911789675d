import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../api/errors';
import type { KeyValueStorage } from './storage';

/** Where the browser keeps the API token between visits. */
export const TOKEN_KEY = 'folio.apiToken';

export type SessionStatus = 'signed-out' | 'checking' | 'signed-in';

/** The browser's sign-in: a pasted API token, checked against the server before it is kept. */
export interface SessionState {
  status: SessionStatus;
  token?: string;
  /** Why the sign-in form is shown again (for example the server stopped accepting the saved token). */
  notice?: string;
  /** Why the last sign-in attempt failed. */
  error?: string;
  /** Resolves to whether the token was accepted. */
  signIn(token: string): Promise<boolean>;
  signOut(): void;
  /** The server answered 401: forget the token and say why. */
  expire(message: string): void;
}

export interface SessionDependencies {
  storage: KeyValueStorage;
  /** Any authenticated call made with this token (user.me); it rejects when the token is refused. */
  verify(token: string): Promise<unknown>;
}

export type SessionStore = StoreApi<SessionState>;

export function createSessionStore({ storage, verify }: SessionDependencies): SessionStore {
  const saved = storage.getItem(TOKEN_KEY) ?? undefined;

  return createStore<SessionState>()((set) => ({
    // A saved token is trusted until the server says otherwise: the first 401 calls expire().
    status: saved ? 'signed-in' : 'signed-out',
    token: saved,

    async signIn(input) {
      const token = normalizeToken(input);
      if (!token) {
        set({ error: 'Paste an API token first.' });
        return false;
      }
      set({ status: 'checking', error: undefined });
      try {
        await verify(token);
      } catch (error) {
        const { message, unauthorized } = describeError(error);
        set({ status: 'signed-out', error: unauthorized ? `The server did not accept this token: ${message}` : message });
        return false;
      }
      storage.setItem(TOKEN_KEY, token);
      set({ status: 'signed-in', token, notice: undefined, error: undefined });
      return true;
    },

    signOut() {
      storage.removeItem(TOKEN_KEY);
      set({ status: 'signed-out', token: undefined, notice: 'You are signed out.', error: undefined });
    },

    expire(message) {
      storage.removeItem(TOKEN_KEY);
      set({
        status: 'signed-out',
        token: undefined,
        notice: `You were signed out because the server rejected your token (${message}). Paste a valid token to continue.`,
        error: undefined,
      });
    },
  }));
}

/** Accepts what people paste: surrounding whitespace or a copied `Bearer ` prefix. */
export function normalizeToken(input: string): string {
  return input.trim().replace(/^Bearer(\s+|$)/i, '').trim();
}

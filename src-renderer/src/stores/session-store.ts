import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../api/errors';
import type { KeyValueStorage } from './storage';

/** Where the browser keeps the API token between visits. */
export const TOKEN_KEY = 'folio.apiToken';

type SessionStatus = 'signed-out' | 'checking' | 'signed-in';

/** The browser's sign-in: a pasted API token, checked against the server before it is kept. */
interface SessionState {
  status: SessionStatus;
  token?: string;
  /** Why the sign-in form is shown again (for example the server stopped accepting the saved token). */
  notice?: string;
  /** Why the last sign-in attempt failed. */
  error?: string;
  /** Resolves to whether the token was accepted. */
  signIn(token: string): Promise<boolean>;
  /**
   * Finishes a single sign-on: the server's ACS sent the browser back with a one-time code (`#/sso/complete?code=`),
   * traded here for an API token, which is then kept as a pasted one is. Resolves to whether it worked.
   */
  completeSso(code: string): Promise<boolean>;
  signOut(): void;
  /** The server answered 401: forget the token and say why. */
  expire(message: string): void;
}

interface SessionDependencies {
  storage: KeyValueStorage;
  /** Any authenticated call made with this token (user.me); it rejects when the token is refused. */
  verify(token: string): Promise<unknown>;
  /** Trades a single sign-on code for a token (default: POST /sso/exchange on this page's server). */
  exchangeSsoCode?(code: string): Promise<string>;
}

export type SessionStore = StoreApi<SessionState>;

export function createSessionStore({ storage, verify, exchangeSsoCode = exchangeSsoCodeOverHttp }: SessionDependencies): SessionStore {
  const saved = storage.getItem(TOKEN_KEY) ?? undefined;

  return createStore<SessionState>()((set, get) => ({
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

    async completeSso(code) {
      set({ status: 'checking', error: undefined, notice: undefined });
      let token: string;
      try {
        token = await exchangeSsoCode(code);
      } catch (error) {
        set({ status: 'signed-out', error: `Single sign-on did not complete: ${describeError(error).message}` });
        return false;
      }
      return get().signIn(token);
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

/** The code of a single sign-on's return address (`#/sso/complete?code=...`), if this is one. */
export function ssoCodeFromHash(hash: string): string | undefined {
  const match = /^#\/sso\/complete\?(.*)$/.exec(hash);
  return match ? (new URLSearchParams(match[1]).get('code') ?? undefined) : undefined;
}

/**
 * POST /sso/exchange on the server that served this page. It is not a tRPC call: the caller has no token yet,
 * and the browser's single sign-on cookie (set by the start URL) must go with it.
 */
async function exchangeSsoCodeOverHttp(code: string): Promise<string> {
  const response = await fetch('/sso/exchange', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const body = (await response.json().catch(() => ({}))) as { token?: string; error?: { message?: string } };
  if (!response.ok || !body.token) throw new Error(body.error?.message ?? `the server answered ${response.status}`);
  return body.token;
}

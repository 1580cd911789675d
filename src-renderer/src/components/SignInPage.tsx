import { type FormEvent, useId, useState } from 'react';
import { useStore } from 'zustand';
import type { SessionStore } from '../stores/session-store';
import { Logo } from './Logo';

/** The browser's sign-in: paste an API token; the server checks it before it is kept in localStorage. */
export function SignInPage({ session }: { session: SessionStore }) {
  const status = useStore(session, (state) => state.status);
  const notice = useStore(session, (state) => state.notice);
  const error = useStore(session, (state) => state.error);
  const [token, setToken] = useState('');
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const checking = status === 'checking';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void session.getState().signIn(token);
  };

  return (
    <main className="sign-in" id="main">
      <form className="sign-in__card" onSubmit={submit} aria-labelledby="sign-in-title" noValidate>
        <div className="sign-in__brand">
          <Logo size={36} />
          <span>Folio</span>
        </div>
        <h1 id="sign-in-title">Sign in</h1>
        {notice && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        <label htmlFor={inputId}>Paste an API token</label>
        <input
          id={inputId}
          name="token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          value={token}
          onChange={(event) => setToken(event.target.value)}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          placeholder="folio_…"
        />
        <p className="hint" id={hintId}>
          Use the owner token that <code>npm run serve</code> printed when it created this server, or one from{' '}
          <code>folio token create</code>.
        </p>
        {error && (
          <p className="error-text" id={errorId} role="alert">
            {error}
          </p>
        )}
        <button className="button button--primary" type="submit" disabled={checking}>
          {checking ? 'Checking…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

import { type FormEvent, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { fullTime } from '../comments/relative-time';
import type { Settings } from './settings-store';
import { useAppStores } from '../stores-context';
import { SyncSummary } from '../sync/SyncSummary';

/** The team server this install syncs with in the background: saved here, its sync state shown live. */
export function TeamServerSection({ settings }: { settings: Settings }) {
  const { settings: store, sync } = useAppStores();
  const saving = useStore(store, (state) => state.saving);
  const error = useStore(store, (state) => state.remoteError);
  const remote = settings.remote;
  const [url, setUrl] = useState(remote?.url ?? '');
  const [token, setToken] = useState('');
  const urlId = useId();
  const tokenId = useId();
  const errorId = useId();
  const urlInput = useRef<HTMLInputElement>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.getState().saveRemote(url, token)) {
      setToken('');
      // Saving starts syncing: show it now rather than at the next read.
      void sync.getState().refresh();
    }
  };

  const disconnect = async () => {
    // The Disconnect button goes away with the saved server: focus moves to the address.
    if (await store.getState().clearRemote()) {
      urlInput.current?.focus();
      void sync.getState().refresh();
    }
  };

  return (
    <section className="settings__section" aria-labelledby="settings-remote">
      <h3 id="settings-remote">Team server</h3>
      <p className="hint">
        A Folio server your team shares (started with <code>folio serve</code>). This app keeps a copy of every organization the
        token can see and syncs it in the background; you keep working while the server is away.
      </p>
      {!settings.owner ? (
        <p className="settings__note">Only the owner of this Folio instance can set its team server.</p>
      ) : (
        <>
          <p className="settings__remote-state">
            {remote ? (
              <>
                Saved: <strong>{remote.url}</strong> with the token ending {remote.tokenHint} (since {fullTime(remote.updatedAt)}).
              </>
            ) : (
              'No team server is set.'
            )}
          </p>
          {remote && <SyncSummary />}
          <form className="settings__form" onSubmit={(event) => void save(event)} noValidate>
            <label htmlFor={urlId}>Team server address</label>
            <input
              id={urlId}
              ref={urlInput}
              type="url"
              inputMode="url"
              placeholder="https://docs.example.com"
              value={url}
              maxLength={2048}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setUrl(event.target.value)}
            />
            <label htmlFor={tokenId}>API token on the team server</label>
            <input
              id={tokenId}
              type="password"
              autoComplete="off"
              placeholder={remote ? 'Leave empty to keep the saved token' : 'folio_…'}
              value={token}
              onChange={(event) => setToken(event.target.value)}
            />
            {error && (
              <p id={errorId} className="error-text" role="alert">
                {error}
              </p>
            )}
            <div className="settings__actions">
              {/* aria-disabled rather than disabled: a disabled button would drop the keyboard focus to the page. */}
              <button className="button button--primary" type="submit" aria-disabled={saving}>
                {saving ? 'Saving…' : 'Save'}
              </button>
              {remote && (
                <button className="button button--danger" type="button" aria-disabled={saving} onClick={() => void disconnect()}>
                  Disconnect
                </button>
              )}
            </div>
          </form>
        </>
      )}
    </section>
  );
}

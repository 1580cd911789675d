import { useState } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Settings } from './settings-store';
import { useAppStores } from '../stores-context';
import { CopyButton } from './CopyButton';
import { maskToken } from './mask-token';

/** Stands in for the session store in the desktop app, which has no session (hooks cannot be skipped). */
const NO_SESSION = createStore<{ token?: string }>()(() => ({}));

/** How local tools (curl, scripts, @gitbook/api) reach this Folio: its /v1 address and a token. */
export function LocalApiSection({ settings, onMessage }: { settings: Settings; onMessage(message: string): void }) {
  const { session } = useAppStores();
  const sessionToken = useStore((session ?? NO_SESSION) as StoreApi<{ token?: string }>, (state) => state.token);
  const [shown, setShown] = useState(false);
  const token = settings.ownerToken ?? sessionToken;
  const tokenLabel = settings.ownerToken ? 'The owner’s token' : 'Your token (this browser’s session)';

  return (
    <section className="settings__section" aria-labelledby="settings-api">
      <h3 id="settings-api">Local API</h3>
      <p className="hint">
        Scripts, <code>curl</code> and GitBook’s client <code>@gitbook/api</code> call this address with the header{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>.
      </p>
      <div className="settings__field">
        <span className="settings__label" id="settings-api-url">
          API address
        </span>
        <div className="settings__value">
          <code className="settings__code" aria-labelledby="settings-api-url" data-testid="api-url">
            {settings.apiUrl}
          </code>
          <CopyButton text={settings.apiUrl} what="the API address" onResult={onMessage} />
        </div>
      </div>
      <div className="settings__field">
        <span className="settings__label" id="settings-token">
          {tokenLabel}
        </span>
        {token ? (
          <div className="settings__value">
            <code className="settings__code settings__token" aria-labelledby="settings-token">
              {shown ? token : maskToken(token)}
            </code>
            <button className="button" type="button" aria-pressed={shown} onClick={() => setShown(!shown)}>
              {shown ? 'Hide' : 'Show'}
            </button>
            <CopyButton text={token} what="the token" onResult={onMessage} />
          </div>
        ) : (
          <p className="hint">
            The owner’s token is in the <code>owner-token</code> file of the data folder; other users create theirs with{' '}
            <code>folio token create</code>.
          </p>
        )}
        {settings.desktop && settings.ownerToken && (
          <p className="hint">It is also in the <code>owner-token</code> file of the data folder. Anyone with it can act as you: keep it private.</p>
        )}
        {!settings.desktop && token && <p className="hint">Anyone with this token can act as you: keep it private.</p>}
      </div>
    </section>
  );
}

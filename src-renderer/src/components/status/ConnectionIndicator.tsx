import { useEffect } from 'react';
import { useStore } from 'zustand';
import { isDesktop } from '../../api/client';
import { useAppStores } from '../stores-context';
import { BackgroundImportNote } from './BackgroundImportNote';

/**
 * Says when the app cannot reach its server: a small "Online" dot while it can, and in words when it
 * cannot (a live region, so screen readers hear it too). The desktop app calls its own main process over
 * IPC, which is always there: it shows online and watches nothing.
 */
export function ConnectionIndicator() {
  const { connection } = useAppStores();
  const status = useStore(connection, (state) => state.status);
  const cause = useStore(connection, (state) => state.cause);
  const checking = useStore(connection, (state) => state.checking);
  const retryIn = useStore(connection, (state) => state.retryInSeconds);
  const desktop = isDesktop();

  useEffect(() => {
    if (desktop) return;
    // Checks while offline keep running without this component: only the window's events are its own.
    return connection.getState().watch(window);
  }, [connection, desktop]);

  const offline = !desktop && status === 'offline';

  return (
    <div className={`connection${offline ? ' connection--offline' : ''}`}>
      <div className="connection__line" role="status">
        <span className="connection__dot" aria-hidden="true" />
        {offline ? (
          <span className="connection__text">
            <strong>Offline</strong> — your edits are kept and saved when the server is back.
            <span className="connection__detail">
              {cause === 'network' ? ' This device has no network.' : ' The Folio server does not answer.'}
              {checking ? ' Checking…' : retryIn ? ` Trying again in ${retryIn} s.` : ''}
            </span>
          </span>
        ) : (
          <span className="connection__text connection__text--quiet">Online</span>
        )}
      </div>
      {offline && (
        <button className="button button--quiet connection__retry" type="button" disabled={checking} onClick={() => void connection.getState().checkNow()}>
          Try now
        </button>
      )}
      <BackgroundImportNote />
    </div>
  );
}

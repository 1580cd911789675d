import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';
import { CopyButton } from './CopyButton';
import { LocalApiSection } from './LocalApiSection';
import { ModalDialog } from '../ModalDialog';
import { ProfileSection } from './ProfileSection';
import { TeamServerSection } from './TeamServerSection';
import { ThemeSection } from './ThemeSection';

/** The writer's profile, the local API address, the token for local tools, the data folder, the team server and the theme. */
export function SettingsDialog() {
  const { navigation, settings, profile } = useAppStores();
  const load = useStore(settings, (state) => state.load);
  const notice = useStore(settings, (state) => state.notice);
  const profileNotice = useStore(profile, (state) => state.notice);
  // What a Copy button or a save just did, announced politely and shown under the title.
  const [message, setMessage] = useState<string>();

  useEffect(() => {
    void settings.getState().open();
  }, [settings]);

  const close = () => navigation.getState().closeDialog();

  return (
    <ModalDialog title="Settings" onClose={close} className="settings">
      <p className="settings__announce" role="status">
        {message ?? notice ?? profileNotice}
      </p>
      {load.status === 'idle' || load.status === 'loading' ? (
        <StatusMessage kind="loading">Loading the settings…</StatusMessage>
      ) : load.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void settings.getState().open()}>
          Could not load the settings: {load.message}
        </StatusMessage>
      ) : (
        <>
          <ProfileSection />
          <LocalApiSection settings={load.settings} onMessage={setMessage} />
          <section className="settings__section" aria-labelledby="settings-data">
            <h3 id="settings-data">Data folder</h3>
            {load.settings.dataDir ? (
              <>
                <div className="settings__value">
                  <code className="settings__code">{load.settings.dataDir}</code>
                  <CopyButton text={load.settings.dataDir} what="the data folder" onResult={setMessage} />
                </div>
                <p className="hint">
                  Everything is in one SQLite database there, <code>folio.sqlite</code>. Back it up with{' '}
                  <code>sqlite3 folio.sqlite ".backup copy.sqlite"</code> rather than copying the files while Folio runs.
                </p>
              </>
            ) : (
              <p className="hint">The data is kept on the server. Only the owner of this Folio instance sees where.</p>
            )}
          </section>
          <TeamServerSection settings={load.settings} />
          <ThemeSection />
        </>
      )}
    </ModalDialog>
  );
}

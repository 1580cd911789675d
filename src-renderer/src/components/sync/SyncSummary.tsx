import { useStore } from 'zustand';
import { useAppStores } from '../stores-context';
import { lastSyncWords, sentence, syncWords } from './sync-words';
import { useNow } from './use-now';
import { useSyncWatch } from './use-sync-watch';

/** One line for the settings' Team server section: how the sync with the saved server goes right now. */
export function SyncSummary() {
  const { sync } = useAppStores();
  const status = useStore(sync, (state) => state.status);
  const now = useNow();
  useSyncWatch();
  if (!status?.attached) return null;
  const words = syncWords(status, now);
  return (
    <p className={`sync-summary sync-summary--${words.tone}`}>
      <span className="sync-status__dot" aria-hidden="true" />
      <span>
        <strong>Sync:</strong> {sentence(words.text)} {words.tone === 'ok' ? '' : lastSyncWords(status.lastSyncAt)}
        {words.detail && <span className="sync-summary__detail"> {words.detail}</span>}
      </span>
    </p>
  );
}

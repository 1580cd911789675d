import { useState } from 'react';
import { useStore } from 'zustand';
import { useAppStores } from '../stores-context';
import { RefusedChanges } from './RefusedChanges';
import { type Announcement, lastSyncWords, nextAnnouncement, type SyncTone, syncWords } from './sync-words';
import { useNow } from './use-now';
import { useSyncWatch } from './use-sync-watch';

/**
 * The team server's sync in the sidebar, under the connection indicator: "Synced 2 minutes ago",
 * "Syncing…", "Offline — 3 changes waiting…", "Error: …", and what the server refused. Nothing when
 * this app has no team server.
 */
export function TeamServerStatus() {
  const { sync } = useAppStores();
  const status = useStore(sync, (state) => state.status);
  const callError = useStore(sync, (state) => state.callError);
  const now = useNow();
  useSyncWatch();
  const words = status?.attached ? syncWords(status, now) : undefined;
  const announcement = useAnnouncement(words?.tone, words?.text ?? '');
  // An app server that cannot be reached is the connection indicator's to say; any other failure is said here.
  const readError = callError && !callError.unreachable ? `Could not read the sync state: ${callError.message}` : undefined;

  if (!status?.attached || !words) {
    return readError && !status ? <p className="sync-status__read-error error-text">{readError}</p> : null;
  }
  return (
    <section className={`sync-status sync-status--${words.tone}`} aria-labelledby="sync-status-heading">
      <h2 className="sync-status__heading" id="sync-status-heading" title={status.url}>
        Team server
      </h2>
      <p className="sync-status__line">
        <span className="sync-status__dot" aria-hidden="true" />
        <span className="sync-status__text">{words.text}</span>
      </p>
      {words.tone !== 'ok' && <p className="sync-status__detail">{[words.detail, lastSyncWords(status.lastSyncAt)].filter(Boolean).join(' ')}</p>}
      {readError && <p className="sync-status__detail error-text">{readError}</p>}
      <RefusedChanges refused={status.refused} />
      {/* Announces only when the sync changes in kind (offline, error, back), not every "Syncing…" while typing. */}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </section>
  );
}

/** Words for the live region (nextAnnouncement says when they change). */
function useAnnouncement(tone: SyncTone | undefined, text: string): string {
  const [said, setSaid] = useState<Announcement>(() => ({ kind: tone === 'busy' ? 'ok' : tone, text: '', provisional: false }));
  const next = nextAnnouncement(said, tone, text);
  if (next !== said) setSaid(next);
  return next.text;
}

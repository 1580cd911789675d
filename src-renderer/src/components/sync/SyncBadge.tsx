import { useStore } from 'zustand';
import type { Space } from '../../api/types';
import { spaceSync } from './sync-store';
import { useAppStores } from '../stores-context';
import { badgeWords } from './sync-words';
import { useSyncWatch } from './use-sync-watch';

/**
 * The open space's sync in its top bar: Synced, Syncing, "Offline · 2 waiting", Error; the tooltip says
 * when it last synced. Nothing when this app has no team server.
 */
export function SyncBadge({ space }: { space: Pick<Space, 'id' | 'organization'> }) {
  const { sync } = useAppStores();
  const status = useStore(sync, (state) => state.status);
  useSyncWatch();
  const words = badgeWords(spaceSync(status, space), status?.attached === true);
  if (!words) return null;
  return (
    // A note rather than a live region: the sidebar announces changes of the sync once for the whole window.
    <span className={`badge sync-badge sync-badge--${words.tone}`} role="note" aria-label={words.label} title={words.title}>
      <span className="sync-badge__dot" aria-hidden="true" />
      {words.text}
    </span>
  );
}

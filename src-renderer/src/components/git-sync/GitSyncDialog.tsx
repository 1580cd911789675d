import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { Space } from '../../api/types';
import { ModalDialog } from '../ModalDialog';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';
import { GitSyncForm } from './GitSyncForm';
import { GitSyncStatus } from './GitSyncStatus';

/**
 * The space's Git Sync (docs/git-sync.md): set up a repository, then its status, "Sync now" and the webhook.
 * Admins of the space only; anyone else is told so.
 */
export function GitSyncDialog({ space }: { space: Space }) {
  const { gitSync, navigation } = useAppStores();
  const load = useStore(gitSync, (state) => state.load);
  const loadedSpaceId = useStore(gitSync, (state) => state.spaceId);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    void gitSync.getState().open(space.id);
    return () => gitSync.getState().close();
  }, [gitSync, space.id]);

  const close = () => navigation.getState().closeDialog();
  const openChangeRequest = (changeRequestId: string) => {
    navigation.getState().openChangeRequest(changeRequestId);
    navigation.getState().showPanel('changes');
    close();
  };
  const stopEditing = () => {
    gitSync.getState().clearError('configure');
    setEditing(false);
  };
  const current = loadedSpaceId === space.id ? load : { status: 'loading' as const };

  return (
    <ModalDialog
      title="Git Sync"
      description={`Keep “${space.title || 'Untitled space'}” in step with a git repository laid out as GitBook’s Git Sync lays it out.`}
      onClose={close}
      className="git-sync-dialog"
    >
      {current.status === 'loading' || current.status === 'idle' ? (
        <StatusMessage kind="loading">Loading the Git Sync settings…</StatusMessage>
      ) : current.status === 'forbidden' ? (
        <p className="git-sync-dialog__refused" role="note">
          Only admins of the space can set up Git Sync.
        </p>
      ) : current.status === 'error' ? (
        <StatusMessage kind="error" title="Could not load the Git Sync settings" onRetry={() => void gitSync.getState().open(space.id)}>
          {current.message}
        </StatusMessage>
      ) : current.settings?.enabled && !editing ? (
        <GitSyncStatus settings={current.settings} onEdit={() => setEditing(true)} onOpenChangeRequest={openChangeRequest} />
      ) : (
        <>
          {current.settings && !current.settings.enabled && <p className="hint">Git Sync is off for this space. Its repository is kept below: turn it on again, or change it.</p>}
          <GitSyncForm
            // A new form (pre-filled anew) each time it is shown for other settings.
            key={current.settings ? `${current.settings.url} ${current.settings.ref}` : 'new'}
            settings={current.settings}
            onCancel={editing ? stopEditing : close}
            onSaved={() => setEditing(false)}
          />
        </>
      )}
    </ModalDialog>
  );
}

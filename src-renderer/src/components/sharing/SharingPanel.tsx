import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { PermissionTarget } from '../../api/types';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';
import { InviteAccessForm } from './InviteAccessForm';
import { SharingEntries } from './SharingEntries';
import { targetKey } from './sharing-store';

interface SharingPanelProps {
  target: PermissionTarget;
  /** Admins of the object invite, change roles and remove; anyone else reads the list. */
  canManage: boolean;
}

/**
 * Who is invited to a space, collection or site and with which role (docs/permissions.md). Shown in the
 * Share dialog of spaces and collections and in a site's Sharing section.
 */
export function SharingPanel({ target, canManage }: SharingPanelProps) {
  const { sharing } = useAppStores();
  const key = targetKey(target);
  const shownKey = useStore(sharing, (state) => (state.target ? targetKey(state.target) : undefined));
  const load = useStore(sharing, (state) => state.load);

  useEffect(() => {
    void sharing.getState().open(target);
    return () => sharing.getState().close();
    // `key` names the target: a new object literal for the same one must not reload.
  }, [sharing, key]);

  const current = shownKey === key ? load : { status: 'loading' as const };
  return (
    <div className="sharing">
      <p className="hint">
        An invitation only raises access: someone whose organization role or default level gives more keeps it.
      </p>
      {current.status === 'idle' || current.status === 'loading' ? (
        <StatusMessage kind="loading">Loading who has access…</StatusMessage>
      ) : current.status === 'hidden' ? (
        <p className="hint" role="note">
          You cannot see who is invited here.
        </p>
      ) : current.status === 'error' ? (
        <StatusMessage kind="error" title="Could not load who has access" onRetry={() => void sharing.getState().reload()}>
          {current.message}
        </StatusMessage>
      ) : (
        <>
          <SharingEntries list={current.list} canManage={canManage} />
          {canManage ? <InviteAccessForm list={current.list} /> : <p className="hint">Only admins of it can change who is invited.</p>}
        </>
      )}
    </div>
  );
}

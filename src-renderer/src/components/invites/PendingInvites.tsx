import { useEffect } from 'react';
import { useStore } from 'zustand';
import { formatDate, roleLabel } from '../../format';
import type { OrgInvite } from './org-invites-store';
import { InlineConfirm } from '../sites/InlineConfirm';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';

/** The organization's invites still waiting for an answer, for its admins, each of which they can revoke. */
export function PendingInvites({ organizationId }: { organizationId: string }) {
  const { orgInvites } = useAppStores();
  const list = useStore(orgInvites, (state) => state.list);
  const notice = useStore(orgInvites, (state) => state.notice);
  const revokeError = useStore(orgInvites, (state) => state.errors.revoke);

  useEffect(() => {
    void orgInvites.getState().load(organizationId);
  }, [orgInvites, organizationId]);

  return (
    <div className="pending-invites">
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {list.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void orgInvites.getState().load(organizationId, true)}>
          Could not load the pending invitations: {list.message}
        </StatusMessage>
      ) : list.status === 'ready' && list.items.length > 0 ? (
        <>
          <h3>
            Pending invitations <span className="pill">{list.count.toLocaleString()}</span>
          </h3>
          <ul className="org-settings__list" aria-label="Pending invitations">
            {list.items.map((invite) => (
              <li key={invite.id}>
                <PendingInviteRow invite={invite} />
              </li>
            ))}
          </ul>
          {revokeError && (
            <p className="error-text" role="alert">
              Could not revoke the invitation: {revokeError}
            </p>
          )}
        </>
      ) : null}
    </div>
  );
}

function PendingInviteRow({ invite }: { invite: OrgInvite }) {
  const { orgInvites } = useAppStores();
  const pending = useStore(orgInvites, (state) => state.pending.revoke === true);
  return (
    <div className="org-settings__row">
      <span className="org-settings__text">
        <span className="org-settings__title">{invite.email}</span>
        <span className="org-settings__meta">
          Invited as {roleLabel(invite.role)}
          {invite.sso ? ' (single sign-on)' : ''} on <time dateTime={invite.updatedAt}>{formatDate(invite.updatedAt)}</time> · waiting for them to accept
        </span>
      </span>
      <span className="org-settings__actions">
        <InlineConfirm
          label="Revoke"
          name={`Revoke the invitation of ${invite.email}`}
          confirm={`Revoke “${invite.email}”`}
          pending={pending}
          onConfirm={() => void orgInvites.getState().revoke(invite.id)}
        />
      </span>
    </div>
  );
}

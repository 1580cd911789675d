import { useEffect } from 'react';
import { useStore } from 'zustand';
import { formatDate, roleLabel } from '../../format';
import type { Invitation } from './invitations-store';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';

/**
 * The invitations waiting for the signed-in person, each with Accept and Decline: an organization's admin can
 * invite anyone, but nobody joins until they accept here. Shows nothing when there are none.
 */
export function PendingInvitations() {
  const { invitations } = useAppStores();
  const list = useStore(invitations, (state) => state.list);
  const notice = useStore(invitations, (state) => state.notice);

  useEffect(() => {
    void invitations.getState().load();
  }, [invitations]);

  const live = (
    <p className="visually-hidden" role="status">
      {notice}
    </p>
  );
  if (list.status === 'error') {
    return (
      <StatusMessage kind="error" onRetry={() => void invitations.getState().load()}>
        Could not load your invitations: {list.message}
      </StatusMessage>
    );
  }
  if (list.status !== 'ready' || list.items.length === 0) return live;
  return (
    <section className="section org-settings" id="invitations" aria-labelledby="invitations-title">
      <div className="section__header">
        <h2 id="invitations-title">Invitations</h2>
        <span className="pill">{list.count.toLocaleString()}</span>
      </div>
      <p className="hint">You join an organization only once you accept its invitation.</p>
      <ul className="org-settings__list" aria-label="Your invitations">
        {list.items.map((invitation) => (
          <li key={invitation.id}>
            <InvitationRow invitation={invitation} />
          </li>
        ))}
      </ul>
      {live}
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { invitations } = useAppStores();
  const answering = useStore(invitations, (state) => state.answering !== undefined);
  const error = useStore(invitations, (state) => (state.error?.inviteId === invitation.id ? state.error.message : undefined));
  const title = invitation.organization.title;
  const from = invitation.invitedBy ? `${invitation.invitedBy.displayName} invited you` : 'You are invited';

  return (
    <div className="org-settings__row">
      <span className="org-settings__text">
        <span className="org-settings__title">{title}</span>
        <span className="org-settings__meta">
          {from} as {roleLabel(invitation.role)}
          {invitation.sso ? ', signing in with single sign-on' : ''} · until <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt)}</time>
        </span>
      </span>
      <span className="org-settings__actions">
        <button
          className="button button--primary"
          type="button"
          aria-label={`Accept the invitation to ${title}`}
          disabled={answering}
          onClick={() => void invitations.getState().accept(invitation)}
        >
          Accept
        </button>
        <button
          className="button button--quiet"
          type="button"
          aria-label={`Decline the invitation to ${title}`}
          disabled={answering}
          onClick={() => void invitations.getState().decline(invitation)}
        >
          Decline
        </button>
      </span>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

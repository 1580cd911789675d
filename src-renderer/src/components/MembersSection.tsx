import { useRef, useState } from 'react';
import { formatDate, initialsOf, roleLabel } from '../format';
import { selectedOrganization } from '../stores/organizations-store';
import { PlusIcon } from './Icons';
import { InviteForm } from './invites/InviteForm';
import { PendingInvites } from './invites/PendingInvites';
import { ListSection } from './ListSection';
import { useAppStores, useOrganizations } from './stores-context';

/** The organization's members; its admins also invite people here and see the invitations still pending. */
export function MembersSection() {
  const { organizations, orgInvites } = useAppStores();
  const members = useOrganizations((state) => state.members);
  const viewerId = useOrganizations((state) => state.viewer?.id);
  const organization = useOrganizations(selectedOrganization);
  const [inviting, setInviting] = useState(false);
  const inviteButton = useRef<HTMLButtonElement>(null);
  const admin = organization?.permissions.admin === true;

  const closeForm = () => {
    setInviting(false);
    requestAnimationFrame(() => inviteButton.current?.focus());
  };

  return (
    <ListSection
      id="members"
      title="Members"
      noun="members"
      list={members}
      empty="Nobody belongs to this organization yet. Invite people with POST /v1/orgs/{id}/invites."
      actions={
        admin && (
          <button
            ref={inviteButton}
            className="button"
            type="button"
            aria-expanded={inviting}
            onClick={() => {
              orgInvites.getState().clearError('invite');
              if (inviting) closeForm();
              else setInviting(true);
            }}
          >
            <PlusIcon />
            Invite people
          </button>
        )
      }
      before={inviting && organization && <InviteForm defaultRole={organization.defaultRole} onCancel={closeForm} onInvited={closeForm} />}
      after={admin && organization && <PendingInvites organizationId={organization.id} />}
      onRetry={() => void organizations.getState().reloadMembers()}
      onLoadMore={() => void organizations.getState().loadMoreMembers()}
    >
      {(list) => (
        <div className="table-frame">
          <table className="table">
            <caption className="visually-hidden">Members of this organization</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((member) => (
                <tr key={member.id}>
                  <th scope="row">
                    <span className="person">
                      <span className="avatar" aria-hidden="true">
                        {initialsOf(member.user.displayName, member.user.email)}
                      </span>
                      <span className="person__text">
                        <span className="person__name">
                          {member.user.displayName || member.user.email}
                          {member.id === viewerId && <span className="you"> (you)</span>}
                        </span>
                        <span className="person__email">{member.user.email}</span>
                      </span>
                    </span>
                  </th>
                  <td>
                    <span className={`role role--${member.role ?? 'guest'}`}>{roleLabel(member.role)}</span>
                    {member.disabled && <span className="role role--disabled">Disabled</span>}
                  </td>
                  <td>
                    <time dateTime={member.joinedAt}>{formatDate(member.joinedAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ListSection>
  );
}

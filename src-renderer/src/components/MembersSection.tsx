import { formatDate, initialsOf, roleLabel } from '../format';
import { ListSection } from './ListSection';
import { useAppStores, useOrganizations } from './stores-context';

export function MembersSection() {
  const { organizations } = useAppStores();
  const members = useOrganizations((state) => state.members);
  const viewerId = useOrganizations((state) => state.viewer?.id);

  return (
    <ListSection
      id="members"
      title="Members"
      noun="members"
      list={members}
      empty="Nobody belongs to this organization yet. Invite people with POST /v1/orgs/{id}/invites."
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

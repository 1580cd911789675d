import { useStore } from 'zustand';
import { roleLabel } from '../../format';
import type { MemberRole } from '../../../../src-shared/roles';
import { useAppStores } from '../stores-context';
import { actionKey, type Principal, type SharingList } from './sharing-store';
import { ROLE_OPTIONS, teamFacts, teamName, userName } from './sharing-words';

interface EntryProps {
  principal: Principal;
  id: string;
  name: string;
  facts: string;
  role: MemberRole;
  canManage: boolean;
}

/** Who is invited and with which role: admins change a role in place or take the invitation away. */
export function SharingEntries({ list, canManage }: { list: SharingList; canManage: boolean }) {
  if (list.users.length === 0 && list.teams.length === 0) {
    return <p className="hint sharing__empty">Nobody is invited yet: only the organization’s roles and default levels apply.</p>;
  }
  return (
    <>
      <ul className="sharing__list" aria-label="People and teams with access">
        {list.users.map((entry) => (
          <SharingEntry
            key={`user:${entry.user.id}`}
            principal="user"
            id={entry.user.id}
            name={userName(entry)}
            facts={entry.user.displayName ? entry.user.email : 'Person'}
            role={entry.permission}
            canManage={canManage}
          />
        ))}
        {list.teams.map((entry) => (
          <SharingEntry
            key={`team:${entry.team.id}`}
            principal="team"
            id={entry.team.id}
            name={teamName(entry)}
            facts={teamFacts(entry)}
            role={entry.permission}
            canManage={canManage}
          />
        ))}
      </ul>
      {list.truncated && <p className="hint">Only the first invitations are shown.</p>}
    </>
  );
}

function SharingEntry({ principal, id, name, facts, role, canManage }: EntryProps) {
  const { sharing } = useAppStores();
  const key = actionKey(principal, id);
  const pending = useStore(sharing, (state) => state.pending[key] === true);
  const error = useStore(sharing, (state) => state.errors[key]);

  return (
    <li className="sharing__entry" aria-label={name}>
      <div className="sharing__who">
        <span className="sharing__name">{name}</span>
        <span className="sharing__facts">{facts}</span>
      </div>
      {canManage ? (
        <div className="sharing__controls">
          <span className="select-control">
            <select
              aria-label={`Role of ${name}`}
              value={role}
              disabled={pending}
              onChange={(event) => void sharing.getState().changeRole(principal, id, event.target.value as MemberRole)}
            >
              {ROLE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </span>
          <button
            className="button button--quiet"
            type="button"
            aria-label={`Remove access for ${name}`}
            aria-disabled={pending}
            onClick={() => {
              if (!pending) void sharing.getState().remove(principal, id);
            }}
          >
            Remove
          </button>
        </div>
      ) : (
        <span className="sharing__role">{roleLabel(role)}</span>
      )}
      {error && (
        <p className="error-text sharing__error" role="alert">
          Could not change the access of {name}: {error}
        </p>
      )}
    </li>
  );
}

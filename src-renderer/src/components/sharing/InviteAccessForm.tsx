import { type FormEvent, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { MemberRole } from '../../../../src-shared/roles';
import { useAppStores, useOrganizations } from '../stores-context';
import type { Principal, SharingList } from './sharing-store';
import { ROLE_OPTIONS } from './sharing-words';

interface Candidate {
  value: string;
  label: string;
}

/** `user:u-1` → the principal and its id (ids hold no colon, but split once anyway). */
function parseCandidate(value: string): { principal: Principal; id: string } | undefined {
  const at = value.indexOf(':');
  if (at < 0) return undefined;
  const principal = value.slice(0, at);
  return principal === 'user' || principal === 'team' ? { principal, id: value.slice(at + 1) } : undefined;
}

/**
 * Invites one member or team of the organization with a role. The people and teams offered are the
 * organization's lists the app already loaded (organizations-store), less those invited already; a page
 * at a time, with a button offering more of each while the organization has more.
 */
export function InviteAccessForm({ list }: { list: SharingList }) {
  const { sharing, organizations } = useAppStores();
  const members = useOrganizations((state) => state.members);
  const teams = useOrganizations((state) => state.teams);
  const pending = useStore(sharing, (state) => state.pending.invite === true);
  const error = useStore(sharing, (state) => state.errors.invite);
  const [chosen, setChosen] = useState('');
  const [role, setRole] = useState<MemberRole>('read');
  const ids = { heading: useId(), who: useId(), role: useId(), error: useId() };

  const { people, groups } = useMemo(() => {
    const invitedUsers = new Set(list.users.map((entry) => entry.user.id));
    const invitedTeams = new Set(list.teams.map((entry) => entry.team.id));
    const people: Candidate[] =
      members.status === 'ready'
        ? members.items
            .filter((member) => !invitedUsers.has(member.id))
            .map((member) => ({ value: `user:${member.id}`, label: member.user.displayName ? `${member.user.displayName} (${member.user.email})` : member.user.email }))
        : [];
    const groups: Candidate[] =
      teams.status === 'ready' ? teams.items.filter((team) => !invitedTeams.has(team.id)).map((team) => ({ value: `team:${team.id}`, label: team.title || 'Untitled team' })) : [];
    return { people, groups };
  }, [list, members, teams]);

  const clear = () => sharing.getState().clearError('invite');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const candidate = parseCandidate(chosen);
    if (!candidate || pending) return;
    if (await sharing.getState().invite(candidate.principal, candidate.id, role)) setChosen('');
  };
  const loadingLists = members.status === 'loading' || teams.status === 'loading';
  const morePeople = members.status === 'ready' && members.nextPage !== undefined;
  const moreTeams = teams.status === 'ready' && teams.nextPage !== undefined;

  return (
    <form className="sharing__invite" aria-labelledby={ids.heading} onSubmit={submit} noValidate>
      <h3 id={ids.heading} className="sharing__heading">
        Invite
      </h3>
      <div className="sharing__invite-row">
        <div className="field">
          <label htmlFor={ids.who}>Member or team</label>
          <span className="select-control">
            <select
              id={ids.who}
              value={chosen}
              aria-invalid={error ? true : undefined}
              aria-errormessage={error ? ids.error : undefined}
              onChange={(event) => (setChosen(event.target.value), clear())}
            >
              <option value="">{loadingLists ? 'Loading the organization…' : 'Choose someone'}</option>
              {people.length > 0 && (
                <optgroup label="Members">
                  {people.map((candidate) => (
                    <option key={candidate.value} value={candidate.value}>
                      {candidate.label}
                    </option>
                  ))}
                </optgroup>
              )}
              {groups.length > 0 && (
                <optgroup label="Teams">
                  {groups.map((candidate) => (
                    <option key={candidate.value} value={candidate.value}>
                      {candidate.label}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          </span>
        </div>
        <div className="field">
          <label htmlFor={ids.role}>Role</label>
          <span className="select-control">
            <select id={ids.role} value={role} onChange={(event) => (setRole(event.target.value as MemberRole), clear())}>
              {ROLE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </span>
        </div>
        <button className="button button--primary sharing__submit" type="submit" aria-disabled={pending || chosen === ''}>
          {pending ? 'Inviting…' : 'Invite'}
        </button>
      </div>
      {morePeople && (
        <button className="button button--quiet sharing__more" type="button" onClick={() => void organizations.getState().loadMoreMembers()}>
          Offer more members
        </button>
      )}
      {moreTeams && (
        <button className="button button--quiet sharing__more" type="button" onClick={() => void organizations.getState().loadMoreTeams()}>
          Offer more teams
        </button>
      )}
      {error && (
        <p className="error-text" id={ids.error} role="alert">
          Could not invite: {error}
        </p>
      )}
    </form>
  );
}

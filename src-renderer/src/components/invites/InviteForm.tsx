import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useStore } from 'zustand';
import type { Member } from '../../api/types';
import { roleLabel } from '../../format';
import { MAX_EMAILS_PER_INVITE } from './org-invites-store';
import { useAppStores } from '../stores-context';
import { FormFooter } from '../CreateForms';

const ROLES: Array<NonNullable<Member['role']>> = ['read', 'comment', 'edit', 'review', 'create', 'admin'];

/** Invites people by email with a role; they join once they accept (the pending list below shows them). */
export function InviteForm({ defaultRole, onCancel, onInvited }: { defaultRole: Member['role']; onCancel(): void; onInvited(): void }) {
  const { orgInvites } = useAppStores();
  const pending = useStore(orgInvites, (state) => state.pending.invite === true);
  const error = useStore(orgInvites, (state) => state.errors.invite);
  const [emails, setEmails] = useState('');
  const [role, setRole] = useState<Member['role']>(defaultRole);
  const ids = { heading: useId(), emails: useId(), hint: useId(), role: useId(), error: useId() };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await orgInvites.getState().invite(emails, role)) onInvited();
  };
  const escape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
  const clear = () => orgInvites.getState().clearError('invite');

  return (
    <form className="create-form org-settings__form" aria-labelledby={ids.heading} onSubmit={submit} onKeyDown={escape} noValidate>
      <h3 id={ids.heading}>Invite people</h3>
      <div className="field">
        <label htmlFor={ids.emails}>Email addresses</label>
        <textarea
          id={ids.emails}
          rows={2}
          value={emails}
          autoFocus
          aria-describedby={ids.hint}
          aria-invalid={error ? true : undefined}
          aria-errormessage={error ? ids.error : undefined}
          placeholder="ada@example.com, grace@example.com"
          onChange={(e) => (setEmails(e.target.value), clear())}
        />
        <p className="hint" id={ids.hint}>
          Up to {MAX_EMAILS_PER_INVITE} at a time. Each person gets an invitation and joins once they accept it.
        </p>
      </div>
      <div className="field">
        <label htmlFor={ids.role}>Role</label>
        <select id={ids.role} value={role ?? 'guest'} onChange={(e) => (setRole(e.target.value === 'guest' ? null : (e.target.value as Member['role'])), clear())}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
          <option value="guest">{roleLabel(null)}</option>
        </select>
      </div>
      <FormFooter
        words={{ failedTo: 'invite', submit: 'Send invitations', submitting: 'Inviting…' }}
        error={error}
        errorId={ids.error}
        pending={pending}
        onCancel={onCancel}
      />
    </form>
  );
}

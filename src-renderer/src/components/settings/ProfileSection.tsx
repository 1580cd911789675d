import { type FormEvent, useEffect, useId, useState } from 'react';
import { useStore } from 'zustand';
import { useAppStores, useOrganizations } from '../stores-context';

/** The signed-in account's name and email, changed here (PATCH /v1/users/{id} for tools). */
export function ProfileSection() {
  const { profile } = useAppStores();
  const viewer = useOrganizations((state) => state.viewer);
  const saving = useStore(profile, (state) => state.saving);
  const error = useStore(profile, (state) => state.error);
  const [displayName, setDisplayName] = useState(viewer?.displayName ?? '');
  const [email, setEmail] = useState(viewer?.email ?? '');
  const ids = { name: useId(), email: useId(), error: useId() };

  useEffect(() => profile.getState().opened(), [profile]);

  if (!viewer) return null;
  // The server names the field it refused ("email: must be an email address"): mark that field.
  const invalid = (field: 'displayName' | 'email') => (error?.startsWith(`${field}:`) ? true : undefined);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await profile.getState().save({ displayName, email });
  };

  return (
    <section className="settings__section" aria-labelledby="settings-profile">
      <h3 id="settings-profile">Profile</h3>
      <form className="settings__form" onSubmit={(event) => void save(event)} noValidate>
        <label htmlFor={ids.name}>Display name</label>
        <input
          id={ids.name}
          value={displayName}
          maxLength={64}
          autoComplete="name"
          aria-invalid={invalid('displayName')}
          aria-describedby={invalid('displayName') ? ids.error : undefined}
          onChange={(event) => {
            setDisplayName(event.target.value);
            profile.getState().clearError();
          }}
        />
        <label htmlFor={ids.email}>Email</label>
        <input
          id={ids.email}
          type="email"
          value={email}
          maxLength={320}
          autoComplete="email"
          aria-invalid={invalid('email')}
          aria-describedby={invalid('email') ? ids.error : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            profile.getState().clearError();
          }}
        />
        {error && (
          <p id={ids.error} className="error-text" role="alert">
            Could not save the profile: {error}
          </p>
        )}
        <div className="settings__actions">
          {/* aria-disabled rather than disabled: a disabled button would drop the keyboard focus to the page. */}
          <button className="button button--primary" type="submit" aria-disabled={saving}>
            {saving ? 'Saving…' : 'Update profile'}
          </button>
        </div>
      </form>
    </section>
  );
}

import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useStore } from 'zustand';
import type { Member } from '../../api/types';
import { roleLabel } from '../../format';
import { CERTIFICATE_MAX, draftOf, ENTITY_ID_MAX, LABEL_MAX, type SamlAction, type SamlDraft, type SamlProvider, URL_MAX } from './saml-store';
import { useAppStores, useOrganizations } from '../stores-context';

const ROLES: Array<NonNullable<Member['role']>> = ['read', 'comment', 'edit', 'review', 'create', 'admin'];

/** An identity provider's settings, as its administrator gives them: a new provider, or one edited. */
export function SamlProviderForm({ provider, onDone }: { provider?: SamlProvider; onDone(): void }) {
  const { saml } = useAppStores();
  const action: SamlAction = provider ? 'update' : 'create';
  const pending = useStore(saml, (state) => state.pending[action] === true);
  const error = useStore(saml, (state) => state.errors[action]);
  const teams = useOrganizations((state) => state.teams);
  const [draft, setDraft] = useState<SamlDraft>(() => draftOf(provider));
  const ids = { heading: useId(), label: useId(), entity: useId(), url: useId(), cert: useId(), certHint: useId(), role: useId(), team: useId(), error: useId() };
  const what = provider ? `the identity provider ${provider.label}` : 'a new identity provider';

  const change = (fields: Partial<SamlDraft>) => {
    setDraft((current) => ({ ...current, ...fields }));
    saml.getState().clearError(action);
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ok = provider ? await saml.getState().update(provider.id, draft) : Boolean(await saml.getState().create(draft));
    if (ok) onDone();
  };
  const escape = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onDone();
  };

  return (
    <form className="create-form org-settings__form" aria-labelledby={ids.heading} onSubmit={submit} onKeyDown={escape} noValidate>
      <h3 id={ids.heading}>{provider ? `Edit “${provider.label}”` : 'New identity provider'}</h3>
      <div className="field">
        <label htmlFor={ids.label}>Label</label>
        <input id={ids.label} value={draft.label} maxLength={LABEL_MAX} autoComplete="off" autoFocus placeholder="e.g. Okta" onChange={(e) => change({ label: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={ids.entity}>Identity provider entity ID</label>
        <input id={ids.entity} value={draft.entityID} maxLength={ENTITY_ID_MAX} autoComplete="off" placeholder="https://idp.example.com/metadata" onChange={(e) => change({ entityID: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={ids.url}>Single sign-on URL</label>
        <input id={ids.url} type="url" value={draft.ssoURL} maxLength={URL_MAX} autoComplete="off" placeholder="https://idp.example.com/sso" onChange={(e) => change({ ssoURL: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={ids.cert}>Signing certificate (PEM)</label>
        <textarea
          id={ids.cert}
          className="org-settings__pem"
          value={draft.certificate}
          maxLength={CERTIFICATE_MAX}
          rows={6}
          spellCheck={false}
          placeholder={'-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----'}
          aria-describedby={ids.certHint}
          onChange={(e) => change({ certificate: e.target.value })}
        />
        <p className="hint" id={ids.certHint}>
          Assertions are accepted only when signed with this certificate’s key. Without an entity ID, URL and certificate the provider stays pending.
        </p>
      </div>
      <div className="org-settings__pair">
        <div className="field">
          <label htmlFor={ids.role}>Default role</label>
          <select id={ids.role} value={draft.defaultRole ?? 'guest'} onChange={(e) => change({ defaultRole: e.target.value === 'guest' ? null : (e.target.value as Member['role']) })}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
            <option value="guest">{roleLabel(null)}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.team}>Default team</label>
          <select id={ids.team} value={draft.defaultTeam} onChange={(e) => change({ defaultTeam: e.target.value })}>
            <option value="">None</option>
            {teams.status === 'ready' &&
              teams.items.map((team) => (
                <option key={team.id} value={team.id}>
                  {team.title}
                </option>
              ))}
          </select>
        </div>
      </div>
      {error && (
        <p className="error-text" id={ids.error} role="alert">
          Could not save {what}: {error}
        </p>
      )}
      <div className="create-form__actions">
        <button className="button button--primary" type="submit" disabled={pending}>
          {pending ? 'Saving…' : provider ? 'Save provider' : 'Add provider'}
        </button>
        <button className="button button--quiet" type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

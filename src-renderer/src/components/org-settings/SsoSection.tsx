import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Organization } from '../../api/types';
import { roleLabel } from '../../format';
import type { SamlProvider } from './saml-store';
import { PlusIcon } from '../Icons';
import { CopyButton } from '../settings/CopyButton';
import { InlineConfirm } from '../sites/InlineConfirm';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';
import { SamlProviderForm } from './SamlProviderForm';

/** The organization's SAML identity providers, for its admins: what each one is given, and what to give it. */
export function SsoSection({ organization }: { organization: Organization }) {
  const { saml } = useAppStores();
  const list = useStore(saml, (state) => state.list);
  const notice = useStore(saml, (state) => state.notice);
  const [creating, setCreating] = useState(false);
  const [copied, setCopied] = useState('');
  const newButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void saml.getState().load(organization.id);
  }, [saml, organization.id]);

  const closeForm = () => {
    setCreating(false);
    requestAnimationFrame(() => newButton.current?.focus());
  };

  return (
    <section className="section org-settings" id="sso" aria-labelledby="sso-title">
      <div className="section__header">
        <h2 id="sso-title">Single sign-on</h2>
        {list.status === 'ready' && <span className="pill">{list.count.toLocaleString()}</span>}
        <div className="section__actions">
          <button
            ref={newButton}
            className="button"
            type="button"
            aria-expanded={creating}
            onClick={() => {
              saml.getState().clearError('create');
              if (creating) closeForm();
              else setCreating(true);
            }}
          >
            <PlusIcon />
            New SAML provider
          </button>
        </div>
      </div>
      <p className="hint">People sign in through your identity provider (SAML 2.0) and join this organization with the provider’s default role and team.</p>
      {creating && <SamlProviderForm onDone={closeForm} />}
      {list.status === 'idle' || list.status === 'loading' ? (
        <StatusMessage kind="loading">Loading identity providers…</StatusMessage>
      ) : list.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void saml.getState().load(organization.id, true)}>
          Could not load identity providers: {list.message}
        </StatusMessage>
      ) : list.items.length === 0 ? (
        <StatusMessage kind="empty">No identity providers yet.</StatusMessage>
      ) : (
        <ul className="org-settings__list" aria-label="SAML providers">
          {list.items.map((provider) => (
            <li key={provider.id}>
              <ProviderRow provider={provider} onCopied={setCopied} />
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      <p className="visually-hidden" role="status">
        {copied}
      </p>
    </section>
  );
}

function ProviderRow({ provider, onCopied }: { provider: SamlProvider; onCopied(message: string): void }) {
  const { saml } = useAppStores();
  const pending = useStore(saml, (state) => state.pending.delete === true);
  const error = useStore(saml, (state) => state.errors.delete);
  const [editing, setEditing] = useState(false);
  const service = [
    { label: 'ACS URL', value: provider.service.acsURL, what: `the ACS URL of ${provider.label}` },
    { label: 'SP entity ID', value: provider.service.entityID, what: `the SP entity ID of ${provider.label}` },
    { label: 'Start URL', value: provider.service.startURL, what: `the start URL of ${provider.label}` },
  ];

  if (editing) return <SamlProviderForm provider={provider} onDone={() => setEditing(false)} />;
  return (
    <div className="org-settings__row org-settings__row--block">
      <div className="org-settings__row-head">
        <span className="org-settings__text">
          <span className="org-settings__title">{provider.label}</span>
          <span className="org-settings__meta">
            Joins as {roleLabel(provider.defaultRole)}
            {provider.defaultTeam ? `, in the team ${provider.defaultTeam.title}` : ''}
          </span>
        </span>
        <span className={`badge ${provider.status === 'active' ? 'badge--published' : 'badge--draft'}`}>{provider.status === 'active' ? 'Active' : 'Pending'}</span>
        <span className="org-settings__actions">
          <button className="button button--quiet" type="button" aria-label={`Edit the provider ${provider.label}`} onClick={() => setEditing(true)}>
            Edit
          </button>
          <InlineConfirm
            label="Delete"
            name={`Delete the provider ${provider.label}`}
            confirm={`Delete “${provider.label}”`}
            pending={pending}
            onConfirm={() => void saml.getState().remove(provider.id)}
          />
        </span>
      </div>
      {provider.status === 'pending' && <p className="hint">Pending: give it the identity provider’s entity ID, single sign-on URL and certificate.</p>}
      <dl className="org-settings__service" aria-label={`What to give the identity provider for ${provider.label}`}>
        {service.map((item) => (
          <div key={item.label} className="org-settings__service-item">
            <dt>{item.label}</dt>
            <dd>
              <code>{item.value}</code>
              <CopyButton text={item.value} what={item.what} onResult={onCopied} />
            </dd>
          </div>
        ))}
      </dl>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

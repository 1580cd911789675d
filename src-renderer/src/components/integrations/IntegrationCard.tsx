import { useId, useState } from 'react';
import { useStore } from 'zustand';
import type { Organization } from '../../api/types';
import { titleOrUntitled } from '../../format';
import { installsOnSpaces, type Integration, type OrgInstallation, spaceIdOf, spaceTitleOf, targetLabel } from './integrations-model';
import type { Load } from '../sites/sites-model';
import { InlineConfirm } from '../sites/InlineConfirm';
import { useAppStores, useSpaces } from '../stores-context';

/** One integration: what it is, who publishes it, and its installation on this organization and its spaces. */
export function IntegrationCard({ organization, integration }: { organization: Organization; integration: Integration }) {
  const { integrations } = useAppStores();
  const load = useStore(integrations, (state) => state.installations[integration.name]);
  const pending = useStore(integrations, (state) => state.pending[integration.name] === true);
  const error = useStore(integrations, (state) => state.errors[integration.name]);
  const headingId = useId();
  const isAdmin = organization.permissions.admin;

  return (
    <article className="integration" aria-labelledby={headingId}>
      <div className="integration__head">
        {/* Its initial, not its icon: the icon is served by the host, which the desktop app's CSP does not load images from. */}
        <span className="integration__icon" aria-hidden="true">
          {integration.title.slice(0, 1).toUpperCase()}
        </span>
        <div className="integration__text">
          <h3 id={headingId}>{integration.title}</h3>
          <p className="integration__meta">
            By {integration.owner.title} · <code>{integration.name}</code> · version {integration.version} · for {targetLabel(integration.target).toLowerCase()}
          </p>
        </div>
        <InstalledBadge load={load} />
      </div>
      {integration.description && <p className="integration__description">{integration.description}</p>}
      {load?.status === 'error' && (
        <p className="error-text" role="alert">
          Could not read its installation: {load.message}
        </p>
      )}
      {load?.status === 'ready' && load.value && <InstallationDetails integration={integration} installed={load.value} canEdit={isAdmin} />}
      {isAdmin && load?.status === 'ready' && (
        <div className="integration__actions">
          {load.value ? (
            <InlineConfirm
              label="Uninstall"
              name={`Uninstall ${integration.title}`}
              confirm={`Uninstall “${integration.title}”`}
              pending={pending}
              onConfirm={() => void integrations.getState().uninstall(integration.name)}
            />
          ) : (
            <button
              className="button button--primary"
              type="button"
              aria-label={`Install ${integration.title} on the organization`}
              aria-disabled={pending || !integration.permissions.install}
              onClick={() => !pending && void integrations.getState().install(integration.name)}
            >
              {pending ? 'Installing…' : 'Install on the organization'}
            </button>
          )}
        </div>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </article>
  );
}

/** Installed here or not, in words (colour only repeats them). */
function InstalledBadge({ load }: { load: Load<OrgInstallation> | undefined }) {
  if (!load || load.status !== 'ready') return null;
  return <span className={`badge ${load.value ? 'badge--published' : 'badge--draft'}`}>{load.value ? 'Installed' : 'Not installed'}</span>;
}

/** The installation's external ids and spaces, and the picker that installs it on one more space. */
function InstallationDetails({ integration, installed, canEdit }: { integration: Integration; installed: NonNullable<OrgInstallation>; canEdit: boolean }) {
  const { integrations } = useAppStores();
  const tree = useSpaces((state) => state.tree);
  const pending = useStore(integrations, (state) => state.pending[integration.name] === true);
  const [spaceId, setSpaceId] = useState('');
  const pickerId = useId();
  const on = new Set(installed.spaces.map(spaceIdOf));
  const choices = tree.status === 'ready' ? tree.spaces.filter((space) => !on.has(space.id)) : [];
  const externalIds = installed.installation.externalIds;

  return (
    <div className="integration__installation">
      <p className="integration__meta">
        External id: {externalIds.length > 0 ? externalIds.map((id) => <code key={id}>{id}</code>) : 'none'}
      </p>
      {installsOnSpaces(integration) && (
        <>
          <p className="integration__meta">
            {installed.spaces.length === 0 ? 'Not installed on any space.' : `On spaces: ${installed.spaces.map(spaceTitleOf).join(', ')}`}
          </p>
          {canEdit && choices.length > 0 && (
            <div className="integration__space-picker">
              <label htmlFor={pickerId}>Install {integration.title} on a space</label>
              <select id={pickerId} value={spaceId} onChange={(e) => setSpaceId(e.target.value)}>
                <option value="">Choose a space…</option>
                {choices.map((space) => (
                  <option key={space.id} value={space.id}>
                    {titleOrUntitled(space.title, 'space')}
                  </option>
                ))}
              </select>
              <button
                className="button"
                type="button"
                aria-disabled={pending || !spaceId}
                onClick={() => {
                  if (pending || !spaceId) return;
                  const title = choices.find((s) => s.id === spaceId)?.title;
                  void integrations.getState().installOnSpace(integration.name, spaceId, title).then((done) => done && setSpaceId(''));
                }}
              >
                Install on space
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

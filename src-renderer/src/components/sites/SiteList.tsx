import { useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Organization } from '../../api/types';
import { countOf } from '../../format';
import type { Site } from './sites-model';
import { PlusIcon } from '../Icons';
import { ListSection } from '../ListSection';
import { useAppStores } from '../stores-context';
import { siteVisibilityLabel } from './labels';
import { NewSiteForm } from './NewSiteForm';
import { sitesAddress } from './site-address';

/** The organization's sites with their published state, and "New site" for its admins. */
export function SiteList({ organization }: { organization: Organization }) {
  const { sites } = useAppStores();
  const list = useStore(sites, (state) => state.sites);
  const [creating, setCreating] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const canCreate = organization.permissions.admin;

  const openForm = () => {
    sites.getState().clearError('create');
    setCreating(true);
  };
  const closeForm = () => {
    setCreating(false);
    requestAnimationFrame(() => newButton.current?.focus());
  };

  return (
    <article className="organization" aria-labelledby="sites-title">
      <header className="organization__header">
        <p className="eyebrow">{organization.title}</p>
        <h1 id="sites-title">Sites</h1>
        <p className="organization__facts">Documentation sites published from this organization’s spaces.</p>
      </header>
      <ListSection
        id="site-list"
        title="All sites"
        noun="sites"
        list={list}
        emptyTitle="No sites yet"
        empty={canCreate ? 'A site publishes one or more spaces as documentation. Create one with “New site”.' : 'Nobody has created a site here yet.'}
        actions={
          canCreate && (
            <button ref={newButton} className="button button--primary" type="button" aria-expanded={creating} onClick={() => (creating ? closeForm() : openForm())}>
              <PlusIcon />
              New site
            </button>
          )
        }
        before={creating && <NewSiteForm onCancel={closeForm} onCreated={() => setCreating(false)} />}
        onRetry={() => void sites.getState().reloadSites()}
        onLoadMore={() => void sites.getState().loadMoreSites()}
      >
        {(ready) => (
          <ul className="site-list" aria-label="Sites">
            {ready.items.map((site) => (
              <li key={site.id}>
                <SiteEntry organizationId={organization.id} site={site} />
              </li>
            ))}
          </ul>
        )}
      </ListSection>
    </article>
  );
}

function SiteEntry({ organizationId, site }: { organizationId: string; site: Site }) {
  return (
    <a className="site-entry" href={sitesAddress(organizationId, site.id)}>
      <span className="site-entry__title">{site.title}</span>
      <PublishedBadge published={site.published} />
      <span className="site-entry__meta">
        {siteVisibilityLabel(site.visibility)} · {countOf(site.siteSpaces, 'space')}
      </span>
    </a>
  );
}

/** Published or not, in words (colour only repeats them). */
export function PublishedBadge({ published }: { published: boolean }) {
  return <span className={`badge ${published ? 'badge--published' : 'badge--draft'}`}>{published ? 'Published' : 'Not published'}</span>;
}

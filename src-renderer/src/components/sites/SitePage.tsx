import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { Organization } from '../../api/types';
import { countOf, formatDate } from '../../format';
import type { Site } from './sites-model';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';
import { AppearanceSection } from './AppearanceSection';
import { siteVisibilityLabel } from './labels';
import { PublishedBadge } from './SiteList';
import { PageViewsSection } from './PageViewsChart';
import { ShareLinksSection } from './ShareLinksSection';
import { SharingSection } from '../sharing/SharingSection';
import { SiteSettingsForm } from './SiteSettingsForm';
import { StructureSection } from './StructureSection';
import { sitesAddress } from './site-address';

/** One site: its settings, publishing and preview, appearance, sections, share links and page views. */
export function SitePage({ organization }: { organization: Organization }) {
  const { sites } = useAppStores();
  const load = useStore(sites, (state) => state.site);

  return (
    <article className="organization site-page" aria-labelledby="site-title">
      <a className="site-page__back" href={sitesAddress(organization.id)}>
        ← All sites
      </a>
      {load.status === 'idle' || load.status === 'loading' ? (
        <StatusMessage kind="loading">Loading the site…</StatusMessage>
      ) : load.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void sites.getState().reloadSite()}>
          Could not load the site: {load.message}
        </StatusMessage>
      ) : (
        <SiteDetails organization={organization} site={load.value} />
      )}
    </article>
  );
}

function SiteDetails({ organization, site }: { organization: Organization; site: Site }) {
  // Its own role on the site: an admin of the organization, or a member invited as the site's admin.
  const canEdit = site.permissions.admin;

  useEffect(() => {
    document.title = `${site.title} · Sites · Folio`;
  }, [site.title]);

  return (
    <>
      <header className="organization__header site-page__header">
        <p className="eyebrow">{organization.title} · Site</p>
        <div className="site-page__title">
          <h1 id="site-title">{site.title}</h1>
          <PublishedBadge published={site.published} />
        </div>
        <p className="organization__facts">
          {[siteVisibilityLabel(site.visibility), countOf(site.siteSpaces, 'space'), `created ${formatDate(site.createdAt)}`].join(' · ')}
        </p>
        <PublishBar site={site} canEdit={canEdit} />
      </header>
      {/* Keyed by the saved values: a save (or another window's) resets what the form shows. */}
      <SiteSettingsForm key={`${site.title}\u0000${site.visibility}`} site={site} canEdit={canEdit} />
      <AppearanceSection organizationId={organization.id} site={site} canEdit={canEdit} />
      <StructureSection canEdit={canEdit} />
      {canEdit && <ShareLinksSection site={site} />}
      <SharingSection target={{ kind: 'site', organizationId: organization.id, siteId: site.id }} canManage={canEdit} />
      <PageViewsSection />
      {canEdit && <DeleteSite site={site} />}
    </>
  );
}

/** Publish or unpublish, and the preview of the published site. */
function PublishBar({ site, canEdit }: { site: Site; canEdit: boolean }) {
  const { sites } = useAppStores();
  const pending = useStore(sites, (state) => state.pending.publish === true);
  const error = useStore(sites, (state) => state.errors.publish);
  const published = site.urls.published;
  const preview = useStore(sites, (state) => (state.preview.status === 'ready' ? state.preview.value : undefined));

  return (
    <div className="site-page__actions">
      {canEdit && (
        <button
          className={`button${site.published ? '' : ' button--primary'}`}
          type="button"
          aria-disabled={pending}
          onClick={() => void sites.getState().setPublished(!site.published)}
        >
          {pending ? (site.published ? 'Unpublishing…' : 'Publishing…') : site.published ? 'Unpublish' : 'Publish'}
        </button>
      )}
      {/* New tabs in a browser; the desktop app hands web addresses to the system's browser. */}
      {preview && (
        <a className="button" href={preview} target="_blank" rel="noopener noreferrer">
          Open preview<span className="visually-hidden"> (as visitors will see it; opens in a new window)</span>
        </a>
      )}
      {published && (
        <a className="button" href={published} target="_blank" rel="noopener noreferrer">
          Open site<span className="visually-hidden"> (opens in a new window)</span>
        </a>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Deleting asks once more, in place. */
function DeleteSite({ site }: { site: Site }) {
  const { sites } = useAppStores();
  const pending = useStore(sites, (state) => state.pending.delete === true);
  const error = useStore(sites, (state) => state.errors.delete);
  const [confirming, setConfirming] = useState(false);

  return (
    <section className="section site-panel site-panel--danger" aria-labelledby="site-delete-title">
      <h2 id="site-delete-title">Delete this site</h2>
      <p className="hint">Its spaces stay; only the site, its sections and share links go.</p>
      {confirming ? (
        <div className="create-form__actions">
          <button className="button button--danger" type="button" aria-disabled={pending} onClick={() => void sites.getState().deleteSite()}>
            {pending ? 'Deleting…' : `Delete “${site.title}”`}
          </button>
          <button className="button button--quiet" type="button" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button className="button button--danger site-panel__start" type="button" onClick={() => setConfirming(true)}>
          Delete site…
        </button>
      )}
      {error && (
        <p className="error-text" role="alert">
          Could not delete the site: {error}
        </p>
      )}
    </section>
  );
}

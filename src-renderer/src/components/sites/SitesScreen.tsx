import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { Organization } from '../../api/types';
import { useAppStores } from '../stores-context';
import { SiteList } from './SiteList';
import { SitePage } from './SitePage';

/** The organization's docs sites: the list, or one site's page (`#/orgs/{id}/sites[/{siteId}]`). */
export function SitesScreen({ organization }: { organization: Organization }) {
  const { sites } = useAppStores();
  const siteId = useStore(sites, (state) => state.screen?.siteId);
  const notice = useStore(sites, (state) => state.notice);

  useEffect(() => {
    document.title = `Sites · ${organization.title} · Folio`;
  }, [organization]);

  return (
    <div className="sites">
      {siteId ? <SitePage key={siteId} organization={organization} /> : <SiteList organization={organization} />}
      {/* What an action just did, for screen readers; what sighted users see changes on screen. */}
      <p className="visually-hidden" role="status">
        {notice}
      </p>
    </div>
  );
}

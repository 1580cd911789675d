import type { Organization } from '../../api/types';
import { sitesAddress } from './site-address';

/** The organization page's way to its docs sites: they have a screen of their own. */
export function SitesEntry({ organization }: { organization: Organization }) {
  return (
    <section className="section" id="sites" aria-labelledby="sites-entry-title">
      <div className="section__header">
        <h2 id="sites-entry-title">Sites</h2>
      </div>
      <div className="sites-entry">
        <p className="hint">Publish spaces as documentation sites: order their sections, share them with a link, and see their page views.</p>
        <a className="button" href={sitesAddress(organization.id)}>
          Open sites
        </a>
      </div>
    </section>
  );
}

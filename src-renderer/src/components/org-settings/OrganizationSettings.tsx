import { useEffect, useRef } from 'react';
import type { Organization } from '../../api/types';
import { integrationsAddress } from '../integrations/integrations-address';
import { ArrowLeftIcon } from '../Icons';
import { MembersSection } from '../MembersSection';
import { useAppStores } from '../stores-context';
import { TeamsSection } from '../TeamsSection';
import { SsoSection } from './SsoSection';
import { TranslationsSection } from './TranslationsSection';

/** What runs the organization rather than its writing: members, teams, translations, integrations, single sign-on. */
export function OrganizationSettings({ organization, facts }: { organization: Organization; facts: string }) {
  const { orgHome } = useAppStores();
  const heading = useRef<HTMLHeadingElement>(null);

  // A new view: focus its title, so screen readers announce it and the keyboard starts from there.
  useEffect(() => {
    heading.current?.focus();
    document.title = `Organization settings · ${organization.title} · Folio`;
  }, [organization.title]);

  return (
    <article className="organization organization--settings" aria-labelledby="organization-settings-title">
      <button className="button button--quiet back-button" type="button" onClick={() => orgHome.getState().showHome()}>
        <ArrowLeftIcon />
        Back to {organization.title}
      </button>
      <header className="organization__header">
        <p className="eyebrow">{organization.title}</p>
        <h1 id="organization-settings-title" ref={heading} tabIndex={-1}>
          Organization settings
        </h1>
        <p className="organization__facts">{facts}</p>
      </header>
      <MembersSection />
      <TeamsSection />
      <TranslationsSection organization={organization} />
      <section className="section" id="integrations" aria-labelledby="integrations-entry-title">
        <div className="section__header">
          <h2 id="integrations-entry-title">Integrations</h2>
        </div>
        <div className="sites-entry">
          <p className="hint">Install integrations for the organization and choose the spaces they work in.</p>
          <a className="button" href={integrationsAddress(organization.id)}>
            Open integrations
          </a>
        </div>
      </section>
      {organization.permissions.admin && <SsoSection organization={organization} />}
    </article>
  );
}

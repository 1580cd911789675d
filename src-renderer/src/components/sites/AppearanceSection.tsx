import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { SiteCustomizationSettings } from './site-appearance-store';
import { siteSpaceChoices } from './site-space-overrides';
import type { Site } from './sites-model';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';
import { AppearanceForm } from './AppearanceForm';
import { SiteSpaceAppearance } from './SiteSpaceAppearance';

/** How the published site looks: its title, colors, theme, banner and footer (admins change them; members see them). */
export function AppearanceSection({ organizationId, site, canEdit }: { organizationId: string; site: Site; canEdit: boolean }) {
  const { siteAppearance } = useAppStores();
  const load = useStore(siteAppearance, (state) => state.customization);
  // Until the first read of this site starts, what the store holds belongs to another one.
  const mine = useStore(siteAppearance, (state) => state.site?.organizationId === organizationId && state.site.siteId === site.id);
  const heading = useId();

  useEffect(() => {
    void siteAppearance.getState().load({ organizationId, siteId: site.id });
  }, [siteAppearance, organizationId, site.id]);

  return (
    <section className="section site-panel" aria-labelledby={heading}>
      <h2 id={heading}>Appearance</h2>
      <p className="hint">How the published site looks to its readers.</p>
      {!mine || load.status === 'idle' || load.status === 'loading' ? (
        <StatusMessage kind="loading">Loading the appearance…</StatusMessage>
      ) : load.status === 'error' ? (
        <StatusMessage kind="error" onRetry={() => void siteAppearance.getState().load({ organizationId, siteId: site.id })}>
          Could not load the appearance: {load.message}
        </StatusMessage>
      ) : (
        <AppearanceTarget organizationId={organizationId} site={site} settings={load.value} canEdit={canEdit} />
      )}
    </section>
  );
}

/**
 * What the form applies to: the whole site, or one of its site spaces (whose overrides GitBook calls its site
 * space customization). The choice shows once the site has site spaces.
 */
function AppearanceTarget(props: { organizationId: string; site: Site; settings: SiteCustomizationSettings; canEdit: boolean }) {
  const { sites } = useAppStores();
  const structure = useStore(sites, (state) => state.structure);
  const choices = useMemo(() => (structure.status === 'ready' ? siteSpaceChoices(structure.value) : []), [structure]);
  // The choice belongs to the site it was made on; a site space removed since gives the site back.
  const [chosen, setChosen] = useState<{ siteId: string; siteSpaceId: string }>();
  const siteSpace = chosen?.siteId === props.site.id ? choices.find((choice) => choice.id === chosen.siteSpaceId) : undefined;
  const select = useId();

  return (
    <>
      {choices.length > 0 && (
        <div className="field site-appearance__target">
          <label htmlFor={select}>Applies to</label>
          <div className="select-control">
            <select id={select} value={siteSpace?.id ?? ''} onChange={(event) => setChosen(event.target.value ? { siteId: props.site.id, siteSpaceId: event.target.value } : undefined)}>
              <option value="">The whole site</option>
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      {siteSpace ? (
        <SiteSpaceAppearance
          key={siteSpace.id}
          organizationId={props.organizationId}
          siteId={props.site.id}
          siteSpaceId={siteSpace.id}
          title={siteSpace.label}
          site={props.settings}
          canEdit={props.canEdit}
        />
      ) : (
        <SiteAppearanceForm settings={props.settings} canEdit={props.canEdit} />
      )}
    </>
  );
}

/** The site's own settings, saved whole. */
function SiteAppearanceForm({ settings, canEdit }: { settings: SiteCustomizationSettings; canEdit: boolean }) {
  const { siteAppearance } = useAppStores();
  const pending = useStore(siteAppearance, (state) => state.pending.save === true);
  const error = useStore(siteAppearance, (state) => state.errors.save);
  const notice = useStore(siteAppearance, (state) => state.notice);
  return (
    <AppearanceForm
      key="site"
      settings={settings}
      canEdit={canEdit}
      label="Appearance of the published site"
      pending={pending}
      error={error}
      notice={notice}
      onSave={(draft) => siteAppearance.getState().save(draft)}
      onEdit={() => siteAppearance.getState().clearError()}
    />
  );
}


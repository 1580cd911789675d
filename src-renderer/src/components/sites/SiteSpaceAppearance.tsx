import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { SiteCustomizationSettings } from './site-appearance-store';
import { hasOverrides } from './site-space-overrides';
import { StatusMessage } from '../StatusMessage';
import { useAppStores } from '../stores-context';
import { AppearanceForm } from './AppearanceForm';

/**
 * The Appearance section for one site space: what its pages show (the site's look with its overrides), saved
 * as overrides of the fields that differ from the site, or given back to the site whole.
 */
export function SiteSpaceAppearance(props: {
  organizationId: string;
  siteId: string;
  siteSpaceId: string;
  /** The space's title, naming the form. */
  title: string;
  /** The site's own settings, which the overrides are told from. */
  site: SiteCustomizationSettings;
  canEdit: boolean;
}) {
  const { organizationId, siteId, siteSpaceId, canEdit } = props;
  const { siteSpaceAppearance: store } = useAppStores();
  const load = useStore(store, (state) => state.customization);
  const mine = useStore(
    store,
    (state) => state.siteSpace?.organizationId === organizationId && state.siteSpace.siteId === siteId && state.siteSpace.siteSpaceId === siteSpaceId,
  );
  const pending = useStore(store, (state) => state.pending);
  const errors = useStore(store, (state) => state.errors);
  const notice = useStore(store, (state) => state.notice);

  useEffect(() => {
    void store.getState().load({ organizationId, siteId, siteSpaceId });
  }, [store, organizationId, siteId, siteSpaceId]);

  if (!mine || load.status === 'idle' || load.status === 'loading') {
    return <StatusMessage kind="loading">Loading the appearance of {props.title}…</StatusMessage>;
  }
  if (load.status === 'error') {
    return (
      <StatusMessage kind="error" onRetry={() => void store.getState().load({ organizationId, siteId, siteSpaceId })}>
        Could not load the appearance of {props.title}: {load.message}
      </StatusMessage>
    );
  }
  const overridden = hasOverrides(props.site, load.value);
  return (
    <AppearanceForm
      settings={load.value}
      canEdit={canEdit}
      label={`Appearance of ${props.title} on the published site`}
      pending={pending.save === true}
      error={errors.save}
      notice={notice}
      onSave={(draft) => store.getState().save(props.site, draft)}
      onEdit={() => store.getState().clearError()}
    >
      <p className="hint">{overridden ? `${props.title} looks different from the rest of the site.` : `${props.title} looks like the rest of the site.`}</p>
      {canEdit && overridden && (
        <div className="create-form__actions">
          <button className="button" type="button" aria-disabled={pending.reset === true} onClick={() => void store.getState().reset()}>
            {pending.reset ? 'Resetting…' : 'Use the site’s appearance'}
          </button>
        </div>
      )}
      {errors.reset && (
        <p className="error-text" role="alert">
          Could not reset the appearance: {errors.reset}
        </p>
      )}
    </AppearanceForm>
  );
}

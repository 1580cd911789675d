import { createStore, type StoreApi } from 'zustand/vanilla';
import { describeError } from '../../api/errors';
import { type ActionState, actionRunner } from '../../stores/action-state';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import type { AppearanceDraft, SiteCustomizationSettings } from './site-appearance-store';
import { overridesOf, type SiteSpaceCustomizationInput } from './site-space-overrides';
import type { Load, SiteRef } from './sites-model';

// The Appearance section when it applies to one site space: the settings in effect there (the site's with the
// site space's overrides), changed by a merge patch of the fields that differ, or given back to the site whole.

type SiteSpaceRef = SiteRef & { siteSpaceId: string };

/** The slice of the tRPC client the section uses for a site space. */
export interface SiteSpaceAppearanceClient {
  sites: {
    customization: {
      getSiteSpace: { query(input: SiteSpaceRef): Promise<SiteCustomizationSettings> };
      overrideSiteSpace: { mutate(input: SiteSpaceRef & { overrides: SiteSpaceCustomizationInput }): Promise<SiteCustomizationSettings> };
      deleteSiteSpace: { mutate(input: SiteSpaceRef): Promise<{ removed: boolean }> };
    };
  };
}

type SiteSpaceAppearanceAction = 'save' | 'reset';

interface SiteSpaceAppearanceState extends ActionState<SiteSpaceAppearanceAction> {
  /** The site space whose settings are loaded (or loading). */
  siteSpace?: SiteSpaceRef;
  /** The settings in effect on the site space's pages. */
  customization: Load<SiteCustomizationSettings>;
  /** Reads the site space's settings (again); what was shown for another one goes at once. */
  load(ref: SiteSpaceRef): Promise<void>;
  /** Checks the form and sends, as overrides, its fields that changed (see `errors.save` when refused). */
  save(site: SiteCustomizationSettings, draft: AppearanceDraft): Promise<boolean>;
  /** Sends this merge patch as it is. */
  override(overrides: SiteSpaceCustomizationInput): Promise<boolean>;
  /** Drops every override: the site space looks like the site again. */
  reset(): Promise<boolean>;
  clearError(): void;
}

export type SiteSpaceAppearanceStore = StoreApi<SiteSpaceAppearanceState>;

export function createSiteSpaceAppearanceStore({ client, onUnauthorized }: FeatureDependencies<SiteSpaceAppearanceClient>): SiteSpaceAppearanceStore {
  const explain = (error: unknown): string => {
    const { message, unauthorized } = describeError(error);
    if (unauthorized) onUnauthorized(message);
    return message;
  };
  // Read at call time, not at creation: clients made for other screens (tests' fakes) carry only the routes they use.
  const api = () => client.sites.customization;

  return createStore<SiteSpaceAppearanceState>()((set, get) => {
    const { write, refuse } = actionRunner<SiteSpaceAppearanceAction, SiteSpaceAppearanceState>(get, set, explain);
    const current = (ref: SiteSpaceRef) => {
      const shown = get().siteSpace;
      return shown?.organizationId === ref.organizationId && shown.siteId === ref.siteId && shown.siteSpaceId === ref.siteSpaceId;
    };
    const read = async (ref: SiteSpaceRef) => {
      try {
        const value = await api().getSiteSpace.query(ref);
        if (current(ref)) set({ customization: { status: 'ready', value } });
      } catch (error) {
        const message = explain(error);
        if (current(ref)) set({ customization: { status: 'error', message } });
      }
    };

    return {
      customization: { status: 'idle' },
      pending: {},
      errors: {},

      async load(ref) {
        if (!current(ref)) set({ siteSpace: ref, errors: {}, notice: undefined });
        set({ customization: { status: 'loading' } });
        await read(ref);
      },

      async save(site, draft) {
        const loaded = get().customization;
        if (loaded.status !== 'ready') return false;
        const checked = overridesOf(site, loaded.value, draft);
        if ('error' in checked) return refuse('save', checked.error) ?? false;
        return get().override(checked.overrides);
      },

      async override(overrides) {
        const ref = get().siteSpace;
        if (!ref) return false;
        const saved = await write(
          'save',
          () => api().overrideSiteSpace.mutate({ ...ref, overrides }),
          () => 'Saved this site space’s appearance.',
        );
        if (saved && current(ref)) set({ customization: { status: 'ready', value: saved } });
        return saved !== undefined;
      },

      async reset() {
        const ref = get().siteSpace;
        if (!ref) return false;
        const done = await write(
          'reset',
          () => api().deleteSiteSpace.mutate(ref),
          () => 'This site space uses the site’s appearance again.',
        );
        // The answer has no settings: they are read again, quietly (the form stays until they come).
        if (done && current(ref)) await read(ref);
        return done !== undefined;
      },

      clearError() {
        set((state) => ({ errors: { ...state.errors, save: undefined, reset: undefined } }));
      },
    };
  });
}

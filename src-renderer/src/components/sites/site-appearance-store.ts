import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SiteCustomizationInput, SiteCustomizationSettings } from '../../../../src-shared/schemas/site-customization';
import { describeError } from '../../api/errors';
import { type ActionState, actionRunner } from '../../stores/action-state';
import type { FeatureDependencies } from '../../stores/feature-dependencies';
import type { Load, SiteRef } from './sites-model';

// The Appearance section of a site's page: the site's customization (GitBook's site customization), read
// whole and written back whole (PUT), of which the section edits a few fields in plain words.

export type { SiteCustomizationInput, SiteCustomizationSettings };

/** The slice of the tRPC client the Appearance section uses. */
export interface SiteAppearanceClient {
  sites: {
    customization: {
      get: { query(input: SiteRef): Promise<SiteCustomizationSettings> };
      replace: { mutate(input: SiteRef & { customization: SiteCustomizationInput }): Promise<SiteCustomizationSettings> };
    };
  };
}

export type AnnouncementStyle = NonNullable<SiteCustomizationInput['announcement']>['style'];
export type ThemeMode = SiteCustomizationInput['themes']['default'];

/** The banner's styles, in the order the form offers them, with their names in plain words. */
export const ANNOUNCEMENT_STYLE_LABELS: ReadonlyArray<{ value: AnnouncementStyle; label: string }> = [
  { value: 'info', label: 'Information' },
  { value: 'warning', label: 'Warning' },
  { value: 'danger', label: 'Danger' },
  { value: 'success', label: 'Success' },
];

const APPEARANCE_TITLE_MIN = 2;
export const APPEARANCE_TITLE_MAX = 128;
const ANNOUNCEMENT_MIN = 2;
export const ANNOUNCEMENT_MAX = 128;
export const COPYRIGHT_MAX = 300;

/** The fields the section edits, as typed. */
export interface AppearanceDraft {
  title: string;
  primaryLight: string;
  primaryDark: string;
  defaultTheme: ThemeMode;
  followSystem: boolean;
  announcementEnabled: boolean;
  announcementMessage: string;
  announcementStyle: AnnouncementStyle;
  copyright: string;
  pagination: boolean;
}

/** The form's values for the loaded settings. */
export function appearanceDraftOf(settings: SiteCustomizationSettings): AppearanceDraft {
  return {
    title: settings.title,
    primaryLight: settings.styling.primaryColor.light,
    primaryDark: settings.styling.primaryColor.dark,
    defaultTheme: settings.themes.default,
    followSystem: settings.themes.toggeable,
    announcementEnabled: settings.announcement?.enabled ?? false,
    announcementMessage: settings.announcement?.message ?? '',
    announcementStyle: settings.announcement?.style ?? 'info',
    copyright: settings.footer.copyright ?? '',
    pagination: settings.pagination.enabled,
  };
}

/** Whether the form differs from the loaded settings. */
export function draftChanged(settings: SiteCustomizationSettings, draft: AppearanceDraft): boolean {
  const saved = appearanceDraftOf(settings);
  return (Object.keys(saved) as Array<keyof AppearanceDraft>).some((key) => saved[key] !== draft[key]);
}

const COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

/**
 * The whole settings to send: what was loaded, with the draft's fields in place (nothing else dropped), or
 * why not (the field first, as /v1 says it).
 */
export function applyDraft(settings: SiteCustomizationSettings, draft: AppearanceDraft): { customization: SiteCustomizationInput } | { error: string } {
  const title = draft.title.trim();
  if (title.length < APPEARANCE_TITLE_MIN || title.length > APPEARANCE_TITLE_MAX) {
    return { error: `title: the site’s title has ${APPEARANCE_TITLE_MIN} to ${APPEARANCE_TITLE_MAX} characters` };
  }
  for (const color of [draft.primaryLight, draft.primaryDark]) {
    if (!COLOR.test(color)) return { error: `styling.primaryColor: “${color}” is not a color such as #346DDB` };
  }
  const message = draft.announcementMessage.trim();
  if (draft.announcementEnabled && message === '') return { error: 'announcement.message: write the banner’s message to show it' };
  if (message !== '' && (message.length < ANNOUNCEMENT_MIN || message.length > ANNOUNCEMENT_MAX)) {
    return { error: `announcement.message: the banner’s message has ${ANNOUNCEMENT_MIN} to ${ANNOUNCEMENT_MAX} characters` };
  }
  const copyright = draft.copyright.trim();
  if (copyright.length > COPYRIGHT_MAX) return { error: `footer.copyright: at most ${COPYRIGHT_MAX} characters` };

  const { footer, announcement, ...rest } = settings;
  const { copyright: _previous, ...footerRest } = footer;
  return {
    customization: {
      ...rest,
      title,
      styling: { ...settings.styling, primaryColor: { light: draft.primaryLight, dark: draft.primaryDark } },
      themes: { default: draft.defaultTheme, toggeable: draft.followSystem },
      footer: copyright ? { ...footerRest, copyright } : footerRest,
      pagination: { ...settings.pagination, enabled: draft.pagination },
      // A banner turned off with its message cleared is no banner at all (a message has at least 2 characters).
      ...(message ? { announcement: { ...announcement, enabled: draft.announcementEnabled, message, style: draft.announcementStyle } } : {}),
    },
  };
}

type AppearanceAction = 'save';

interface SiteAppearanceState extends ActionState<AppearanceAction> {
  /** The site whose customization is loaded (or loading). */
  site?: SiteRef;
  customization: Load<SiteCustomizationSettings>;
  /** Reads the site's customization (again); what was shown for another site goes at once. */
  load(site: SiteRef): Promise<void>;
  /** Checks the form and sends the loaded settings with its fields (see `errors.save` when refused). */
  save(draft: AppearanceDraft): Promise<boolean>;
  /** Sends these settings whole, as they are. */
  replace(customization: SiteCustomizationInput): Promise<boolean>;
  clearError(): void;
}

export type SiteAppearanceStore = StoreApi<SiteAppearanceState>;

export function createSiteAppearanceStore({ client, onUnauthorized }: FeatureDependencies<SiteAppearanceClient>): SiteAppearanceStore {
  const explain = (error: unknown): string => {
    const { message, unauthorized } = describeError(error);
    if (unauthorized) onUnauthorized(message);
    return message;
  };

  return createStore<SiteAppearanceState>()((set, get) => {
    const { write, refuse } = actionRunner<AppearanceAction, SiteAppearanceState>(get, set, explain);
    const current = (ref: SiteRef) => get().site?.organizationId === ref.organizationId && get().site?.siteId === ref.siteId;

    return {
      customization: { status: 'idle' },
      pending: {},
      errors: {},

      async load(ref) {
        if (!current(ref)) set({ site: ref, errors: {}, notice: undefined });
        set({ customization: { status: 'loading' } });
        try {
          const value = await client.sites.customization.get.query(ref);
          if (current(ref)) set({ customization: { status: 'ready', value } });
        } catch (error) {
          const message = explain(error);
          if (current(ref)) set({ customization: { status: 'error', message } });
        }
      },

      async save(draft) {
        const loaded = get().customization;
        if (loaded.status !== 'ready') return false;
        const checked = applyDraft(loaded.value, draft);
        if ('error' in checked) return refuse('save', checked.error) ?? false;
        return get().replace(checked.customization);
      },

      async replace(customization) {
        const ref = get().site;
        if (!ref) return false;
        const saved = await write(
          'save',
          () => client.sites.customization.replace.mutate({ ...ref, customization }),
          () => 'Saved the site’s appearance.',
        );
        if (saved && current(ref)) set({ customization: { status: 'ready', value: saved } });
        return saved !== undefined;
      },

      clearError() {
        set((state) => ({ errors: { ...state.errors, save: undefined } }));
      },
    };
  });
}

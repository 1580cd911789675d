import type { SiteSpaceCustomizationInput } from '../../../../src-shared/schemas/site-customization';
import { type AppearanceDraft, appearanceDraftOf, applyDraft, type SiteCustomizationSettings } from './site-appearance-store';
import type { SiteStructure, StructureItem } from './sites-model';

// A site space's look (GitBook's site space customization): the site's settings with the site space's
// overrides laid over them. The API answers only the settings in effect, so what is overridden is what
// differs from the site's own settings.

export type { SiteSpaceCustomizationInput };

/** Deep equality of JSON values, key order aside. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * Whether the site space looks different from the site. An override equal to the site's value cannot be told
 * apart through the API; it changes nothing a reader sees either.
 */
export function hasOverrides(site: SiteCustomizationSettings, effective: SiteCustomizationSettings): boolean {
  return !sameValue(site, effective);
}

/**
 * The merge patch (PATCH .../site-spaces/{id}/customization) for the form's fields that changed from what the
 * site space shows: a value where it differs from the site's own, `null` (back to the site's) where it is the
 * site's again. Fields left alone are not sent, so their overrides stay as they are. Refused drafts say why,
 * the field first, as the site form does.
 */
export function overridesOf(
  site: SiteCustomizationSettings,
  effective: SiteCustomizationSettings,
  draft: AppearanceDraft,
): { overrides: SiteSpaceCustomizationInput } | { error: string } {
  const checked = applyDraft(effective, draft);
  if ('error' in checked) return checked;
  const wanted = checked.customization;
  // A field's patch: nothing when the form left it as shown, null when it is the site's again, else its value.
  const field = <T>(pick: (settings: SiteCustomizationSettings) => T) => {
    const value = pick(wanted as SiteCustomizationSettings);
    if (sameValue(value, pick(effective))) return undefined;
    return sameValue(value, pick(site)) ? null : value;
  };
  const overrides: SiteSpaceCustomizationInput = {};

  const title = field((s) => s.title);
  if (title !== undefined) overrides.title = title;
  const primaryColor = field((s) => s.styling.primaryColor);
  if (primaryColor !== undefined) overrides.styling = { primaryColor };
  const themeDefault = field((s) => s.themes.default);
  const toggeable = field((s) => s.themes.toggeable);
  if (themeDefault !== undefined || toggeable !== undefined) {
    overrides.themes = { ...(themeDefault !== undefined ? { default: themeDefault } : {}), ...(toggeable !== undefined ? { toggeable } : {}) };
  }
  // An empty copyright hides the site's; none at all (null) takes the site's again.
  const copyright = field((s) => s.footer.copyright ?? '');
  if (copyright !== undefined) overrides.footer = { copyright };
  const pagination = field((s) => s.pagination.enabled);
  if (pagination !== undefined) overrides.pagination = { enabled: pagination };

  // The API has no `null` for the banner: a changed banner is sent whole (the site's own when that is what is
  // wanted), and one cleared is sent turned off, keeping its last message.
  const banner = (d: AppearanceDraft) => [d.announcementEnabled, d.announcementMessage.trim(), d.announcementStyle];
  if (!sameValue(banner(appearanceDraftOf(effective)), banner(draft))) {
    const announcement = wanted.announcement ?? (effective.announcement ? { ...effective.announcement, enabled: false } : undefined);
    if (announcement) overrides.announcement = announcement;
  }
  return { overrides };
}

/** The site's spaces for the "Applies to" choice, in the structure's order, named by their space's title. */
export function siteSpaceChoices(structure: SiteStructure): Array<{ id: string; label: string }> {
  const found: Array<{ id: string; title: string; section?: string }> = [];
  type Section = { title: string; siteSpaces: Array<{ id: string; title: string }> };
  const fromSection = (section: Section) => section.siteSpaces.forEach((space) => found.push({ id: space.id, title: space.title, section: section.title }));
  for (const item of structure.structure as StructureItem[]) {
    if (item.object === 'site-space') found.push({ id: item.id, title: item.title });
    else if (item.object === 'site-section') fromSection(item as Section);
    else if (item.object === 'site-section-group') (item.sections as Section[]).forEach(fromSection);
  }
  // Two variants of one space in different sections: their section tells them apart.
  const count = (title: string) => found.filter((space) => space.title === title).length;
  return found.map((space) => ({ id: space.id, label: count(space.title) > 1 && space.section ? `${space.title} (${space.section})` : space.title }));
}

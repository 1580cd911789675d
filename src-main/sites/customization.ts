import type { SiteRow, SiteSpaceRow } from '../store/sites';

/**
 * GitBook's defaults for a site's customization (SiteCustomizationSettings, every required field), as its own
 * renderer fills them in when a site has never been customized. Folio keeps only what was changed
 * (`sites.customization`, `site_spaces.customization`, JSON) and lays it over these.
 */
export const DEFAULT_SITE_CUSTOMIZATION = {
  styling: {
    theme: 'clean',
    primaryColor: { light: '#346DDB', dark: '#346DDB' },
    infoColor: { light: '#787878', dark: '#787878' },
    successColor: { light: '#00C950', dark: '#00C950' },
    warningColor: { light: '#FE9A00', dark: '#FE9A00' },
    dangerColor: { light: '#FB2C36', dark: '#FB2C36' },
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    background: 'plain',
    icons: 'regular',
    sidebar: { background: 'default', list: 'default' },
    codeTheme: { default: { light: 'default-light', dark: 'default-dark' }, openapi: { light: 'default-light', dark: 'default-dark' } },
    search: 'subtle',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'light', toggeable: true },
  pdf: { enabled: true },
  feedback: { enabled: false },
  ai: { mode: 'none' },
  advancedCustomization: { enabled: true },
  trademark: { enabled: true },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  pageActions: { externalAI: true, markdown: true },
  git: { showEditLink: false },
  privacyPolicy: {},
  socialPreview: {},
  insights: { trackingCookie: true },
  socialAccounts: [],
} as const;

type Json = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Objects that are one value (a light/dark pair, a favicon, an announcement): an override replaces them whole,
 * so that, say, an emoji favicon over an icon one does not end up with both.
 */
const WHOLE_VALUES = new Set([
  'primaryColor', 'infoColor', 'successColor', 'warningColor', 'dangerColor', 'tint', 'backgroundColor', 'linkColor',
  'logo', 'favicon', 'announcement', 'font', 'monospaceFont',
]);

/** `over` laid on `base`: settings groups merge key by key, anything else (arrays included) replaces. */
function merge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (UNSAFE_KEYS.has(key) || value === undefined) continue;
    out[key] = isPlainObject(value) && isPlainObject(base[key]) && !WHOLE_VALUES.has(key) ? merge(base[key] as Json, value) : value;
  }
  return out;
}

/**
 * A site space's overrides changed by a PATCH (JSON merge patch, RFC 7396): a value sets, `null` drops the
 * override (the site's setting shows again), a group changes only the keys it names. Empty groups go.
 */
export function patchOverrides(current: Json, patch: Json): Json {
  const out: Json = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (UNSAFE_KEYS.has(key) || value === undefined) continue;
    if (value === null) delete out[key];
    else if (isPlainObject(value) && !WHOLE_VALUES.has(key)) {
      const group = patchOverrides(isPlainObject(out[key]) ? (out[key] as Json) : {}, value);
      if (Object.keys(group).length) out[key] = group;
      else delete out[key];
    } else out[key] = value;
  }
  return out;
}

/** A stored customization column: {} when none, or when it is not an object (the defaults then stand). */
export function stored(column: string | null): Json {
  if (column === null) return {};
  try {
    const value: unknown = JSON.parse(column);
    return isPlainObject(value) ? value : {};
  } catch {
    return {};
  }
}

/** The site's customization as visitors get it: its title, the defaults, and what was changed. */
export function siteCustomization(site: SiteRow): Json {
  return withBothPageActionShapes(merge({ title: site.title, ...DEFAULT_SITE_CUSTOMIZATION }, stored(site.customization)));
}

const PAGE_ACTION_SWITCHES = [
  ['markdown', 'markdown'],
  ['externalAI', 'external-ai'],
] as const;

/**
 * Page actions in both of GitBook's shapes: 0.137.0's switches (`markdown`, `externalAI`) and 0.202's ordered
 * `items`. Whichever was set last is the truth (a PUT replaces the settings whole); the other is derived from it.
 */
function withBothPageActionShapes(customization: Json): Json {
  const actions = isPlainObject(customization.pageActions) ? customization.pageActions : {};
  const items = Array.isArray(actions.items) ? (actions.items as string[]) : undefined;
  const pageActions = items
    ? { ...Object.fromEntries(PAGE_ACTION_SWITCHES.map(([flag, item]) => [flag, items.includes(item)])), items }
    : { ...actions, items: PAGE_ACTION_SWITCHES.filter(([flag]) => actions[flag] === true).map(([, item]) => item) };
  return { ...customization, pageActions };
}

/** Each site space's customization: the site's, with the site space's own overrides laid over it. */
export function siteSpaceCustomizations(site: SiteRow, siteSpaces: SiteSpaceRow[]): Record<string, Json> {
  const base = siteCustomization(site);
  return Object.fromEntries(siteSpaces.map((row) => [row.id, withBothPageActionShapes(merge(base, stored(row.customization)))]));
}

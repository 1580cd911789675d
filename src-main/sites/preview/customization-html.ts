import type { SiteCustomizationSettings } from '../../../src-shared/schemas/site-customization';
import { escapeHtml } from '../../../src-shared/html';
import { DEFAULT_SITE_CUSTOMIZATION } from '../customization';

/**
 * The parts of a site's customization the published site shows: colors and theme mode (as a stylesheet of
 * its own, since the site's CSP allows no inline style), the title or logo, the announcement banner, header links,
 * footer, favicon, locale, pagination and where external links open. The rest (fonts, icons, AI, PDF,
 * feedback, ...) needs GitBook's renderer and is kept but not shown.
 */

type ContentRef = NonNullable<SiteCustomizationSettings['header']['links'][number]['to']>;
/** Where a content reference leads on this site, or undefined when it leads nowhere a visitor can go. */
export type RefResolver = (ref: ContentRef) => { href: string; external: boolean } | undefined;

const HEX = /^#(?:[0-9a-fA-F]{3}){1,2}$/;
/** Settings arrive validated, or synced from a replica that validated them; a color is still checked before it lands in CSS. */
const hex = (value: unknown): string | undefined => (typeof value === 'string' && HEX.test(value) ? value : undefined);

type Themed = { light: string; dark: string } | undefined;
const COLOR_VARIABLES: Array<[keyof SiteCustomizationSettings['styling'], string]> = [
  ['primaryColor', '--accent'],
  ['infoColor', '--info'],
  ['successColor', '--success'],
  ['warningColor', '--warning'],
  ['dangerColor', '--danger'],
];

/**
 * A color only where the site chose one: GitBook's defaults (one blue for light and dark) leave Folio's own
 * palette, whose dark shades are tuned for contrast.
 */
function variables(settings: SiteCustomizationSettings, mode: 'light' | 'dark'): string {
  const declarations: string[] = [];
  for (const [key, variable] of COLOR_VARIABLES) {
    const color = hex((settings.styling[key] as Themed)?.[mode]);
    const standard = (DEFAULT_SITE_CUSTOMIZATION.styling[key as keyof typeof DEFAULT_SITE_CUSTOMIZATION.styling] as Themed)?.[mode];
    if (!color || color.toLowerCase() === standard?.toLowerCase()) continue;
    declarations.push(`${variable}: ${color};`);
    if (variable === '--accent') declarations.push(`--accent-soft: color-mix(in srgb, ${color} 14%, var(--bg));`);
  }
  return declarations.join(' ');
}

/**
 * The site space's stylesheet (`~style/{siteSpaceId}.css`): its colors for light and dark. The page's <html>
 * carries `theme-light` or `theme-dark` when readers may not follow their system (themes.toggeable false).
 */
export function customizationCss(settings: SiteCustomizationSettings): string {
  const light = variables(settings, 'light');
  const dark = variables(settings, 'dark');
  const radius = settings.styling.corners === 'straight' ? '0' : settings.styling.corners === 'circular' ? '16px' : '8px';
  return `:root { ${light} --radius: ${radius}; }
@media (prefers-color-scheme: dark) { :root:not(.theme-light) { ${dark} } }
:root.theme-dark { ${dark} }
`;
}

/** The class of <html>: the theme readers get when they may not switch to their system's. */
export function themeClass(settings: SiteCustomizationSettings): string {
  return settings.themes.toggeable ? '' : `theme-${settings.themes.default === 'dark' ? 'dark' : 'light'}`;
}

/**
 * The header's home link: the site's logo when it has one (GitBook shows it in place of the title, which
 * stays its text alternative), one image per theme, the other hidden by the stylesheet; else the title.
 */
export function siteTitleHtml(settings: SiteCustomizationSettings, title: string, href: string): string {
  const logo = settings.header.logo as Themed;
  if (!logo) return `<a class="site-title" href="${escapeHtml(href)}">${escapeHtml(title)}</a>`;
  const image = (mode: 'light' | 'dark') => `<img class="site-logo site-logo-${mode}" src="${escapeHtml(logo[mode])}" alt="${escapeHtml(title)}">`;
  return `<a class="site-title" href="${escapeHtml(href)}">${image('light')}${logo.dark !== logo.light ? image('dark') : ''}</a>`;
}

export function faviconLink(settings: SiteCustomizationSettings): string {
  const favicon = settings.favicon as { icon?: { light: string; dark: string }; emoji?: string };
  if (favicon.icon) return `<link rel="icon" href="${escapeHtml(favicon.icon.light)}">`;
  if (favicon.emoji) {
    // An emoji drawn by an SVG of its own (img-src allows data: URLs).
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><text y=".9em" font-size="90">${escapeHtml(favicon.emoji)}</text></svg>`;
    return `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(svg)}">`;
  }
  return '';
}

function link(title: string, to: ContentRef | null, resolve: RefResolver, settings: SiteCustomizationSettings, className = ''): string {
  const target = to ? resolve(to) : undefined;
  const cls = className ? ` class="${className}"` : '';
  if (!target) return `<span${cls}>${escapeHtml(title)}</span>`;
  const opens = target.external && settings.externalLinks.target === 'blank' ? ' target="_blank"' : '';
  const rel = target.external ? ' rel="noopener noreferrer"' : '';
  return `<a${cls} href="${escapeHtml(target.href)}"${opens}${rel}>${escapeHtml(title)}</a>`;
}

export function announcementHtml(settings: SiteCustomizationSettings, resolve: RefResolver): string {
  const announcement = settings.announcement;
  if (!announcement?.enabled) return '';
  const more = announcement.link ? ` ${link(announcement.link.title, announcement.link.to, resolve, settings)}` : '';
  return `<div class="announcement announcement-${escapeHtml(announcement.style)}" role="note">${escapeHtml(announcement.message)}${more}</div>`;
}

export function headerLinksHtml(settings: SiteCustomizationSettings, resolve: RefResolver): string {
  const items = settings.header.links.map((item) => {
    const style = item.style && item.style !== 'link' ? `header-${item.style}` : '';
    const sub = item.links.length ? `<ul>${item.links.map((sublink) => `<li>${link(sublink.title, sublink.to, resolve, settings)}</li>`).join('')}</ul>` : '';
    return `<li>${link(item.title, item.to, resolve, settings, style)}${sub}</li>`;
  });
  return items.length ? `<nav class="header-links" aria-label="Site links"><ul>${items.join('')}</ul></nav>` : '';
}

export function footerHtml(settings: SiteCustomizationSettings, resolve: RefResolver): string {
  const { groups, copyright } = settings.footer;
  if (!groups.length && !copyright) return '';
  const columns = groups
    .map((group) => `<div class="footer-group"><h2>${escapeHtml(group.title)}</h2><ul>${group.links.map((l) => `<li>${link(l.title, l.to, resolve, settings)}</li>`).join('')}</ul></div>`)
    .join('');
  return `<footer class="site-footer">${columns ? `<div class="footer-groups">${columns}</div>` : ''}${
    copyright ? `<p class="footer-copyright">${escapeHtml(copyright)}</p>` : ''
  }</footer>`;
}

/** A page's link to an outside address, opening where the site's settings say. */
export function externalLinkAttributes(settings: SiteCustomizationSettings): string {
  return `${settings.externalLinks.target === 'blank' ? ' target="_blank"' : ''} rel="noopener noreferrer"`;
}

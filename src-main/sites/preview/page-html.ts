import type { ContentPageRow } from '../../store/content-pages';
import type { SiteRow } from '../../store/sites';
import type { SiteStructureModel } from '../structure';
import { escapeHtml } from '../../../src-shared/html';
import type { SiteCustomizationSettings } from '../../../src-shared/schemas/site-customization';
import {
  announcementHtml,
  externalLinkAttributes,
  faviconLink,
  footerHtml,
  headerLinksHtml,
  siteTitleHtml,
  type RefResolver,
  themeClass,
} from './customization-html';
import { pageAddress, type SiteLocation } from './locate';
import { externalLinkTab } from './external-links';
import type { SiteExternalLinkRow } from '../../store/site-external-links';
import type { PageCover } from './page-cover';

/** The HTML of the site preview's pages: one layout (header, sections, variants, navigation, search). */
export interface SiteFrame {
  site: SiteRow;
  /** `/sites/{id}/` */
  root: string;
  model: SiteStructureModel;
  location: SiteLocation;
  /** Public sites are indexed; unlisted, share-link and visitor-auth sites, and previews, are not. */
  indexable: boolean;
  /** The titles of the spaces of the location's site spaces, by space id (the variant switcher's labels). */
  spaceTitles: ReadonlyMap<string, string>;
  /** The site space's customization (the site's, with its overrides), and where its links lead. */
  customization: SiteCustomizationSettings;
  resolve: RefResolver;
  /** The site's external links this visitor sees (issue 19): tabs beside the sections, in their groups. */
  externalLinks?: SiteExternalLinkRow[];
}

/** `cover`: the page's cover image (page-cover.ts), drawn above its title. */
export function sitePageHtml(frame: SiteFrame, page: ContentPageRow | undefined, bodyHtml: string, cover?: PageCover): string {
  const { location } = frame;
  const title = page ? page.title : location.space.title;
  const { previous, next } = location;
  const pager = frame.customization.pagination.enabled
    ? `<nav class="pager" aria-label="Previous and next pages">
  ${previous ? `<a class="pager-previous" rel="prev" href="${href(frame, pageAddress(location, previous))}"><span>Previous</span>${escapeHtml(previous.title)}</a>` : '<span></span>'}
  ${next ? `<a class="pager-next" rel="next" href="${href(frame, pageAddress(location, next))}"><span>Next</span>${escapeHtml(next.title)}</a>` : ''}
</nav>`
    : '';
  const description = page ? pageDescription(page) : undefined;
  const main = page
    ? `<article class="page">
  ${cover ? `<img class="page-cover${cover.positionClass ? ` ${cover.positionClass}` : ''}" src="${escapeHtml(cover.url)}" alt="" loading="lazy">` : ''}
  <h1>${escapeHtml(page.title)}</h1>
  ${description ? `<p class="page-description">${escapeHtml(description)}</p>` : ''}
  <div class="markdown">${bodyHtml}</div>
</article>
${pager}`
    : `<article class="page"><h1>${escapeHtml(location.space.title)}</h1><p class="page-empty">This space has no pages yet.</p></article>`;
  return layout(frame, title, main);
}

export interface SearchResultView {
  pageTitle: string;
  sectionTitle: string;
  snippet: string;
  address: string;
}

export function searchPageHtml(frame: SiteFrame, query: string, results: SearchResultView[]): string {
  const list = results.length
    ? `<ol class="search-results">${results
        .map(
          (r) => `<li><a href="${href(frame, r.address)}"><strong>${escapeHtml(r.pageTitle)}</strong>${
            r.sectionTitle && r.sectionTitle !== r.pageTitle ? ` <span class="search-section">› ${escapeHtml(r.sectionTitle)}</span>` : ''
          }</a><p>${escapeHtml(r.snippet)}</p></li>`,
        )
        .join('')}</ol>`
    : `<p class="search-none">${query.trim() ? `No results for “${escapeHtml(query)}”.` : 'Type something to search.'}</p>`;
  const main = `<article class="page"><h1>Search</h1><p class="search-count" role="status">${results.length} result${results.length === 1 ? '' : 's'}</p>${list}</article>`;
  return layout(frame, query ? `Search: ${query}` : 'Search', main, query);
}

/** A page for refusals and misses, in the site's frame when there is one. */
export function messagePageHtml(title: string, message: string, action?: { href: string; label: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/sites/~static/site.css"></head>
<body class="message-page"><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${
    action ? `<p><a class="button" href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a></p>` : ''
  }</main></body></html>`;
}

function layout(frame: SiteFrame, title: string, main: string, query = ''): string {
  const { location, customization, resolve } = frame;
  const siteTitle = customization.title;
  const theme = themeClass(customization);
  return `<!doctype html>
<html lang="${escapeHtml(customization.internationalization.locale)}"${theme ? ` class="${theme}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${frame.indexable ? '' : '<meta name="robots" content="noindex">\n'}<title>${escapeHtml(title)} | ${escapeHtml(siteTitle)}</title>
<link rel="stylesheet" href="/sites/~static/site.css">
<link rel="stylesheet" href="${href(frame, `~style/${location.siteSpace.id}.css`)}">
${faviconLink(customization)}
</head>
<body>
<a class="skip-link" href="#content">Skip to content</a>
${announcementHtml(customization, resolve)}
<header class="site-header">
  ${siteTitleHtml(customization, siteTitle, frame.root)}
  ${headerLinksHtml(customization, resolve)}
  <form class="site-search" role="search" method="get" action="${href(frame, `${location.spaceBase}~search`)}">
    <label class="visually-hidden" for="site-search-input">Search ${escapeHtml(location.space.title)}</label>
    <input id="site-search-input" type="search" name="q" value="${escapeHtml(query)}" placeholder="Search…" autocomplete="off">
  </form>
</header>
${sectionTabs(frame)}
<div class="site-body">
  <nav class="site-nav" aria-label="Pages">
    ${variantSwitcher(frame)}
    ${pageNavigation(frame)}
  </nav>
  <main id="content" class="site-main">${main}</main>
</div>
${footerHtml(customization, resolve)}
</body>
</html>`;
}

function href(frame: SiteFrame, address: string): string {
  return escapeHtml(`${frame.root}${address}`);
}

function sectionTabs(frame: SiteFrame): string {
  const { model, location } = frame;
  const links = frame.externalLinks ?? [];
  if (model.type !== 'sections' || (location.sections.length < 2 && !links.length)) return '';
  const tab = (node: SiteLocation['sections'][number]) => {
    const current = node.section.id === location.section?.section.id;
    return `<li><a href="${href(frame, `${node.section.path}/`)}"${current ? ' aria-current="page"' : ''}>${escapeHtml(node.section.title)}</a></li>`;
  };
  // Links follow the sections of their level; a link whose group is gone shows at the top level.
  const groupIds = new Set(model.items.flatMap((item) => (item.kind === 'group' ? [item.group.id] : [])));
  const linksIn = (groupId: string | null) =>
    links
      .filter((link) => (groupId === null ? link.section_group_id === null || !groupIds.has(link.section_group_id) : link.section_group_id === groupId))
      .map((link) => externalLinkTab(link, frame.customization))
      .join('');
  const items = model.items
    .map((item) => {
      if (item.kind === 'section') return tab(item);
      const inner = `${item.sections.map(tab).join('')}${linksIn(item.group.id)}`;
      return inner ? `<li class="section-group"><span>${escapeHtml(item.group.title)}</span><ul>${inner}</ul></li>` : '';
    })
    .join('');
  return `<nav class="site-sections" aria-label="Sections"><ul>${items}${linksIn(null)}</ul></nav>`;
}

function variantSwitcher(frame: SiteFrame): string {
  const { location } = frame;
  if (location.siteSpaces.length < 2) return '';
  const sectionBase = location.section && location.spaceBase.startsWith(`${location.section.section.path}/`) ? `${location.section.section.path}/` : '';
  const links = location.siteSpaces
    .map((row) => {
      const current = row.id === location.siteSpace.id;
      const label = frame.spaceTitles.get(row.space_id) ?? row.path;
      return `<li><a href="${href(frame, `${sectionBase}${row.path}/`)}"${current ? ' aria-current="true"' : ''}>${escapeHtml(label)}</a></li>`;
    })
    .join('');
  return `<div class="site-variants"><span class="nav-label">Version</span><ul>${links}</ul></div>`;
}

/**
 * The navigation: the top level, the pages of groups, and the branch leading to the current page (its
 * ancestors' pages and its own children), as located; the rest stays folded, as on GitBook.
 */
function pageNavigation(frame: SiteFrame): string {
  const { location } = frame;
  const items = location.pages
    .map(({ row, depth }) => {
      // A class, not an inline style: the site's CSP allows its stylesheet only.
      const level = `depth-${Math.min(depth, 6)}`;
      if (row.kind === 'group') return `<li class="nav-group ${level}">${escapeHtml(row.title)}</li>`;
      if (row.kind === 'link') {
        const target = linkTarget(row);
        return target
          ? `<li class="${level}"><a href="${escapeHtml(target)}"${externalLinkAttributes(frame.customization)}>${escapeHtml(row.title)} ↗</a></li>`
          : '';
      }
      const current = row.page_id === location.page?.page_id;
      const folded = row.has_children === 1 && !location.open.has(row.page_id) ? ' nav-folded' : '';
      return `<li class="${level}${folded}"><a href="${href(frame, pageAddress(location, row))}"${current ? ' aria-current="page"' : ''}>${escapeHtml(row.title)}</a></li>`;
    })
    .join('');
  return `<ul class="nav-pages">${items}</ul>`;
}

function meta(row: Pick<ContentPageRow, 'meta'>): Record<string, unknown> {
  try {
    return JSON.parse(row.meta) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function pageDescription(row: ContentPageRow): string | undefined {
  const value = meta(row).description;
  return typeof value === 'string' && value ? value : undefined;
}

function linkTarget(row: Pick<ContentPageRow, 'meta'>): string | undefined {
  const value = meta(row).href;
  return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : undefined;
}

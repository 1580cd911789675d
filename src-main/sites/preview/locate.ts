import { readingOrder } from '../../pdf/serve';
import { type ContentPageRow, getLivePageByPath } from '../../store/content-pages';
import type { Db } from '../../store/database';
import { ancestorIds, type NavRow, navigationRows } from '../../store/site-navigation';
import type { SiteRow, SiteSpaceRow } from '../../store/sites';
import { getSpace, type SpaceRow } from '../../store/spaces';
import { type SectionNode, sectionNodes, type SiteStructureModel } from '../structure';
import { isHidden, PageOrder } from './page-order';

/**
 * Where a visitor is on the published site. Addresses follow GitBook's: `{section}/{site space}/{page}`,
 * where the default section and a section's (or the site's) default site space may be left out:
 * `/sites/{id}/` is the default space's first page, `/sites/{id}/api/` the site space at path `api`,
 * `/sites/{id}/guides/v2/install` a page of the `v2` variant of the `guides` section.
 */
export interface SiteLocation {
  sections: SectionNode[];
  section?: SectionNode;
  /** The site spaces the visitor can switch between here (a section's variants, or the site's spaces). */
  siteSpaces: SiteSpaceRow[];
  siteSpace: SiteSpaceRow;
  space: SpaceRow;
  /** The site-relative address of the site space (`''`, `api/`, `guides/v2/`). */
  spaceBase: string;
  /** The navigation in reading order: the top level, groups' pages and the current page's branch (hidden pages left out). */
  pages: Array<{ row: NavRow; depth: number }>;
  /** Pages of the navigation whose children are shown (the current page and its ancestors). */
  open: ReadonlySet<string>;
  /** The page asked for (with its body), or undefined when the address names none. */
  page?: ContentPageRow;
  previous?: NavRow;
  next?: NavRow;
}

export function locate(db: Db, site: SiteRow, model: SiteStructureModel, segments: string[]): SiteLocation | undefined {
  const sections = sectionNodes(model);
  let rest = segments;
  let section: SectionNode | undefined;
  let sectionBase = '';
  if (model.type === 'sections') {
    const named = sections.find((node) => node.section.path === rest[0]);
    section = named ?? sections.find((node) => node.section.id === site.default_site_section_id) ?? sections[0];
    if (!section) return undefined;
    if (named) {
      rest = rest.slice(1);
      sectionBase = `${named.section.path}/`;
    }
  }
  const siteSpaces = section ? section.siteSpaces : model.type === 'siteSpaces' ? model.siteSpaces : [];
  const defaultId = section ? section.section.default_site_space_id : site.default_site_space_id;
  const named = siteSpaces.find((row) => row.path === rest[0]);
  const siteSpace = named ?? siteSpaces.find((row) => row.id === defaultId) ?? siteSpaces[0];
  if (!siteSpace) return undefined;
  if (named) rest = rest.slice(1);
  const space = getSpace(db, siteSpace.space_id);
  if (!space || space.deleted_at) return undefined;

  const pagePath = rest.join('/');
  const page = pagePath === '' ? firstDocument(db, space.id) : documentAt(db, space.id, pagePath);
  const open = new Set(page ? ancestorIds(db, space.id, page.page_id) : []);
  const rows = navigationRows(db, space.id, [...open]);
  const pages = visible(readingOrder(rows));
  let previous: NavRow | undefined;
  let next: NavRow | undefined;
  const current = page ? rows.find((row) => row.page_id === page.page_id) : undefined;
  if (current) {
    const order = new PageOrder(db, space.id, rows, new Set<string | null>([null, ...open]));
    previous = order.previous(current);
    next = order.next(current);
  }
  return { sections, section, siteSpaces, siteSpace, space, spaceBase: `${sectionBase}${named ? `${siteSpace.path}/` : ''}`, pages, open, page, previous, next };
}

/** The reading order without hidden pages and what is under them. */
function visible<T extends { row: NavRow; depth: number }>(order: T[]): T[] {
  const out: T[] = [];
  let hiddenDepth = Infinity;
  for (const entry of order) {
    if (entry.depth > hiddenDepth) continue;
    hiddenDepth = isHidden(entry.row) ? entry.depth : Infinity;
    if (hiddenDepth === Infinity) out.push(entry);
  }
  return out;
}

/** The first visible document in reading order (groups are opened on the way, as the navigation shows them). */
function firstDocument(db: Db, treeId: string): ContentPageRow | undefined {
  const first = visible(readingOrder(navigationRows(db, treeId, []))).find(({ row }) => row.kind === 'document');
  return first ? getLivePageByPath(db, treeId, first.row.path) : undefined;
}

/** A page by its path; hidden pages too (as on GitBook: left out of the navigation, not locked). */
function documentAt(db: Db, treeId: string, path: string): ContentPageRow | undefined {
  const page = getLivePageByPath(db, treeId, path);
  return page?.kind === 'document' ? page : undefined;
}

/** The address of a page of the location's site space, relative to the site's root. */
export function pageAddress(location: Pick<SiteLocation, 'spaceBase'>, page: Pick<NavRow, 'path'>): string {
  return `${location.spaceBase}${page.path.split('/').map(encodeURIComponent).join('/')}`;
}

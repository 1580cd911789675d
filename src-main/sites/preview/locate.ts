import { readingOrder } from '../../pdf/serve';
import { type ContentPageRow, getLivePageByPath, listLivePagesWithoutBodies } from '../../store/content-pages';
import type { Db } from '../../store/database';
import type { SiteSectionRow } from '../../store/site-sections';
import type { SiteRow, SiteSpaceRow } from '../../store/sites';
import { getSpace, type SpaceRow } from '../../store/spaces';
import type { SectionNode, SiteStructureModel } from '../structure';

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
  /** The pages of the space's navigation in reading order (no bodies; hidden pages left out). */
  pages: Array<{ row: ContentPageRow; depth: number }>;
  /** The page asked for (with its body), or undefined when the address names none. */
  page?: ContentPageRow;
}

/** Every section of a sections structure, groups flattened, in display order. */
export function sectionsOf(model: SiteStructureModel): SectionNode[] {
  if (model.type !== 'sections') return [];
  return model.items.flatMap((item) => (item.kind === 'section' ? [item] : item.sections));
}

export function locate(db: Db, site: SiteRow, model: SiteStructureModel, segments: string[]): SiteLocation | undefined {
  const sections = sectionsOf(model);
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
  const defaultId = section ? defaultSpaceOfSection(section.section) : site.default_site_space_id;
  const named = siteSpaces.find((row) => row.path === rest[0]);
  const siteSpace = named ?? siteSpaces.find((row) => row.id === defaultId) ?? siteSpaces[0];
  if (!siteSpace) return undefined;
  if (named) rest = rest.slice(1);
  const space = getSpace(db, siteSpace.space_id);
  if (!space || space.deleted_at) return undefined;
  const pages = readingOrder(listLivePagesWithoutBodies(db, space.id)).filter(({ row }) => !isHidden(row));
  const pagePath = rest.join('/');
  const page = pagePath === '' ? firstDocument(db, space.id, pages) : documentAt(db, space.id, pagePath);
  return {
    sections,
    section,
    siteSpaces,
    siteSpace,
    space,
    spaceBase: `${sectionBase}${named ? `${siteSpace.path}/` : ''}`,
    pages,
    page,
  };
}

function defaultSpaceOfSection(section: SiteSectionRow): string | null {
  return section.default_site_space_id;
}

function isHidden(row: ContentPageRow): boolean {
  try {
    return (JSON.parse(row.meta) as { hidden?: unknown }).hidden === true;
  } catch {
    return false;
  }
}

function firstDocument(db: Db, treeId: string, pages: SiteLocation['pages']): ContentPageRow | undefined {
  const first = pages.find(({ row }) => row.kind === 'document');
  return first ? getLivePageByPath(db, treeId, first.row.path) : undefined;
}

/** A page by its path; hidden pages too (as on GitBook: left out of the navigation, not locked). */
function documentAt(db: Db, treeId: string, path: string): ContentPageRow | undefined {
  const page = getLivePageByPath(db, treeId, path);
  return page?.kind === 'document' ? page : undefined;
}

/** The address of a page of the location's site space, relative to the site's root. */
export function pageAddress(location: Pick<SiteLocation, 'spaceBase'>, page: Pick<ContentPageRow, 'path'>): string {
  return `${location.spaceBase}${page.path.split('/').map(encodeURIComponent).join('/')}`;
}

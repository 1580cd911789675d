import { getLivePage, getLivePageByPath } from '../../store/content-pages';
import type { Db } from '../../store/database';
import { getSpaceRedirect } from '../../store/space-redirects';
import { pageAddress, type SiteLocation } from './locate';

/**
 * Where a redirect of the site space's space sends a visitor who asked for `pagePath` (an address with no
 * page), relative to the site's root; undefined when the space has no redirect from there, or it leads to no
 * published page. A redirect names its page by id (the page follows renames and moves), else by the file
 * path the repository named (`guide/README.md` is the page at `guide`).
 */
export function redirectAddress(db: Db, location: Pick<SiteLocation, 'space' | 'spaceBase'>, pagePath: string): string | undefined {
  const source = pagePath.replace(/^\/+|\/+$/g, '');
  if (!source) return undefined;
  const redirect = getSpaceRedirect(db, location.space.id, source);
  if (!redirect) return undefined;
  const page = redirect.page_id
    ? getLivePage(db, location.space.id, redirect.page_id)
    : redirect.target_path !== null
      ? getLivePageByPath(db, location.space.id, pagePathOfFile(redirect.target_path))
      : undefined;
  if (page?.kind !== 'document' || page.path === source) return undefined;
  return pageAddress(location, page);
}

/** The page path GitBook's layout gives a file: `a/b.md` → `a/b`, `a/README.md` → `a`. */
function pagePathOfFile(path: string): string {
  return path
    .replace(/\.(md|markdown)$/i, '')
    .replace(/(^|\/)README$/i, '')
    .replace(/\/+$/, '');
}

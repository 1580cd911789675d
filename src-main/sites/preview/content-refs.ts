import { getLivePage } from '../../store/content-pages';
import type { Db } from '../../store/database';
import type { SiteSpaceRow } from '../../store/sites';
import { sectionNodes, type SiteStructureModel } from '../structure';
import type { RefResolver } from './customization-html';
import { pageAddress, type SiteLocation } from './locate';

/**
 * Where the links of a site's customization (header, footer, announcement) lead: outside addresses as they
 * are (web and mail only), spaces and pages to their address on this site when the visitor can see them
 * there; anything else (files, users, collections, ...) is shown as text.
 */
export function refResolver(db: Db, root: string, model: SiteStructureModel, location: SiteLocation): RefResolver {
  const siteSpaces = model.type === 'siteSpaces' ? model.siteSpaces.map((row) => ({ row, base: `${row.path}/` })) : sectionNodes(model).flatMap((node) =>
    node.siteSpaces.map((row) => ({ row, base: `${node.section.path}/${row.path}/` })),
  );
  /** The address of a space on this site: the current site space's own, or the first that shows it. */
  const spaceBase = (spaceId: string): { row: SiteSpaceRow; base: string } | undefined =>
    spaceId === location.space.id ? { row: location.siteSpace, base: location.spaceBase } : siteSpaces.find(({ row }) => row.space_id === spaceId);

  return (ref) => {
    switch (ref.kind) {
      case 'url':
        return /^(https?:|mailto:)/i.test(ref.url) ? { href: ref.url, external: true } : undefined;
      case 'space': {
        const found = spaceBase(ref.space);
        return found ? { href: `${root}${found.base}`, external: false } : undefined;
      }
      case 'page':
      case 'anchor': {
        const found = spaceBase(ref.space ?? location.space.id);
        if (!found) return undefined;
        const anchor = ref.kind === 'anchor' ? `#${encodeURIComponent(ref.anchor)}` : '';
        if (!ref.page) return ref.kind === 'anchor' ? { href: anchor, external: false } : undefined;
        const page = getLivePage(db, found.row.space_id, ref.page);
        if (!page || page.kind !== 'document') return undefined;
        return { href: `${root}${pageAddress({ spaceBase: found.base }, page)}${anchor}`, external: false };
      }
      default:
        return undefined;
    }
  };
}

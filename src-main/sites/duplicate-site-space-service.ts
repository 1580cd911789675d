import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import { duplicateSpace } from '../spaces/service';
import { inTransaction } from '../store/database';
import { getSection } from '../store/site-sections';
import { getSite, getSiteSpace, siteSpacesIn, updateSite } from '../store/sites';
import { requireSite } from './access';
import { addSection } from './sections-service';
import { addSpaceRow } from './site-spaces-service';
import { persistStructure, readSiteStructure, type TopItem } from './structure';

/**
 * duplicateSiteSpace: a full copy of the site space's space (the space service's duplicate: settings, content,
 * a first revision), placed as GitBook places it: the only variant of a section gets a new section right after
 * it (in the same group); otherwise the copy is a variant beside it (or a root site space of a site without
 * sections). Folio has no draft site spaces or sections, so `draft: true` is refused rather than ignored.
 *
 * Two steps, each atomic: the copy (a document write), then its place on the site. Nothing runs between them
 * (this process serves one request at a time), and every check that could refuse the second is made first.
 */
export function duplicateSiteSpace(ctx: ServiceContext, organizationId: string, siteId: string, siteSpaceId: string, input: { draft?: boolean }) {
  const { site } = requireSite(ctx, organizationId, siteId, 'duplicate its spaces');
  const original = getSiteSpace(ctx.db, site.id, siteSpaceId);
  if (!original) throw notFound(`Site space "${siteSpaceId}" not found`);
  if (input.draft) throw badRequest('draft: Folio has no draft site spaces or sections; duplicate without draft');
  const { space: copy } = duplicateSpace(ctx, original.space_id);
  const lonely = original.section_id !== null && siteSpacesIn(ctx.db, site.id, original.section_id).length === 1;
  if (lonely) {
    const section = getSection(ctx.db, site.id, original.section_id!)!;
    const { node } = addSection(ctx, organizationId, siteId, { spaceId: copy.id, title: section.title, icon: section.icon });
    inTransaction(ctx.db, () => placeSectionAfter(ctx, site.id, node.section.id, section.id));
    return { site: getSite(ctx.db, site.id)!, siteSpace: node.siteSpaces[0]! };
  }
  return inTransaction(ctx.db, () => {
    const row = addSpaceRow(ctx, site, copy.id, 'siteSpaceId', original.section_id);
    // Right after the original among its siblings.
    const siblings = siteSpacesIn(ctx.db, site.id, original.section_id).filter((s) => s.id !== row.id);
    siblings.splice(siblings.findIndex((s) => s.id === original.id) + 1, 0, row);
    const model = readSiteStructure(ctx.db, site);
    if (model.type === 'siteSpaces') persistStructure(ctx.db, { type: 'siteSpaces', siteSpaces: siblings });
    else persistStructure(ctx.db, { ...model, items: model.items.map((item) => withSpaces(item, original.section_id!, siblings)) });
    updateSite(ctx.db, site.id, { updated_at: isoNow(ctx.clock) });
    return { site: getSite(ctx.db, site.id)!, siteSpace: getSiteSpace(ctx.db, site.id, row.id)! };
  });
}

function withSpaces(item: TopItem, sectionId: string, siteSpaces: ReturnType<typeof siteSpacesIn>): TopItem {
  if (item.kind === 'section') return item.section.id === sectionId ? { ...item, siteSpaces } : item;
  return { ...item, sections: item.sections.map((node) => (node.section.id === sectionId ? { ...node, siteSpaces } : node)) };
}

/** Moves a new (top-level, last) section right after `afterId`, into its group when it has one. */
function placeSectionAfter(ctx: ServiceContext, siteId: string, sectionId: string, afterId: string): void {
  const site = getSite(ctx.db, siteId)!;
  const model = readSiteStructure(ctx.db, site);
  if (model.type !== 'sections') return;
  const moved = model.items.find((item): item is Extract<TopItem, { kind: 'section' }> => item.kind === 'section' && item.section.id === sectionId);
  if (!moved) return;
  const items = model.items.filter((item) => item !== moved);
  const top = items.findIndex((item) => item.kind === 'section' && item.section.id === afterId);
  if (top !== -1) items.splice(top + 1, 0, moved);
  else {
    const group = items.find((item) => item.kind === 'group' && item.sections.some((node) => node.section.id === afterId));
    if (group?.kind !== 'group') return;
    group.sections.splice(group.sections.findIndex((node) => node.section.id === afterId) + 1, 0, { section: moved.section, siteSpaces: moved.siteSpaces });
  }
  persistStructure(ctx.db, { type: 'sections', items });
}

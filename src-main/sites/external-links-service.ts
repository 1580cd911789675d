import type { AddSiteExternalLinkInput, UpdateSiteExternalLinkInput } from '../../src-shared/schemas/site-external-links';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import { inTransaction } from '../store/database';
import {
  allSiteExternalLinks,
  deleteSiteExternalLinkRow,
  getSiteExternalLink,
  insertSiteExternalLink,
  nextExternalLinkPosition,
  updateSiteExternalLink,
} from '../store/site-external-links';
import { getGroup } from '../store/site-sections';
import { type SiteRow, updateSite } from '../store/sites';
import { requireSite } from './access';
import { readSiteStructure } from './structure';

/**
 * A site's external links (GitBook's SiteExternalLink): links to other websites beside its sections, at the top
 * level or in a section group, never in a section, and only on a site with sections (GitBook's rules). Admins
 * change them like the rest of the site; members read them (listSiteExternalLinks, a Folio extension: Folio's
 * structure answer keeps 0.137.0's shape, which has no place for them). The published site shows them in its
 * section tabs, drafts and links whose condition the visitor fails left out (sites/preview/external-links.ts).
 */

function requireGroupOf(ctx: ServiceContext, site: SiteRow, groupId: string): string {
  if (!getGroup(ctx.db, site.id, groupId)) throw badRequest(`parent: no section group "${groupId}" in this site (links go at the top level or in a group, never in a section)`);
  return groupId;
}

export function addExternalLinkToSite(ctx: ServiceContext, organizationId: string, siteId: string, input: AddSiteExternalLinkInput) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'add links to it');
    if (readSiteStructure(ctx.db, site).type !== 'sections') {
      throw badRequest('parent: external links need a site with sections (add a section first)');
    }
    const groupId = input.parent === undefined ? null : requireGroupOf(ctx, site, input.parent);
    const now = isoNow(ctx.clock);
    const link = insertSiteExternalLink(ctx.db, {
      organizationId: site.organization_id,
      siteId: site.id,
      title: input.title,
      description: input.description ?? null,
      icon: input.icon ?? null,
      url: input.url,
      section_group_id: groupId,
      draft: input.draft ? 1 : 0,
      condition: input.condition ?? null,
      position: nextExternalLinkPosition(ctx.db, site.id, groupId),
      now,
    });
    updateSite(ctx.db, site.id, { updated_at: now });
    return { site, link };
  });
}

export function listSiteExternalLinks(ctx: ServiceContext, organizationId: string, siteId: string) {
  const { site } = requireSite(ctx, organizationId, siteId);
  return { site, links: allSiteExternalLinks(ctx.db, site.id) };
}

export function updateSiteExternalLinkById(ctx: ServiceContext, organizationId: string, siteId: string, linkId: string, input: UpdateSiteExternalLinkInput) {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'change its links');
    const link = getSiteExternalLink(ctx.db, site.id, linkId);
    if (!link) throw notFound(`External link "${linkId}" not found`);
    const groupId = input.parent === undefined ? undefined : input.parent === null ? null : requireGroupOf(ctx, site, input.parent);
    const moves = groupId !== undefined && groupId !== link.section_group_id;
    const now = isoNow(ctx.clock);
    updateSiteExternalLink(
      ctx.db,
      link.id,
      {
        title: input.title,
        description: input.description,
        icon: input.icon,
        url: input.url,
        section_group_id: moves ? groupId : undefined,
        // A moved link goes last among its new siblings.
        position: moves ? nextExternalLinkPosition(ctx.db, site.id, groupId) : undefined,
        draft: input.draft === undefined ? undefined : input.draft ? 1 : 0,
        condition: input.condition,
      },
      now,
    );
    updateSite(ctx.db, site.id, { updated_at: now });
    return { site, link: getSiteExternalLink(ctx.db, site.id, link.id)! };
  });
}

/** False when there was no such link (the API answers 204 rather than 205). */
export function deleteSiteExternalLinkById(ctx: ServiceContext, organizationId: string, siteId: string, linkId: string): boolean {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'delete its links');
    const link = getSiteExternalLink(ctx.db, site.id, linkId);
    return link ? deleteSiteExternalLinkRow(ctx.db, link.id) : false;
  });
}

import { z } from 'zod';
import { listQuery } from '../../src-shared/schemas/common';
import type { AggregateSiteEventsInput } from '../../src-shared/schemas/site-insights';
import {
  addSectionToGroupBody,
  addSiteSectionBody,
  addSiteSectionGroupBody,
  sortSiteStructureBody,
  updateSiteSectionBody,
  updateSiteSectionGroupBody,
} from '../../src-shared/schemas/site-sections';
import { createShareLinkBody, updateShareLinkBody } from '../../src-shared/schemas/site-visitors';
import {
  type SiteCustomizationSettings,
  siteCustomizationBody,
  siteSpaceCustomizationBody,
} from '../../src-shared/schemas/site-customization';
import { sitePreviewQuery } from '../../src-shared/schemas/site-preview';
import { addSiteSpaceBody, createSiteBody, listSitesQuery, listSiteSpacesQuery, updateSiteBody, updateSiteSpaceBody } from '../../src-shared/schemas/sites';
import { listEnvelope } from '../http/list';
import { parseInput } from '../http/validate';
import {
  deleteSiteSpaceCustomization,
  getSiteCustomizationForCaller,
  getSiteSpaceCustomizationForCaller,
  overrideSiteSpaceCustomization,
  replaceSiteCustomization,
} from '../sites/customization-service';
import { aggregateSiteEvents } from '../sites/insights-service';
import { presentSite, presentSiteSpace } from '../sites/presenter';
import { getSitePreviewUrl } from '../sites/preview/preview-link';
import { addGroup, addSectionToGroup, deleteGroup, removeSectionFromGroup, updateGroupSettings } from '../sites/section-groups-service';
import { addSection, deleteSection, updateSectionSettings } from '../sites/sections-service';
import { createSite, deleteSite, getSiteForCaller, listOrganizationSites, publishSite, unpublishSite, updateSiteSettings } from '../sites/service';
import { createSiteShareLink, deleteSiteShareLink, listSiteShareLinks, presentShareLink, updateSiteShareLink } from '../sites/share-links-service';
import { addSiteSpace, listSiteSpacesForCaller, removeSiteSpace, updateSiteSpaceSettings } from '../sites/site-spaces-service';
import { presentSiteStructure } from '../sites/structure';
import { presentSection, presentSectionGroup } from '../sites/structure-presenter';
import { getStructureForCaller, movedItem, sortStructure } from '../sites/structure-service';
import { organizationId } from './refs';
import { procedure, router } from './trpc';

const siteId = z.string().min(1);
const siteSpaceId = z.string().min(1);
const siteSectionId = z.string().min(1);
const siteSectionGroupId = z.string().min(1);
const shareLinkId = z.string().min(1);
const siteRef = z.object({ organizationId, siteId });
const siteSpaceRef = siteRef.extend({ siteSpaceId });

/**
 * GET .../structure as the presenters shape it. `presentSiteStructure` is typed `unknown` (it also serves
 * filtered models); these are the types of the presenters it calls, so the app reads the structure typed.
 */
type PresentedSiteStructure =
  | { type: 'siteSpaces'; structure: Array<ReturnType<typeof presentSiteSpace>> }
  | { type: 'sections'; structure: Array<ReturnType<typeof presentSection> | ReturnType<typeof presentSectionGroup>> };

/**
 * The one insights question the app asks: page views per day over the last 30 days, oldest first. The same
 * body POSTed to /v1 .../insights/events/aggregate gets the same answer.
 */
export const PAGE_VIEWS_QUERY: AggregateSiteEventsInput = {
  select: [{ column: 'datetime', interval: 'day' }, { column: 'eventsCount' }],
  where: [{ column: 'eventType', values: ['page_view'] }],
  groupBy: [{ column: 'datetime', interval: 'day' }],
  order: { by: { column: 'datetime', interval: 'day' }, direction: 'asc' },
  range: 'last30Days',
  limit: 1000,
};

/** The structure routes (sites/sections-routes.ts, `.../structure` and `.../structure/sort`) as procedures. */
const structureRouter = router({
  /** GET .../structure */
  get: procedure.input(siteRef).query(({ ctx, input }) => {
    const { site, model } = getStructureForCaller(ctx, input.organizationId, input.siteId);
    return presentSiteStructure(model, site, ctx) as PresentedSiteStructure;
  }),

  /** PATCH .../structure/sort: answers the moved item, as the route does. */
  sort: procedure.input(sortSiteStructureBody.safeExtend({ organizationId, siteId })).mutation(({ ctx, input }) => {
    const moved = sortStructure(ctx, input.organizationId, input.siteId, input.item, input.position);
    const found = movedItem(ctx, moved.site, moved.model, input.item);
    if (found.type === 'site-space') return presentSiteSpace(found.row, moved.site, ctx);
    if (found.type === 'site-section') return presentSection(found.node, moved.site, ctx);
    return presentSectionGroup(found.group, found.sections, moved.site, ctx);
  }),
});

/** The section routes (sites/sections-routes.ts, `.../sections`) the app uses, as procedures. */
const sectionsRouter = router({
  /** POST .../sections: a section holding the space as its first variant. */
  add: procedure.input(addSiteSectionBody.safeExtend({ organizationId, siteId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, ...body } = input;
    const { site, node } = addSection(ctx, orgId, id, body);
    return presentSection(node, site, ctx);
  }),

  /** PATCH .../sections/{siteSectionId} */
  update: procedure.input(updateSiteSectionBody.safeExtend({ organizationId, siteId, siteSectionId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, siteSectionId: sectionId, ...body } = input;
    const { site, node } = updateSectionSettings(ctx, orgId, id, sectionId, body);
    return presentSection(node, site, ctx);
  }),

  /** DELETE .../sections/{siteSectionId}: `deleted` is false when there was no such section (the route's 204). */
  delete: procedure.input(siteRef.extend({ siteSectionId })).mutation(({ ctx, input }) => ({
    deleted: deleteSection(ctx, input.organizationId, input.siteId, input.siteSectionId),
  })),
});

/** The section group routes (sites/sections-routes.ts, `.../section-groups`) as procedures; each write answers the group with its sections. */
const sectionGroupsRouter = router({
  /** POST .../section-groups: placed where its first listed section was, else at the end. */
  add: procedure.input(addSiteSectionGroupBody.safeExtend({ organizationId, siteId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, ...body } = input;
    const { site, group, sections } = addGroup(ctx, orgId, id, body);
    return presentSectionGroup(group, sections, site, ctx);
  }),

  /** PATCH .../section-groups/{siteSectionGroupId} */
  update: procedure.input(updateSiteSectionGroupBody.safeExtend({ organizationId, siteId, siteSectionGroupId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, siteSectionGroupId: groupId, ...body } = input;
    const { site, group, sections } = updateGroupSettings(ctx, orgId, id, groupId, body);
    return presentSectionGroup(group, sections, site, ctx);
  }),

  /** DELETE .../section-groups/{siteSectionGroupId}: its sections go back to the top level; `deleted` is false when there was no such group (the route's 204). */
  delete: procedure.input(siteRef.extend({ siteSectionGroupId })).mutation(({ ctx, input }) => ({
    deleted: deleteGroup(ctx, input.organizationId, input.siteId, input.siteSectionGroupId),
  })),

  /** POST .../section-groups/{siteSectionGroupId}/sections: the section goes to the end of the group. */
  addSection: procedure.input(addSectionToGroupBody.safeExtend({ organizationId, siteId, siteSectionGroupId })).mutation(({ ctx, input }) => {
    const { site, group, sections } = addSectionToGroup(ctx, input.organizationId, input.siteId, input.siteSectionGroupId, input.sectionId);
    return presentSectionGroup(group, sections, site, ctx);
  }),

  /** DELETE .../section-groups/{siteSectionGroupId}/sections/{siteSectionId}: `removed` is false when it was not in the group (the route's 204). */
  removeSection: procedure.input(siteRef.extend({ siteSectionGroupId, siteSectionId })).mutation(({ ctx, input }) => ({
    removed: removeSectionFromGroup(ctx, input.organizationId, input.siteId, input.siteSectionGroupId, input.siteSectionId),
  })),
});

/** The share link routes (`.../share-links`) as procedures; only admins see or change them. */
const shareLinksRouter = router({
  /** GET .../share-links */
  list: procedure.input(siteRef.extend(listQuery.shape)).query(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, ...page } = input;
    const result = listSiteShareLinks(ctx, orgId, id, page);
    return listEnvelope(result.page, (row) => presentShareLink(row, result.site, ctx));
  }),

  /** POST .../share-links */
  create: procedure.input(createShareLinkBody.safeExtend({ organizationId, siteId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, ...body } = input;
    const { site, shareLink } = createSiteShareLink(ctx, orgId, id, body);
    return presentShareLink(shareLink, site, ctx);
  }),

  /**
   * PATCH .../share-links/{shareLinkId}: renames it, or turns it off (`active: false`) and on. The body's own
   * rule (at least one field) counts the ids as fields once extended, so the body is checked again alone.
   */
  update: procedure.input(updateShareLinkBody.safeExtend({ organizationId, siteId, shareLinkId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, shareLinkId: linkId, ...fields } = input;
    const body = parseInput(updateShareLinkBody, fields);
    const { site, shareLink } = updateSiteShareLink(ctx, orgId, id, linkId, body);
    return presentShareLink(shareLink, site, ctx);
  }),

  /** DELETE .../share-links/{shareLinkId}: `deleted` is false when there was no such link (the route's 204). */
  delete: procedure.input(siteRef.extend({ shareLinkId })).mutation(({ ctx, input }) => ({
    deleted: deleteSiteShareLink(ctx, input.organizationId, input.siteId, input.shareLinkId),
  })),
});

/**
 * The customization routes (sites/customization-routes.ts) as procedures; each answers the settings in effect,
 * typed as the PUT body plus the title (the services lay stored JSON over GitBook's defaults).
 */
const customizationRouter = router({
  /** GET .../customization */
  get: procedure.input(siteRef).query(({ ctx, input }) => getSiteCustomizationForCaller(ctx, input.organizationId, input.siteId) as SiteCustomizationSettings),

  /** PUT .../customization */
  replace: procedure.input(siteRef.extend({ customization: siteCustomizationBody })).mutation(
    ({ ctx, input }) => replaceSiteCustomization(ctx, input.organizationId, input.siteId, input.customization) as SiteCustomizationSettings,
  ),

  /** GET .../site-spaces/{siteSpaceId}/customization */
  getSiteSpace: procedure
    .input(siteSpaceRef)
    .query(({ ctx, input }) => getSiteSpaceCustomizationForCaller(ctx, input.organizationId, input.siteId, input.siteSpaceId) as SiteCustomizationSettings),

  /** PATCH .../site-spaces/{siteSpaceId}/customization */
  overrideSiteSpace: procedure.input(siteSpaceRef.extend({ overrides: siteSpaceCustomizationBody })).mutation(
    ({ ctx, input }) =>
      overrideSiteSpaceCustomization(ctx, input.organizationId, input.siteId, input.siteSpaceId, input.overrides) as SiteCustomizationSettings,
  ),

  /** DELETE .../site-spaces/{siteSpaceId}/customization: `removed` is false when it had no overrides (the route's 204). */
  deleteSiteSpace: procedure.input(siteSpaceRef).mutation(({ ctx, input }) => ({
    removed: deleteSiteSpaceCustomization(ctx, input.organizationId, input.siteId, input.siteSpaceId),
  })),
});

const insightsRouter = router({
  /** POST .../insights/events/aggregate with PAGE_VIEWS_QUERY: `{columns: [datetime days, eventsCount]}`. */
  pageViews: procedure.input(siteRef).query(({ ctx, input }) => ({
    columns: aggregateSiteEvents(ctx, input.organizationId, input.siteId, PAGE_VIEWS_QUERY),
  })),
});

/**
 * The site space routes (sites/routes.ts, `/v1/orgs/{organizationId}/sites/{siteId}/site-spaces`) as procedures.
 * `default` is a real boolean here (the query string's `'true'`/`'false'` in /v1).
 */
const siteSpacesRouter = router({
  /** GET .../site-spaces */
  list: procedure
    .input(siteRef.extend(listSiteSpacesQuery.omit({ default: true, shareKey: true }).shape).extend({ default: z.boolean().optional() }))
    .query(({ ctx, input }) => {
      const { organizationId: orgId, siteId: id, default: isDefault, ...page } = input;
      const result = listSiteSpacesForCaller(ctx, orgId, id, { isDefault }, page);
      return listEnvelope(result.page, (row) => presentSiteSpace(row, result.site, ctx));
    }),

  /** POST .../site-spaces */
  add: procedure.input(addSiteSpaceBody.safeExtend({ organizationId, siteId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, ...body } = input;
    const { site, siteSpace } = addSiteSpace(ctx, orgId, id, body);
    return presentSiteSpace(siteSpace, site, ctx);
  }),

  /** PATCH .../site-spaces/{siteSpaceId} */
  update: procedure.input(updateSiteSpaceBody.safeExtend({ organizationId, siteId, siteSpaceId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, siteSpaceId: rowId, ...body } = input;
    const { site, siteSpace } = updateSiteSpaceSettings(ctx, orgId, id, rowId, body);
    return presentSiteSpace(siteSpace, site, ctx);
  }),

  /** DELETE .../site-spaces/{siteSpaceId}: `removed` is false when there was no such site space (the route's 204). */
  remove: procedure.input(siteSpaceRef).mutation(({ ctx, input }) => ({
    removed: removeSiteSpace(ctx, input.organizationId, input.siteId, input.siteSpaceId),
  })),
});

/**
 * The /v1 site routes (sites/routes.ts) as procedures: the same schemas, services and presenters. `published`
 * is a real boolean here (the query string's `'true'`/`'false'` in /v1).
 */
export const sitesRouter = router({
  /** GET /v1/orgs/{organizationId}/sites */
  list: procedure
    .input(z.object({ organizationId }).extend(listSitesQuery.omit({ published: true }).shape).extend({ published: z.boolean().optional() }))
    .query(({ ctx, input }) => {
      const { organizationId: id, ...query } = input;
      return listEnvelope(listOrganizationSites(ctx, id, query), (site) => presentSite(site, ctx));
    }),

  /** GET /v1/orgs/{organizationId}/sites/{siteId} */
  get: procedure.input(siteRef).query(({ ctx, input }) => presentSite(getSiteForCaller(ctx, input.organizationId, input.siteId), ctx)),

  /** POST /v1/orgs/{organizationId}/sites: `spaces` is a list of space ids, or `'empty'` for a new empty space. */
  create: procedure.input(createSiteBody.safeExtend({ organizationId })).mutation(({ ctx, input }) => {
    const { organizationId: id, ...body } = input;
    return presentSite(createSite(ctx, id, body), ctx);
  }),

  /** PATCH /v1/orgs/{organizationId}/sites/{siteId} */
  update: procedure.input(updateSiteBody.safeExtend({ organizationId, siteId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, ...body } = input;
    return presentSite(updateSiteSettings(ctx, orgId, id, body), ctx);
  }),

  /** DELETE /v1/orgs/{organizationId}/sites/{siteId}: `deleted` is false when there was no such site (the route's 204). */
  delete: procedure.input(siteRef).mutation(({ ctx, input }) => ({ deleted: deleteSite(ctx, input.organizationId, input.siteId) })),

  /**
   * GET .../publishing/preview: an hour-long address showing the site as visitors will see it, published or
   * not (the screen's "Open preview").
   */
  getPreviewUrl: procedure
    .input(siteRef.extend(sitePreviewQuery.shape))
    .query(async ({ ctx, input }) => {
      const { organizationId: orgId, siteId: id, ...query } = input;
      return getSitePreviewUrl(ctx, orgId, id, query);
    }),

  /** POST .../publish */
  publish: procedure.input(siteRef).mutation(({ ctx, input }) => presentSite(publishSite(ctx, input.organizationId, input.siteId), ctx)),

  /** POST .../unpublish */
  unpublish: procedure.input(siteRef).mutation(({ ctx, input }) => presentSite(unpublishSite(ctx, input.organizationId, input.siteId), ctx)),

  siteSpaces: siteSpacesRouter,
  structure: structureRouter,
  sections: sectionsRouter,
  sectionGroups: sectionGroupsRouter,
  shareLinks: shareLinksRouter,
  insights: insightsRouter,
  customization: customizationRouter,
});

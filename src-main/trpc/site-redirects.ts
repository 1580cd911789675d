import { z } from 'zod';
import { addSiteExternalLinkBody, updateSiteExternalLinkBody } from '../../src-shared/schemas/site-external-links';
import {
  bulkUpsertSiteRedirectsBody,
  createSiteRedirectBody,
  getSiteRedirectBySourceQuery,
  listSiteRedirectsQuery,
  updateSiteRedirectBody,
} from '../../src-shared/schemas/site-redirects';
import { listEnvelope } from '../http/list';
import { presentSiteExternalLink } from '../sites/external-links-presenter';
import { addExternalLinkToSite, deleteSiteExternalLinkById, listSiteExternalLinks, updateSiteExternalLinkById } from '../sites/external-links-service';
import { presentSiteRedirect } from '../sites/redirects-presenter';
import {
  bulkUpsertSiteRedirects,
  createSiteRedirect,
  deleteSiteRedirectById,
  getSiteRedirectBySource,
  listSiteRedirects,
  updateSiteRedirectById,
} from '../sites/redirects-service';
import { organizationId } from './refs';
import { procedure, router } from './trpc';

const siteId = z.string().min(1);
const siteRef = z.object({ organizationId, siteId });
const siteRedirectId = z.string().min(1);
const siteExternalLinkId = z.string().min(1);

/** A site's redirects (sites/redirects-routes.ts) as procedures: the same services and presenter. */
export const siteRedirectsRouter = router({
  list: procedure.input(listSiteRedirectsQuery.safeExtend({ organizationId, siteId })).query(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, ...query } = input;
    return listEnvelope(listSiteRedirects(ctx, orgId, id, query).page, presentSiteRedirect);
  }),

  create: procedure.input(createSiteRedirectBody.safeExtend({ organizationId, siteId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, ...body } = input;
    return presentSiteRedirect(createSiteRedirect(ctx, orgId, id, body).redirect);
  }),

  bulkUpsert: procedure.input(bulkUpsertSiteRedirectsBody.safeExtend({ organizationId, siteId })).mutation(({ ctx, input }) =>
    bulkUpsertSiteRedirects(ctx, input.organizationId, input.siteId, input.redirects),
  ),

  update: procedure.input(updateSiteRedirectBody.safeExtend({ organizationId, siteId, siteRedirectId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, siteRedirectId: redirectId, ...body } = input;
    return presentSiteRedirect(updateSiteRedirectById(ctx, orgId, id, redirectId, body).redirect);
  }),

  /** `deleted` is false when there was no such redirect (the route's 204). */
  delete: procedure.input(siteRef.extend({ siteRedirectId })).mutation(({ ctx, input }) => ({
    deleted: deleteSiteRedirectById(ctx, input.organizationId, input.siteId, input.siteRedirectId),
  })),

  getBySource: procedure.input(getSiteRedirectBySourceQuery.safeExtend({ organizationId, siteId })).query(({ ctx, input }) => {
    const { redirect, target } = getSiteRedirectBySource(ctx, input.organizationId, input.siteId, input.source, input.shareKey);
    return { redirect: presentSiteRedirect(redirect), target };
  }),
});

/** A site's external links (sites/external-links-routes.ts) as procedures. */
export const siteExternalLinksRouter = router({
  list: procedure.input(siteRef).query(({ ctx, input }) => listSiteExternalLinks(ctx, input.organizationId, input.siteId).links.map(presentSiteExternalLink)),

  add: procedure.input(addSiteExternalLinkBody.safeExtend({ organizationId, siteId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, ...body } = input;
    return presentSiteExternalLink(addExternalLinkToSite(ctx, orgId, id, body).link);
  }),

  update: procedure.input(updateSiteExternalLinkBody.safeExtend({ organizationId, siteId, siteExternalLinkId })).mutation(({ ctx, input }) => {
    const { organizationId: orgId, siteId: id, siteExternalLinkId: linkId, ...body } = input;
    return presentSiteExternalLink(updateSiteExternalLinkById(ctx, orgId, id, linkId, body).link);
  }),

  /** `deleted` is false when there was no such link (the route's 204). */
  delete: procedure.input(siteRef.extend({ siteExternalLinkId })).mutation(({ ctx, input }) => ({
    deleted: deleteSiteExternalLinkById(ctx, input.organizationId, input.siteId, input.siteExternalLinkId),
  })),
});

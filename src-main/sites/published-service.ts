import type { CallContext } from '../app/context';
import { notFound } from '../errors';
import { requireSite } from './access';
import { siteCustomization, siteSpaceCustomizations } from './customization';
import { presentSite } from './presenter';
import { presentSiteStructure, readSiteStructure, sectionNodes, type SiteStructureModel } from './structure';
import { resolveVisitor, type VisitorInput, visibleStructure } from './visitors';

function siteSpacesOf(model: SiteStructureModel) {
  return model.type === 'siteSpaces' ? model.siteSpaces : sectionNodes(model).flatMap((node) => node.siteSpaces);
}

/**
 * GET .../published: the site as a visitor holding `input` sees it. The caller is a member (404 otherwise), but
 * the site's visibility rules still apply as to any visitor: an unpublished site, or one the credentials do not
 * open, is a 404 (the spec's only refusal), and conditions hide the sections and site spaces the claims do not
 * meet, with their customizations.
 */
export async function getPublishedContentSite(ctx: CallContext, organizationId: string, siteId: string, input: VisitorInput) {
  const { site } = requireSite(ctx, organizationId, siteId);
  const access = await resolveVisitor(site, ctx.db, { now: ctx.clock.now(), ...input });
  if (!access.ok) throw notFound(`Published site "${siteId}" not found: ${access.reason}`);
  const model = visibleStructure(readSiteStructure(ctx.db, site), access.claims);
  return {
    object: 'published-content-site' as const,
    site: presentSite(site, ctx),
    structure: presentSiteStructure(model, site, ctx),
    customizations: { site: siteCustomization(site), siteSpaces: siteSpaceCustomizations(site, siteSpacesOf(model)) },
    // Scripts come from integrations installed on the site; Folio installs them on organizations and spaces only.
    scripts: [],
  };
}

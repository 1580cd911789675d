import type { SitePreviewQuery } from '../../../src-shared/schemas/site-preview';
import type { CallContext } from '../../app/context';
import { badRequest } from '../../errors';
import { requireSite } from '../access';
import { readSiteStructure, sectionNodes } from '../structure';
import { signPreviewToken, PREVIEW_TTL_SECONDS } from './credentials';

/**
 * GET .../publishing/preview: an address at which the writer (any member who reads the site) sees it as a
 * visitor with the given claims would, published or not, for an hour (credentials.ts). `siteSpace` opens that
 * site space; `claims` is a JSON object of visitor claims (what adaptive content sees).
 */
export async function getSitePreviewUrl(
  ctx: CallContext,
  organizationId: string,
  siteId: string,
  input: SitePreviewQuery,
): Promise<{ url: string; expiresIn: number }> {
  const { site } = requireSite(ctx, organizationId, siteId);
  let claims: Record<string, unknown> = {};
  if (input.claims !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(input.claims);
    } catch {
      throw badRequest('claims: must be a JSON object of visitor claims, such as {"plan":"pro"}');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('claims: must be a JSON object of visitor claims');
    claims = parsed as Record<string, unknown>;
  }
  let address = '';
  if (input.siteSpace !== undefined) {
    const model = readSiteStructure(ctx.db, site);
    if (model.type === 'siteSpaces') {
      const row = model.siteSpaces.find((s) => s.id === input.siteSpace);
      if (!row) throw badRequest(`siteSpace: no site space "${input.siteSpace}" in this site`);
      address = `${row.path}/`;
    } else {
      const node = sectionNodes(model).find((n) => n.siteSpaces.some((s) => s.id === input.siteSpace));
      if (!node) throw badRequest(`siteSpace: no site space "${input.siteSpace}" in this site`);
      address = `${node.section.path}/${node.siteSpaces.find((s) => s.id === input.siteSpace)!.path}/`;
    }
  }
  const token = await signPreviewToken(ctx.db, site, claims, ctx.clock.now().getTime());
  return { url: `${ctx.baseUrl}/sites/${site.id}/${address}?preview=${token}`, expiresIn: PREVIEW_TTL_SECONDS };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SiteCustomizationSettings } from '../../../src-shared/schemas/site-customization';
import { evaluateCondition } from '../../../src-shared/sites/conditions';
import type { SiteRow, SiteSpaceRow } from '../../store/sites';
import { siteSpaceCustomizations } from '../customization';
import { sectionNodes, type SiteStructureModel } from '../structure';
import { customizationCss } from './customization-html';
import { customFontCss } from './site-fonts';
import type { Db } from '../../store/database';
import { type SiteCachePolicy, sendCacheable } from './http-cache';
import { answerPlain } from '../../http/surface-answers';

/**
 * The customization a site space's pages show: the site's, with the site space's overrides; with visitor
 * claims, header links whose condition they do not meet are left out (as sections and site spaces are).
 */
export function customizationOf(site: SiteRow, siteSpace: SiteSpaceRow, claims?: Record<string, unknown>): SiteCustomizationSettings {
  const settings = siteSpaceCustomizations(site, [siteSpace])[siteSpace.id] as SiteCustomizationSettings;
  if (!claims) return settings;
  const links = settings.header.links.filter((item) => evaluateCondition(item.condition, claims));
  return { ...settings, header: { ...settings.header, links } };
}

/**
 * GET /sites/{id}/~style/{siteSpaceId}.css: the colors of a site space the visitor can see on this site (the
 * site's CSP allows stylesheets of its own origin only, never an inline style); anything else is a 404.
 */
export function serveSiteStyle(
  req: IncomingMessage,
  res: ServerResponse,
  site: SiteRow,
  model: SiteStructureModel,
  file: string,
  policy: SiteCachePolicy,
  db?: Db,
): void {
  const siteSpaces = model.type === 'siteSpaces' ? model.siteSpaces : sectionNodes(model).flatMap((node) => node.siteSpaces);
  const siteSpace = file.endsWith('.css') ? siteSpaces.find((row) => `${row.id}.css` === file) : undefined;
  if (!siteSpace) {
    answerPlain(res, 404, 'No such stylesheet');
    return;
  }
  const settings = customizationOf(site, siteSpace);
  // With the store, the organization's custom fonts the settings name (issue 19).
  const css = `${customizationCss(settings)}${db ? customFontCss(db, site, settings) : ''}`;
  // Its ETag follows the colors: a change shows on the next revalidation.
  sendCacheable(req, res, css, { 'Content-Type': 'text/css; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }, policy);
}

import { escapeHtml } from '../../../src-shared/html';
import type { SiteCustomizationSettings } from '../../../src-shared/schemas/site-customization';
import { evaluateCondition } from '../../../src-shared/sites/conditions';
import type { Db } from '../../store/database';
import { allSiteExternalLinks, type SiteExternalLinkRow } from '../../store/site-external-links';
import { externalLinkAttributes } from './customization-html';
import type { SiteCachePolicy } from './http-cache';

/** The site's external links a visitor with these claims sees: live ones whose condition holds, in order. */
export function visibleExternalLinks(db: Db, siteId: string, claims: Record<string, unknown>): SiteExternalLinkRow[] {
  return allSiteExternalLinks(db, siteId).filter((link) => link.draft === 0 && evaluateCondition(link.condition, claims));
}

/** A link with a condition makes the pages adapt to visitors: no shared cache may keep them (http-cache.ts). */
export function policyWithLinks(policy: SiteCachePolicy, db: Db, siteId: string): SiteCachePolicy {
  return policy === 'shared' && allSiteExternalLinks(db, siteId).some((link) => link.condition !== null) ? 'personal' : policy;
}

/** A tab leading off the site, marked as such, opened as the site's customization says external links open. */
export function externalLinkTab(link: SiteExternalLinkRow, customization: SiteCustomizationSettings): string {
  const title = link.description ? ` title="${escapeHtml(link.description)}"` : '';
  return `<li class="external-link"><a href="${escapeHtml(link.url)}"${title}${externalLinkAttributes(customization)}>${escapeHtml(link.title)} ↗</a></li>`;
}

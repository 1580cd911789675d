import { z } from 'zod';
import { uri } from './common';
import { icon, siteSectionDescription, siteSectionTitle } from './site-sections';
import { condition } from './sites';

// GitBook 0.202.0's external links of a site (addExternalLinkToSite, updateSiteExternalLinkById). Localized titles
// and descriptions are not kept by Folio, so they are refused by name rather than dropped.

export const addSiteExternalLinkBody = z.strictObject({
  title: siteSectionTitle,
  description: siteSectionDescription.nullable().optional(),
  icon: icon.nullable().optional(),
  url: uri,
  /** The section group to put it in; omitted: the site's top level. */
  parent: z.string().min(1).max(128).optional(),
  draft: z.boolean().optional(),
  condition: condition.nullable().optional(),
});
export type AddSiteExternalLinkInput = z.infer<typeof addSiteExternalLinkBody>;

export const updateSiteExternalLinkBody = z.strictObject({
  title: siteSectionTitle.optional(),
  description: siteSectionDescription.nullable().optional(),
  icon: icon.nullable().optional(),
  url: uri.optional(),
  /** A group to move it into, or null for the top level. */
  parent: z.string().min(1).max(128).nullable().optional(),
  draft: z.boolean().optional(),
  condition: condition.nullable().optional(),
});
export type UpdateSiteExternalLinkInput = z.infer<typeof updateSiteExternalLinkBody>;

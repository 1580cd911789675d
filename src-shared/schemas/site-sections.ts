import { z } from 'zod';
import { listQuery } from './common';
import { condition } from './sites';

// GitBook 0.137.0's bounds for sections and section groups (SiteSectionTitle, SiteSectionPath,
// SiteSectionDescription, SiteSectionGroupTitle, Icon) and the move/sort bodies.
export const siteSectionTitle = z.string().min(2).max(128);
const siteSectionPath = z.string().min(1).max(100);
export const siteSectionDescription = z.string().max(256);
export const siteSectionGroupTitle = z.string().min(1).max(100);
export const icon = z.string().max(50);

export const listSiteSectionsQuery = listQuery.extend({ shareKey: z.string().max(256).optional() });

export const addSiteSectionBody = z.strictObject({
  spaceId: z.string().min(1),
  /** `null` or omitted: the space's title. */
  title: siteSectionTitle.nullable().optional(),
  icon: icon.nullable().optional(),
});
export type AddSiteSectionInput = z.infer<typeof addSiteSectionBody>;

export const updateSiteSectionBody = z.strictObject({
  title: siteSectionTitle.optional(),
  path: siteSectionPath.optional(),
  defaultSiteSpace: z.string().min(1).optional(),
  /** `null` removes the condition; omitted keeps it. */
  condition: condition.nullable().optional(),
  icon: icon.nullable().optional(),
  description: siteSectionDescription.nullable().optional(),
});
export type UpdateSiteSectionInput = z.infer<typeof updateSiteSectionBody>;

export const addSiteSectionGroupBody = z.strictObject({
  title: siteSectionGroupTitle,
  icon: icon.nullable().optional(),
  /** Sections that move into the new group, in this order. */
  sections: z.array(z.string().min(1)).max(1000).optional(),
});
export type AddSiteSectionGroupInput = z.infer<typeof addSiteSectionGroupBody>;

export const updateSiteSectionGroupBody = z.strictObject({
  title: siteSectionGroupTitle.optional(),
  icon: icon.nullable().optional(),
});
export type UpdateSiteSectionGroupInput = z.infer<typeof updateSiteSectionGroupBody>;

export const addSectionToGroupBody = z.strictObject({ sectionId: z.string().min(1) });

const SITE_STRUCTURE_ITEM_TYPES = ['site-space', 'site-section', 'site-section-group'] as const;
const siteStructureItemPointer = z.strictObject({ type: z.enum(SITE_STRUCTURE_ITEM_TYPES), id: z.string().min(1) });
export type SiteStructureItemPointer = z.infer<typeof siteStructureItemPointer>;

/** One of `before` and `after` (the service says which field is missing or doubled). */
const movePosition = <T extends z.ZodType>(pointer: T) => z.strictObject({ before: pointer.optional(), after: pointer.optional() });

export const sortSiteStructureBody = z.strictObject({ item: siteStructureItemPointer, position: movePosition(siteStructureItemPointer) });

export const moveSiteSectionBody = z.strictObject({
  position: movePosition(z.strictObject({ type: z.literal('site-section'), siteSection: z.string().min(1) })),
});
export const moveSiteSectionGroupBody = z.strictObject({
  position: movePosition(z.strictObject({ type: z.enum(['site-section', 'site-section-group']), id: z.string().min(1) })),
});
export const moveSiteSpaceBody = z.strictObject({
  position: movePosition(z.strictObject({ type: z.literal('site-space'), siteSpace: z.string().min(1) })),
});

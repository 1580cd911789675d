import { z } from 'zod';
import { mergeRulesStandalone } from './merge-rules';
import { emailDomain, memberRoleOrGuest, uri } from './common';

/** Title of an organization: 2..255 characters that neither start nor end with white space. */
export const organizationTitle = z
  .string()
  .min(2)
  .max(255)
  .regex(/^\S.*\S$/s, 'must not start or end with white space');

export const createOrganizationBody = z.strictObject({
  title: organizationTitle,
  emailDomains: z.array(emailDomain).max(100).optional(),
  onboardingPreferences: z
    .object({
      source: z.string().nullable(),
      audience: z.string().nullable(),
      interests: z.array(z.string()),
    })
    .optional(),
});
export type CreateOrganizationInput = z.infer<typeof createOrganizationBody>;

export const updateOrganizationBody = z.strictObject({
  title: organizationTitle.optional(),
  emailDomains: z.array(emailDomain).max(100).optional(),
  hostname: z
    .string()
    .min(3)
    .max(32)
    .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'must be lowercase letters, digits and inner hyphens')
    .optional(),
  defaultRole: memberRoleOrGuest.optional(),
  defaultContent: z.strictObject({ type: z.literal('site'), site: z.string().min(1) }).nullable().optional(),
  logo: uri.nullable().optional(),
  sso: z.boolean().optional(),
  ai: z.boolean().optional(),
  inviteLinks: z.boolean().optional(),
  mergeRules: mergeRulesStandalone.optional(),
});
export type UpdateOrganizationInput = z.infer<typeof updateOrganizationBody>;

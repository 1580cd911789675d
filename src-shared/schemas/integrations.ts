import { z } from 'zod';
import { listQuery, queryBoolean, uri } from './common';
import { headerSafe } from './header-values';

// GitBook 0.137.0's integrations (components PublishIntegration, Integration, IntegrationBlock, ...): names,
// enums and bounds as the spec gives them. Where the spec gives none, Folio's own (marked) keep a row small
// enough to sync as field changes (docs/sync.md: a field is at most 1 MB of JSON).
const INTEGRATION_TARGETS = ['all', 'site', 'space', 'organization'] as const;
const INTEGRATION_VISIBILITIES = ['public', 'private', 'unlisted'] as const;
const INTEGRATION_RUNTIMES = ['v1', 'v2'] as const;
const INTEGRATION_CATEGORIES = ['analytics', 'collaboration', 'content', 'gitsync', 'marketing', 'visitor-auth', 'other'] as const;
const INTEGRATION_SCOPES = [
  'space:views:read', 'space:content:read', 'space:content:write', 'space:metadata:read', 'space:metadata:write',
  'space:script:inject', 'space:script:cookies', 'space:git:sync', 'space:visitor:auth', 'site:metadata:read',
  'site:views:read', 'site:script:inject', 'site:script:cookies', 'site:visitor:auth', 'site:adaptive:read',
  'site:adaptive:write', 'site:ai:ask', 'openapi:read', 'openapi:write', 'conversations:ingest',
] as const;
const CSP_DIRECTIVES = [
  'base-uri', 'block-all-mixed-content', 'child-src', 'connect-src', 'default-src', 'font-src', 'form-action',
  'frame-ancestors', 'frame-src', 'img-src', 'manifest-src', 'media-src', 'navigate-to', 'object-src', 'plugin-types',
  'prefetch-src', 'referrer', 'report-to', 'report-uri', 'require-sri-for', 'require-trusted-types-for', 'sandbox',
  'script-src', 'script-src-attr', 'script-src-elem', 'style-src', 'style-src-attr', 'style-src-elem', 'trusted-types',
  'upgrade-insecure-requests', 'worker-src',
] as const;


/** Folio's bound on each decoded file of a publication (icon, preview image, script): 512 KiB. */
const MAX_INTEGRATION_FILE_BYTES = 512 * 1024;
const MAX_BASE64 = Math.ceil(MAX_INTEGRATION_FILE_BYTES / 3) * 4;

/** Bytes of a string in UTF-8 (src-shared has neither Buffer nor TextEncoder); a lone surrogate counts as U+FFFD does. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export const integrationName = z.string().min(1).max(100).regex(/^[a-zA-Z0-9-_.]+$/, 'must be letters, digits, "-", "_" or "."');

/** Base64 content of a file; its decoded size is checked against MAX_INTEGRATION_FILE_BYTES. */
const base64File = z
  .string()
  .min(1)
  .max(MAX_BASE64, `must be at most ${MAX_INTEGRATION_FILE_BYTES} bytes once decoded`)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64')
  .refine((s) => s.length % 4 === 0, 'must be base64');

const unique = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .refine((values) => new Set(values).size === values.length, 'must not repeat a value');

const blockMarkdown = z.strictObject({ codeblock: z.string().min(1).max(100), body: z.string().min(1).max(100) });

const integrationBlock = z.strictObject({
  id: z.string().min(1).max(100),
  title: z.string().min(2).max(40),
  description: z.string().max(150).optional(),
  icon: z.string().max(2048).optional(),
  urlUnfurl: z.array(z.string().min(1).max(2048)).max(100).optional(),
  markdown: blockMarkdown.optional(),
});

const configurationComponent = z.strictObject({ componentId: z.string().min(1).max(100) });

const integrationContentSource = z.strictObject({
  id: z.string().min(1).max(100),
  title: z.string().min(2).max(40),
  description: z.string().max(150).optional(),
  icon: z.string().max(2048).optional(),
  configuration: configurationComponent,
});

const propertyText = { title: z.string().max(30).optional(), description: z.string().max(100).optional() };
const configurationProperty = z.discriminatedUnion('type', [
  z.strictObject({
    ...propertyText,
    type: z.literal('string'),
    default: z.string().max(2048).optional(),
    completion_url: z.string().max(2048).optional(),
    enum: z.array(z.string().max(2048)).max(100).optional(),
  }),
  z.strictObject({ ...propertyText, type: z.literal('number'), default: z.number().optional() }),
  z.strictObject({ ...propertyText, type: z.literal('boolean'), default: z.boolean().optional() }),
  z.strictObject({ ...propertyText, type: z.literal('button'), callback_url: z.string().max(2048), button_text: z.string().max(100) }),
]);
const configurationSchema = z.strictObject({
  properties: z.record(z.string().min(1).max(100), configurationProperty),
  required: unique(z.string().min(1).max(100), 100).optional(),
});
const configuration = z.union([configurationComponent, configurationSchema]);
const integrationConfigurations = z.strictObject({
  account: configuration.optional(),
  space: configuration.optional(),
  site: configuration.optional(),
});

const integrationExternalLinks = z.array(z.strictObject({ url: uri, label: z.string().min(1).max(100) })).max(5);

/** A policy as a header value, or as directives (joined into one header value when stored). */
export const contentSecurityPolicy = z.union([
  headerSafe(z.string().max(4096)),
  z.partialRecord(z.enum(CSP_DIRECTIVES), headerSafe(z.string().max(2048)).regex(/^[^;]*$/, 'must not contain ";"')),
]);

export const publishIntegrationBody = z.strictObject({
  runtime: z.enum(INTEGRATION_RUNTIMES).default('v1'),
  icon: base64File.optional(),
  title: z.string().min(2).max(30),
  description: z.string().max(100),
  summary: z.string().max(2048).optional(),
  previewImages: z.array(base64File).max(3).optional(),
  visibility: z.enum(INTEGRATION_VISIBILITIES).optional(),
  target: z.enum(INTEGRATION_TARGETS).optional(),
  scopes: unique(z.enum(INTEGRATION_SCOPES), INTEGRATION_SCOPES.length),
  categories: unique(z.enum(INTEGRATION_CATEGORIES), INTEGRATION_CATEGORIES.length).optional(),
  blocks: z
    .array(integrationBlock)
    .max(50)
    .refine((blocks) => new Set(blocks.map((b) => b.id)).size === blocks.length, 'must not repeat a block id')
    .optional(),
  contentSources: z
    .array(integrationContentSource)
    .max(50)
    .refine((sources) => new Set(sources.map((s) => s.id)).size === sources.length, 'must not repeat a source id')
    .optional(),
  externalLinks: integrationExternalLinks.optional(),
  configurations: integrationConfigurations.optional(),
  script: z
    .string()
    .min(1)
    .max(MAX_INTEGRATION_FILE_BYTES, `must be at most ${MAX_INTEGRATION_FILE_BYTES} bytes`)
    .refine((s) => utf8Length(s) <= MAX_INTEGRATION_FILE_BYTES, `must be at most ${MAX_INTEGRATION_FILE_BYTES} bytes`),
  organization: z.string().min(1).max(64),
  secrets: z.record(z.string().min(1).max(100), z.string().max(10_000)).refine((s) => Object.keys(s).length <= 20, 'must have at most 20 secrets').optional(),
  contentSecurityPolicy: contentSecurityPolicy.nullable().optional(),
});
export type PublishIntegrationInput = z.infer<typeof publishIntegrationBody>;

export const integrationFilters = z.object({
  search: z.string().max(100).optional(),
  category: z.enum(INTEGRATION_CATEGORIES).optional(),
  blockDomain: z.string().min(1).max(100).regex(/^[a-zA-Z0-9-_.]+$/, 'must be letters, digits, "-", "_" or "."').optional(),
  blocks: queryBoolean.optional(),
  contentSources: queryBoolean.optional(),
  owner: z.string().min(1).max(64).optional(),
  scope: z.enum(INTEGRATION_SCOPES).optional(),
  target: z.enum(INTEGRATION_TARGETS).optional(),
});
export const listIntegrationsQuery = z.strictObject({ ...listQuery.shape, ...integrationFilters.shape });
export type ListIntegrationsQuery = z.infer<typeof listIntegrationsQuery>;
export type IntegrationFilters = z.infer<typeof integrationFilters>;

export const installIntegrationBody = z.strictObject({ organization: z.string().min(1).max(64) });
export const installIntegrationOnSpaceBody = z.strictObject({ space: z.string().min(1).max(64) });

const INSTALLATION_SELECTIONS = ['all', 'selected'] as const;
const installationExternalIds = z.array(z.string().min(1).max(256)).max(5);
const installationConfiguration = z
  .record(z.string(), z.unknown())
  .refine((c) => JSON.stringify(c).length <= 100_000, 'must be at most 100000 characters as JSON');

export const updateInstallationBody = z.strictObject({
  externalIds: installationExternalIds.optional(),
  configuration: installationConfiguration.optional(),
  space_selection: z.enum(INSTALLATION_SELECTIONS).optional(),
  site_selection: z.enum(INSTALLATION_SELECTIONS).optional(),
});
export type UpdateInstallationInput = z.infer<typeof updateInstallationBody>;

export const updateSpaceInstallationBody = z.strictObject({
  externalIds: installationExternalIds.optional(),
  configuration: installationConfiguration.optional(),
});
export type UpdateSpaceInstallationInput = z.infer<typeof updateSpaceInstallationBody>;

export const listInstallationsQuery = z.strictObject({ ...listQuery.shape, externalId: z.string().min(1).max(256).optional() });
export const listInstallationSpacesQuery = z.strictObject({ ...listQuery.shape, extended: queryBoolean.optional() });
export const extendedQuery = z.strictObject({ extended: queryBoolean.optional() });
/** GET /v1/spaces/{spaceId}/integrations */
export const spaceIntegrationsQuery = z.strictObject({ ...listQuery.shape, search: z.string().max(100).optional() });

/** POST /integrations/{integrationName}/installations/{installationId}/sites */
export const installIntegrationOnSiteBody = z.strictObject({ siteId: z.string().min(1).max(64) });
/** GET /integrations/{integrationName}/spaces and …/sites: every installation of the integration the caller sees. */
export const listContentInstallationsQuery = z.strictObject({
  ...listQuery.shape,
  externalId: z.string().min(1).max(256).optional(),
  extended: queryBoolean.optional(),
});
/** GET /orgs/{organizationId}/installations */
export const listOrganizationInstallationsQuery = z.strictObject({ ...listQuery.shape, search: z.string().max(100).optional() });
/** GET /orgs/{organizationId}/integrations/installations-status */
export const listIntegrationsStatusQuery = z.strictObject({
  ...listQuery.shape,
  target: z.enum(['organization', 'space', 'site']).optional(),
  site: z.string().min(1).max(64).optional(),
  space: z.string().min(1).max(64).optional(),
});
export type ListIntegrationsStatusQuery = z.infer<typeof listIntegrationsStatusQuery>;

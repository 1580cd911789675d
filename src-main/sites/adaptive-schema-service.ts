import { Ajv } from 'ajv';
import {
  type AdaptiveJsonSchema,
  type ClaimSchema,
  EMPTY_ADAPTIVE_SCHEMA,
  type UpdateAdaptiveSchemaInput,
} from '../../src-shared/schemas/site-visitors';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest } from '../errors';
import { inTransaction } from '../store/database';
import { getSite, type SiteRow, updateSite } from '../store/sites';
import { requireSite } from './access';

// Ajv's default class validates draft-07, the dialect GitBook's visitor schemas are written in.
const ajv = new Ajv({ allErrors: false, strict: true });

/** The site's visitor schema: the stored one, else the empty schema (no claims). */
export function adaptiveSchemaOf(site: SiteRow): AdaptiveJsonSchema {
  if (site.adaptive_schema === null) return EMPTY_ADAPTIVE_SCHEMA;
  try {
    return JSON.parse(site.adaptive_schema) as AdaptiveJsonSchema;
  } catch {
    // Only this service writes the column, always valid JSON; a damaged value means "no claims", not a 500.
    return EMPTY_ADAPTIVE_SCHEMA;
  }
}

export function presentAdaptiveSchema(site: SiteRow) {
  return {
    object: 'site-adaptive-schema' as const,
    jsonSchema: adaptiveSchemaOf(site),
    // Never set: the empty schema has been the site's since it was created.
    updatedAt: site.adaptive_schema_updated_at ?? site.created_at,
  };
}

export function getAdaptiveSchema(ctx: ServiceContext, organizationId: string, siteId: string): SiteRow {
  return requireSite(ctx, organizationId, siteId).site;
}

/** The body is already GitBook's shape (schemas/site-visitors.ts); it must also be a schema ajv accepts as draft-07. */
function assertDraft07(jsonSchema: AdaptiveJsonSchema): void {
  if (!ajv.validateSchema(jsonSchema)) {
    const error = ajv.errors?.[0];
    const path = ['jsonSchema', ...(error?.instancePath ?? '').split('/').filter(Boolean)].join('.');
    throw badRequest(`${path}: not a valid draft-07 JSON Schema (${error?.message ?? 'rejected'})`);
  }
  try {
    ajv.compile(jsonSchema);
  } catch (error) {
    throw badRequest(`jsonSchema: not a valid draft-07 JSON Schema (${(error as Error).message})`);
  }
}

export function replaceAdaptiveSchema(ctx: ServiceContext, organizationId: string, siteId: string, input: UpdateAdaptiveSchemaInput): SiteRow {
  return inTransaction(ctx.db, () => {
    const { site } = requireSite(ctx, organizationId, siteId, 'change its visitor schema');
    assertDraft07(input.jsonSchema);
    const now = isoNow(ctx.clock);
    updateSite(ctx.db, site.id, { adaptive_schema: JSON.stringify(input.jsonSchema), adaptive_schema_updated_at: now, updated_at: now });
    return getSite(ctx.db, site.id)!;
  });
}

/** `visitor.claims.a.b`, or `visitor.claims["dashed-name"]` for names that are not identifiers. */
function accessPath(base: string, name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `${base}.${name}` : `${base}[${JSON.stringify(name)}]`;
}

/**
 * Ready-made conditions for the claims of the schema. Only deterministic claims (booleans, and strings with an
 * enum) and arrays of them make visibility conditions (GitBook's rule: a free string or number has no values
 * to choose from); objects are walked for theirs.
 */
function templateConditions(schema: AdaptiveJsonSchema): Array<{ description: string; condition: string }> {
  const items: Array<{ description: string; condition: string }> = [];
  const walk = (properties: Record<string, ClaimSchema>, base: string) => {
    for (const [name, claim] of Object.entries(properties)) {
      const path = accessPath(base, name);
      const label = claim.description || name;
      if (claim.type === 'boolean') {
        items.push({ description: label, condition: `${path} === true` });
      } else if (claim.type === 'string' && claim.enum) {
        for (const value of claim.enum) items.push({ description: `${label} is ${JSON.stringify(value)}`, condition: `${path} === ${JSON.stringify(value)}` });
      } else if (claim.type === 'array' && claim.items.type === 'string' && claim.items.enum) {
        for (const value of claim.items.enum) items.push({ description: `${label} includes ${JSON.stringify(value)}`, condition: `${path}.includes(${JSON.stringify(value)})` });
      } else if (claim.type === 'array' && claim.items.type === 'boolean') {
        items.push({ description: `${label} includes true`, condition: `${path}.includes(true)` });
      } else if (claim.type === 'object') {
        walk(claim.properties, path);
      }
    }
  };
  const { unsigned, ...signed } = schema.properties as Record<string, ClaimSchema> & { unsigned?: { properties: Record<string, ClaimSchema> } };
  walk(signed, 'visitor.claims');
  if (unsigned) walk(unsigned.properties, 'visitor.claims.unsigned');
  return items;
}

export function listTemplateConditions(ctx: ServiceContext, organizationId: string, siteId: string) {
  return templateConditions(adaptiveSchemaOf(requireSite(ctx, organizationId, siteId).site));
}

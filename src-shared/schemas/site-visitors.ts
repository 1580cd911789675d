import { z } from 'zod';
import { listQuery, uri } from './common';

// Who may visit a published site, GitBook 0.137.0: share links (ShareLink, ShareLinkName), the publishing auth
// of visitor-auth sites (SitePublishingAuthUpdate) and the adaptive schema of visitor claims (SiteAdaptiveJSONSchema).

const shareLinkName = z.string().min(0).max(50);

export const listShareLinksQuery = listQuery;

export const createShareLinkBody = z.strictObject({ name: shareLinkName });
export type CreateShareLinkInput = z.infer<typeof createShareLinkBody>;

export const updateShareLinkBody = z
  .strictObject({ active: z.boolean().optional(), name: shareLinkName.optional() })
  .refine((body) => Object.keys(body).length > 0, 'give at least one of active, name');
export type UpdateShareLinkInput = z.infer<typeof updateShareLinkBody>;

const VISITOR_AUTH_BACKENDS = ['custom', 'integration'] as const;

export const updatePublishingAuthBody = z.strictObject({
  backend: z.enum(VISITOR_AUTH_BACKENDS),
  /** `null` removes it. */
  fallbackURL: uri.nullable().optional(),
});
export type UpdatePublishingAuthInput = z.infer<typeof updatePublishingAuthBody>;

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
/** The one description the spec allows on the `unsigned` claims object. */
const UNSIGNED_DESCRIPTION = 'Unsigned claims of the site visitor.';
/** Nested claim objects deeper than this are refused: claims are a visitor's attributes, not documents. */
const MAX_CLAIM_DEPTH = 8;
const RESERVED_CLAIM_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

export interface AdaptiveJsonSchema {
  $schema?: string;
  type: 'object';
  properties: Record<string, ClaimSchema>;
  additionalProperties: false;
}

export type ClaimSchema =
  | { type: 'boolean'; description: string }
  | { type: 'string'; description: string; enum?: string[] }
  | { type: 'number'; description: string }
  | { type: 'array'; description: string; items: ClaimSchema }
  | { type: 'object'; description: string; properties: Record<string, ClaimSchema>; additionalProperties: false };

export const EMPTY_ADAPTIVE_SCHEMA: AdaptiveJsonSchema = { type: 'object', properties: {}, additionalProperties: false };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

type Path = string[];

class ShapeError extends Error {
  constructor(
    readonly path: Path,
    message: string,
  ) {
    super(message);
  }
}

function onlyKeys(value: Record<string, unknown>, path: Path, allowed: string[]): void {
  const extra = Object.keys(value).find((key) => !allowed.includes(key));
  if (extra !== undefined) throw new ShapeError([...path, extra], `not allowed here (allowed: ${allowed.join(', ')})`);
}

function requireKeys(value: Record<string, unknown>, path: Path, keys: string[]): void {
  const missing = keys.find((key) => !(key in value));
  if (missing !== undefined) throw new ShapeError([...path, missing], 'is required');
}

function requireString(value: unknown, path: Path): void {
  if (typeof value !== 'string') throw new ShapeError(path, 'must be a string');
}

function requireFalse(value: unknown, path: Path): void {
  if (value !== false) throw new ShapeError(path, 'must be false');
}

function checkProperties(value: unknown, path: Path, depth: number, primitiveOnly = false): void {
  if (!isObject(value)) throw new ShapeError(path, 'must be an object of claims');
  for (const [name, claim] of Object.entries(value)) {
    // Conditions never read these names (conditions.ts), and as keys they would reach prototypes.
    if (RESERVED_CLAIM_NAMES.has(name)) throw new ShapeError([...path, name], 'is a reserved name, not a claim');
    checkClaim(claim, [...path, name], depth, primitiveOnly);
  }
}

/** One claim: a boolean, a string (with an optional enum), a number, an array of those, or an object of claims. */
function checkClaim(claim: unknown, path: Path, depth: number, primitiveOnly: boolean): void {
  if (!isObject(claim)) throw new ShapeError(path, 'must be an object describing the claim');
  const types = primitiveOnly ? ['boolean', 'string', 'number'] : ['boolean', 'string', 'number', 'array', 'object'];
  if (!types.includes(claim.type as string)) throw new ShapeError([...path, 'type'], `must be one of ${types.join(', ')}`);
  switch (claim.type) {
    case 'boolean':
    case 'number':
      onlyKeys(claim, path, ['type', 'description']);
      requireKeys(claim, path, ['description']);
      break;
    case 'string':
      onlyKeys(claim, path, ['type', 'description', 'enum']);
      requireKeys(claim, path, ['description']);
      if ('enum' in claim && (!Array.isArray(claim.enum) || claim.enum.some((v) => typeof v !== 'string'))) {
        throw new ShapeError([...path, 'enum'], 'must be an array of strings');
      }
      break;
    case 'array':
      onlyKeys(claim, path, ['type', 'description', 'items']);
      requireKeys(claim, path, ['description', 'items']);
      checkClaim(claim.items, [...path, 'items'], depth, true);
      break;
    default:
      if (depth >= MAX_CLAIM_DEPTH) throw new ShapeError(path, `claims nest at most ${MAX_CLAIM_DEPTH} objects deep`);
      onlyKeys(claim, path, ['type', 'description', 'properties', 'additionalProperties']);
      requireKeys(claim, path, ['description', 'properties', 'additionalProperties']);
      requireFalse(claim.additionalProperties, [...path, 'additionalProperties']);
      checkProperties(claim.properties, [...path, 'properties'], depth + 1);
  }
  requireString(claim.description, [...path, 'description']);
}

/**
 * What is wrong with a visitor schema for GitBook's SiteAdaptiveJSONSchema: the path of the offending field
 * (from the request body: `jsonSchema.properties.isBeta.type`) and the problem, or undefined.
 * (Whether it is a valid draft-07 schema at all is checked by the server with ajv.)
 */
function adaptiveSchemaProblem(jsonSchema: unknown): { path: Path; message: string } | undefined {
  const path = ['jsonSchema'];
  try {
    if (!isObject(jsonSchema)) throw new ShapeError(path, 'must be a JSON Schema object');
    onlyKeys(jsonSchema, path, ['$schema', 'type', 'properties', 'additionalProperties']);
    requireKeys(jsonSchema, path, ['type', 'properties', 'additionalProperties']);
    if ('$schema' in jsonSchema && jsonSchema.$schema !== DRAFT_07) throw new ShapeError([...path, '$schema'], `must be "${DRAFT_07}"`);
    if (jsonSchema.type !== 'object') throw new ShapeError([...path, 'type'], 'must be "object"');
    requireFalse(jsonSchema.additionalProperties, [...path, 'additionalProperties']);
    if (!isObject(jsonSchema.properties)) throw new ShapeError([...path, 'properties'], 'must be an object of claims');
    const { unsigned, ...signed } = jsonSchema.properties;
    checkProperties(signed, [...path, 'properties'], 1);
    if (unsigned !== undefined) {
      const at = [...path, 'properties', 'unsigned'];
      if (!isObject(unsigned)) throw new ShapeError(at, 'must be an object describing the unsigned claims');
      onlyKeys(unsigned, at, ['type', 'description', 'properties', 'additionalProperties']);
      requireKeys(unsigned, at, ['type', 'description', 'properties', 'additionalProperties']);
      if (unsigned.type !== 'object') throw new ShapeError([...at, 'type'], 'must be "object"');
      if (unsigned.description !== UNSIGNED_DESCRIPTION) throw new ShapeError([...at, 'description'], `must be "${UNSIGNED_DESCRIPTION}"`);
      requireFalse(unsigned.additionalProperties, [...at, 'additionalProperties']);
      checkProperties(unsigned.properties, [...at, 'properties'], 2);
    }
    return undefined;
  } catch (error) {
    if (error instanceof ShapeError) return { path: error.path, message: error.message };
    throw error;
  }
}

export const updateAdaptiveSchemaBody = z
  .strictObject({ jsonSchema: z.record(z.string(), z.unknown()) })
  .superRefine((body, ctx) => {
    const problem = adaptiveSchemaProblem(body.jsonSchema);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path, input: body });
  })
  // Checked above to be GitBook's shape.
  .transform((body) => body as unknown as UpdateAdaptiveSchemaInput);
export type UpdateAdaptiveSchemaInput = { jsonSchema: AdaptiveJsonSchema };

/**
 * GET .../published takes the spec's `shareKey`, and, as Folio's additions, the visitor JWT as
 * `visitorAuthToken` (the spec's name for it on getPublishedContentByUrl) or `jwt_token` (the name GitBook's
 * published sites read), and unsigned claims as `visitor.<claim>=<value>` (GitBook's URL convention).
 */
/** Every other parameter is kept as it came: the `visitor.<claim>` ones are unsigned claims (unsignedClaimsFromQuery). */
export const publishedSiteQuery = z
  .object({
    shareKey: z.string().max(256).optional(),
    visitorAuthToken: z.string().max(8192).optional(),
    jwt_token: z.string().max(8192).optional(),
  })
  .catchall(z.string());

const UNSIGNED_CLAIM_PREFIX = 'visitor.';

/** `visitor.a.b=x` query parameters as {a: {b: "x"}} (objects without prototype: a name cannot reach one). */
export function unsignedClaimsFromQuery(query: Record<string, string>): Record<string, unknown> {
  const claims: Record<string, unknown> = Object.create(null);
  for (const [name, value] of Object.entries(query)) {
    if (!name.startsWith(UNSIGNED_CLAIM_PREFIX)) continue;
    const path = name.slice(UNSIGNED_CLAIM_PREFIX.length).split('.');
    if (path.some((segment) => segment === '' || RESERVED_CLAIM_NAMES.has(segment))) continue;
    let at = claims;
    for (const segment of path.slice(0, -1)) {
      const next = at[segment];
      if (typeof next !== 'object' || next === null) at[segment] = Object.create(null);
      at = at[segment] as Record<string, unknown>;
    }
    at[path.at(-1)!] = value;
  }
  return claims;
}

import { errors as joseErrors, jwtVerify } from 'jose';
import type { AdaptiveJsonSchema, ClaimSchema } from '../../src-shared/schemas/site-visitors';
import { evaluateCondition } from '../../src-shared/sites/conditions';
import type { Db } from '../store/database';
import { findShareLinkByKey } from '../store/site-share-links';
import type { SiteRow, SiteSpaceRow } from '../store/sites';
import { adaptiveSchemaOf } from './adaptive-schema-service';
import type { SectionNode, SiteStructureModel } from './structure';

type VisitorAccess =
  | { ok: true; claims: Record<string, unknown>; shareLinkId?: string }
  | { ok: false; status: 401 | 404; reason: string; fallbackURL?: string };

export interface VisitorInput {
  /** A share link's key (`?shareKey=`). */
  shareKey?: string;
  /** A visitor JWT signed HS256 with the site's visitor auth key (GitBook's custom visitor-auth backend). */
  token?: string;
  /** Claims nobody signed (GitBook's `?visitor.<claim>=`), kept only where the schema declares them under `unsigned`. */
  unsignedClaims?: Record<string, unknown>;
  /** The time tokens' `exp` and `nbf` are checked against (the app's clock); the system clock by default. */
  now?: Date;
}

/** JWT registered claims describe the token, not the visitor: conditions do not see them. */
const REGISTERED_CLAIMS = ['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti'];

type TokenResult = { ok: true; claims: Record<string, unknown> } | { ok: false; reason: string };

async function verifyVisitorToken(site: SiteRow, token: string, now: Date | undefined): Promise<TokenResult> {
  if (site.visitor_auth_key === null) {
    return { ok: false, reason: "This workstation does not hold the site's visitor key (only its admins' workstations do)" };
  }
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(site.visitor_auth_key), {
      algorithms: ['HS256'],
      currentDate: now,
    });
    const claims = Object.fromEntries(Object.entries(payload).filter(([name]) => !REGISTERED_CLAIMS.includes(name) && name !== 'unsigned'));
    return { ok: true, claims };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'The visitor token has expired' };
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) return { ok: false, reason: "The visitor token is not signed with this site's key" };
    if (error instanceof joseErrors.JOSEError) return { ok: false, reason: `The visitor token is not valid (${error.code})` };
    throw error;
  }
}

/** A value given as text (a query parameter) read as the type the schema declares; undefined when it is not one. */
function coerceClaim(schema: ClaimSchema, value: unknown): unknown {
  if (schema.type !== 'string' && typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  switch (schema.type) {
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    case 'string':
      return typeof value === 'string' && (!schema.enum || schema.enum.includes(value)) ? value : undefined;
    case 'array': {
      const items = (Array.isArray(value) ? value : [value]).map((item) => coerceClaim(schema.items, item));
      return items.every((item) => item !== undefined) ? items : undefined;
    }
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? declaredClaims(schema.properties, value as Record<string, unknown>)
        : undefined;
  }
}

/** Only the declared claims, each of its declared type (built with fromEntries: no key can reach a prototype). */
function declaredClaims(properties: Record<string, ClaimSchema>, given: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([name]) => Object.prototype.hasOwnProperty.call(given, name))
      .map(([name, schema]) => [name, coerceClaim(schema, given[name])] as const)
      .filter(([, value]) => value !== undefined),
  );
}

/** The unsigned claims the site's schema declares, from what the caller passed; {} when it declares none. */
function unsignedClaimsFor(schema: AdaptiveJsonSchema, given: Record<string, unknown> | undefined): Record<string, unknown> {
  const unsigned = (schema.properties as { unsigned?: { properties?: Record<string, ClaimSchema> } }).unsigned;
  if (!unsigned?.properties || !given) return {};
  return declaredClaims(unsigned.properties, given);
}

/**
 * Who may see this published site: unpublished → 404; public/unlisted → everyone (claims from a valid JWT if
 * given, else {}); share-link → an active link's key (else 404: a share-link site does not admit it exists);
 * visitor-auth → a JWT signed HS256 with the site's key and not expired (else 401, with the fallback URL to
 * send the visitor to). Unsigned claims are added under `unsigned` only where the schema declares them.
 */
export async function resolveVisitor(site: SiteRow, db: Db, input: VisitorInput): Promise<VisitorAccess> {
  if (site.published !== 1) return { ok: false, status: 404, reason: 'The site is not published' };
  const schema = adaptiveSchemaOf(site);
  const unsigned = unsignedClaimsFor(schema, input.unsignedClaims);
  const withUnsigned = (claims: Record<string, unknown>) => (Object.keys(unsigned).length ? { ...claims, unsigned } : claims);
  const verified = input.token ? await verifyVisitorToken(site, input.token, input.now) : undefined;

  switch (site.visibility) {
    case 'share-link': {
      const link = input.shareKey ? findShareLinkByKey(db, site.id, input.shareKey) : undefined;
      if (!link || link.active !== 1) return { ok: false, status: 404, reason: input.shareKey ? 'This share link is not valid' : 'A share link is needed' };
      return { ok: true, claims: withUnsigned(verified?.ok ? verified.claims : {}), shareLinkId: link.id };
    }
    case 'visitor-auth': {
      const fallback = site.visitor_auth_fallback_url !== null ? { fallbackURL: site.visitor_auth_fallback_url } : {};
      if (!verified) return { ok: false, status: 401, reason: 'A visitor token is needed to read this site', ...fallback };
      if (!verified.ok) return { ok: false, status: 401, reason: verified.reason, ...fallback };
      return { ok: true, claims: withUnsigned(verified.claims) };
    }
    default:
      // Public and unlisted sites show to everyone; a valid token only adapts them, an invalid one is ignored.
      return { ok: true, claims: withUnsigned(verified?.ok ? verified.claims : {}) };
  }
}

/**
 * The structure as a visitor with these claims sees it: site spaces and sections whose condition is false are
 * gone, and so are sections left with no site space and groups left with no section (nothing to open there).
 */
export function visibleStructure(model: SiteStructureModel, claims: Record<string, unknown>): SiteStructureModel {
  const spaces = (rows: SiteSpaceRow[]) => rows.filter((row) => evaluateCondition(row.condition, claims));
  const section = (node: SectionNode): SectionNode | undefined => {
    if (!evaluateCondition(node.section.condition, claims)) return undefined;
    const siteSpaces = spaces(node.siteSpaces);
    return siteSpaces.length || !node.siteSpaces.length ? { ...node, siteSpaces } : undefined;
  };
  if (model.type === 'siteSpaces') return { type: 'siteSpaces', siteSpaces: spaces(model.siteSpaces) };
  const items: Extract<SiteStructureModel, { type: 'sections' }>['items'] = [];
  for (const item of model.items) {
    if (item.kind === 'section') {
      const node = section(item);
      if (node) items.push({ kind: 'section', ...node });
    } else {
      const sections = item.sections.map(section).filter((node): node is SectionNode => node !== undefined);
      if (sections.length || !item.sections.length) items.push({ ...item, sections });
    }
  }
  return { type: 'sections', items };
}

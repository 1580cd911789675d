import type { CreateCustomFontInput, UpdateCustomFontInput } from '../../src-shared/schemas/custom-fonts';
import { type ServiceContext, isoNow } from '../app/context';
import { badRequest, notFound } from '../errors';
import { requireMembership, requireOrgRole } from '../orgs/access';
import {
  deleteCustomFontRow,
  fontFacesOf,
  getCustomFontRow,
  insertCustomFont,
  listCustomFontRows,
  type StoredFontFace,
  updateCustomFontRow,
} from '../store/custom-fonts';
import { inTransaction } from '../store/database';
import type { PageRequest } from '../store/keyset';

/**
 * An organization's custom fonts (GitBook's user-internal fonts API): settings of the organization that its
 * sites name in their customization (`styling.font` set to the font's definition, with its id), drawn on the
 * published site with @font-face rules (sites/preview/site-fonts.ts). Members read them; admins, who hold
 * the organization's settings, change them.
 *
 * A face's `storageKey` names its file in GitBook's storage. Folio keeps no font files, so the key must be the
 * file's https address, which visitors' browsers fetch (Folio itself never does); any other key is refused.
 * GitBook's rule that a font has a regular (400) face is kept; its 412 is Folio's 400 naming the field.
 */
const FONT_ADMIN_ROLE = 'admin';

function checkedFaces(faces: StoredFontFace[]): StoredFontFace[] {
  faces.forEach((face, index) => {
    let url: URL | undefined;
    try {
      url = new URL(face.storageKey);
    } catch {
      url = undefined;
    }
    if (url?.protocol !== 'https:') {
      throw badRequest(`fontFaces.${index}.storageKey: must be the https URL of the font file (Folio keeps no font files of its own)`);
    }
  });
  const weights = faces.map((face) => face.weight);
  const repeated = weights.find((weight, index) => weights.indexOf(weight) !== index);
  if (repeated !== undefined) throw badRequest(`fontFaces: weight ${repeated} is given twice`);
  if (!weights.includes(400)) throw badRequest('fontFaces: a regular face (weight 400) is required');
  return [...faces].sort((a, b) => a.weight - b.weight);
}

export function listCustomFonts(ctx: ServiceContext, organizationId: string, page: PageRequest) {
  const { org, role } = requireMembership(ctx, organizationId);
  return { canEdit: role === FONT_ADMIN_ROLE, page: listCustomFontRows(ctx.db, org.id, page) };
}

export function getCustomFont(ctx: ServiceContext, organizationId: string, fontId: string) {
  const { org, role } = requireMembership(ctx, organizationId);
  const font = getCustomFontRow(ctx.db, org.id, fontId);
  if (!font) throw notFound(`Font "${fontId}" not found`);
  return { canEdit: role === FONT_ADMIN_ROLE, font };
}

export function createCustomFont(ctx: ServiceContext, organizationId: string, input: CreateCustomFontInput) {
  return inTransaction(ctx.db, () => {
    const { org } = requireOrgRole(ctx, organizationId, FONT_ADMIN_ROLE, 'add fonts');
    const font = insertCustomFont(ctx.db, { organizationId: org.id, fontFamily: input.fontFamily, fontFaces: checkedFaces(input.fontFaces), now: isoNow(ctx.clock) });
    return { canEdit: true, font };
  });
}

/** Faces given replace those of the same weight; a `null` key removes its weight; others are kept. */
export function updateCustomFont(ctx: ServiceContext, organizationId: string, fontId: string, input: UpdateCustomFontInput) {
  return inTransaction(ctx.db, () => {
    const { org } = requireOrgRole(ctx, organizationId, FONT_ADMIN_ROLE, 'change fonts');
    const font = getCustomFontRow(ctx.db, org.id, fontId);
    if (!font) throw notFound(`Font "${fontId}" not found`);
    let fontFaces: StoredFontFace[] | undefined;
    if (input.fontFaces) {
      const byWeight = new Map(fontFacesOf(font).map((face) => [face.weight, face]));
      for (const face of input.fontFaces) {
        if (face.storageKey === null) byWeight.delete(face.weight);
        else byWeight.set(face.weight, { weight: face.weight, storageKey: face.storageKey });
      }
      fontFaces = checkedFaces([...byWeight.values()]);
    }
    updateCustomFontRow(ctx.db, font.id, { fontFamily: input.fontFamily, fontFaces }, isoNow(ctx.clock));
    return { canEdit: true, font: getCustomFontRow(ctx.db, org.id, font.id)! };
  });
}

/** False when there was no such font (the API answers 204 rather than 205). */
export function deleteCustomFont(ctx: ServiceContext, organizationId: string, fontId: string): boolean {
  return inTransaction(ctx.db, () => {
    const { org } = requireOrgRole(ctx, organizationId, FONT_ADMIN_ROLE, 'delete fonts');
    const font = getCustomFontRow(ctx.db, org.id, fontId);
    return font ? deleteCustomFontRow(ctx.db, font.id) : false;
  });
}

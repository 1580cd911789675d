import { roleAtLeast } from '../../src-shared/roles';
import type { ListQuery } from '../../src-shared/schemas/common';
import type { CreateTranslationInput, UpdateTranslationInput } from '../../src-shared/schemas/translations';
import { isoNow, type ServiceContext } from '../app/context';
import { badRequest, forbidden, notFound } from '../errors';
import { type Membership, requireMembership } from '../orgs/access';
import { inTransaction } from '../store/database';
import { getSpace } from '../store/spaces';
import {
  deleteTranslationRow,
  getTranslation,
  insertTranslation,
  listTranslations,
  type TranslationRow,
  updateTranslationRow,
} from '../store/translations';

/**
 * Translations are organization settings: every member (not guests) reads them; creating, changing and
 * deleting them is the organization admins' (neither the spec nor the description names a role; admins hold
 * the organization's settings, as for sites). Folio runs no machine translation: a translation stays pending.
 */
export const TRANSLATION_ADMIN_ROLE = 'admin';

/** Every member (not guests) reads an organization's translation settings: its translations and glossary. */
export function requireTranslationsReader(ctx: ServiceContext, organizationId: string): Membership {
  const membership = requireMembership(ctx, organizationId);
  if (!roleAtLeast(membership.role, 'read')) throw notFound(`Organization "${organizationId}" not found`);
  return membership;
}

/** Its admins change them. */
export function requireTranslationsAdmin(ctx: ServiceContext, organizationId: string, action: string): Membership {
  const membership = requireTranslationsReader(ctx, organizationId);
  if (!roleAtLeast(membership.role, TRANSLATION_ADMIN_ROLE)) {
    throw forbidden(`You need the "${TRANSLATION_ADMIN_ROLE}" role in this organization to ${action} (yours: ${membership.role ?? 'guest'})`);
  }
  return membership;
}

function requireTranslation(ctx: ServiceContext, organizationId: string, translationId: string, action?: string) {
  const membership = action ? requireTranslationsAdmin(ctx, organizationId, action) : requireTranslationsReader(ctx, organizationId);
  const translation = getTranslation(ctx.db, membership.org.id, translationId);
  if (!translation) throw notFound(`Translation "${translationId}" not found`);
  return { translation, ...membership };
}

export function listOrganizationTranslations(ctx: ServiceContext, organizationId: string, query: ListQuery) {
  const membership = requireTranslationsReader(ctx, organizationId);
  return { ...membership, page: listTranslations(ctx.db, membership.org.id, query) };
}

export function getTranslationForCaller(ctx: ServiceContext, organizationId: string, translationId: string) {
  return requireTranslation(ctx, organizationId, translationId);
}

export function createTranslation(ctx: ServiceContext, organizationId: string, input: CreateTranslationInput) {
  return inTransaction(ctx.db, () => {
    const membership = requireTranslationsAdmin(ctx, organizationId, 'create translations');
    const space = getSpace(ctx.db, input.source.space);
    if (!space || space.organization_id !== membership.org.id || space.deleted_at !== null) {
      throw badRequest(`source.space: no space "${input.source.space}" in this organization`);
    }
    if (input.language === input.source.language) throw badRequest('language: must differ from source.language');
    const translation = insertTranslation(ctx.db, {
      organizationId: membership.org.id,
      title: input.title ?? null,
      sourceSpaceId: space.id,
      sourceLanguage: input.source.language,
      language: input.language,
      instructions: input.instructions ? JSON.stringify(input.instructions) : null,
      now: isoNow(ctx.clock),
    });
    return { translation, ...membership };
  });
}

export function updateTranslation(ctx: ServiceContext, organizationId: string, translationId: string, input: UpdateTranslationInput) {
  return inTransaction(ctx.db, () => {
    const found = requireTranslation(ctx, organizationId, translationId, 'change translations');
    updateTranslationRow(ctx.db, found.translation.id, {
      title: input.title,
      instructions: input.instructions ? JSON.stringify(input.instructions) : undefined,
      now: isoNow(ctx.clock),
    });
    return { ...found, translation: getTranslation(ctx.db, found.org.id, found.translation.id)! };
  });
}

/** False when there was no such translation (the API then answers 204, as for sites). */
export function deleteTranslation(ctx: ServiceContext, organizationId: string, translationId: string): boolean {
  return inTransaction(ctx.db, () => {
    const membership = requireTranslationsAdmin(ctx, organizationId, 'delete translations');
    const row: TranslationRow | undefined = getTranslation(ctx.db, membership.org.id, translationId);
    if (!row) return false;
    deleteTranslationRow(ctx.db, row.id);
    return true;
  });
}

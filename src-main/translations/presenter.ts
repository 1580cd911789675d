import { roleAtLeast, type MemberRoleOrGuest } from '../../src-shared/roles';
import type { JsonDocument } from '../../src-shared/schemas/translations';
import type { PresentContext } from '../app/context';
import type { TranslationRow } from '../store/translations';
import { TRANSLATION_ADMIN_ROLE } from './service';

/** An empty instructions document, for a translation created without any. */
const NO_INSTRUCTIONS: JsonDocument = { object: 'document', data: {}, nodes: [] };

/**
 * GitBook 0.137.0's Translation, plus the description's TranslationSettings fields: `title` (null until one
 * is given) and `languages` (the source language, then the target). Nothing is ever run, so the status is
 * the stored one (pending) and every statistic is zero.
 */
export function presentTranslation(row: TranslationRow, role: MemberRoleOrGuest | undefined, pc: PresentContext) {
  return {
    object: 'translation' as const,
    id: row.id,
    title: row.title,
    languages: [row.source_language, row.language],
    status: row.status as 'pending' | 'running' | 'completed',
    source: { space: row.source_space_id, language: row.source_language },
    language: row.language,
    instructions: row.instructions ? (JSON.parse(row.instructions) as JsonDocument) : NO_INSTRUCTIONS,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stats: { runs: 0, totalWords: 0, totalPages: 0, totalDuration: 0, latestRunDuration: 0, latestPages: 0, latestWords: 0 },
    permissions: { view: roleAtLeast(role, 'read'), edit: roleAtLeast(role, TRANSLATION_ADMIN_ROLE) },
    urls: { location: `${pc.baseUrl}/v1/orgs/${row.organization_id}/translations/${row.id}` },
  };
}

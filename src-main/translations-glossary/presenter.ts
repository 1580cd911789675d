import type { PresentContext } from '../app/context';
import { glossaryTranslationsOf, type GlossaryEntryRow } from '../store/glossary-entries';

/** GitBook's GlossaryEntry. */
export function presentGlossaryEntry(row: GlossaryEntryRow, pc: PresentContext) {
  return {
    object: 'glossary-entry' as const,
    id: row.id,
    translations: glossaryTranslationsOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    urls: { location: `${pc.baseUrl}/v1/orgs/${row.organization_id}/translations-glossary/${row.id}` },
  };
}

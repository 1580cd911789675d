import type { GlossaryLanguage, GlossaryTranslations } from '../../src-shared/schemas/glossary';
import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult, type SortTerm } from './keyset';

/** A term of an organization's translation glossary (migration 039), in each language it is given in. */
export interface GlossaryEntryRow {
  seq: number;
  id: string;
  organization_id: string;
  /** JSON: language code → term. */
  translations: string;
  created_at: string;
  updated_at: string;
}

export function glossaryTranslationsOf(row: GlossaryEntryRow): GlossaryTranslations {
  return JSON.parse(row.translations) as GlossaryTranslations;
}

export function getGlossaryEntryRow(db: Db, organizationId: string, id: string): GlossaryEntryRow | undefined {
  return db.prepare('SELECT * FROM translation_glossary_entries WHERE organization_id = ? AND id = ?').get(organizationId, id) as GlossaryEntryRow | undefined;
}

/** The organization a glossary entry belongs to (sync's rules read it before the row is changed). */
export function glossaryEntryOrganization(db: Db, id: string): string | undefined {
  return (db.prepare('SELECT organization_id FROM translation_glossary_entries WHERE id = ?').get(id) as { organization_id: string } | undefined)?.organization_id;
}

/**
 * A page of the organization's entries: in the order they were added, or by their term in `orderBy` (without
 * case; entries without a term in that language last). The language is one of the schema's codes, so it can
 * stand in the SQL as a JSON path.
 */
export function listGlossaryEntryRows(db: Db, organizationId: string, page: PageRequest & { orderBy?: GlossaryLanguage }): PageResult<GlossaryEntryRow> {
  const term = page.orderBy ? `json_extract(translations, '$."${page.orderBy}"')` : undefined;
  const order: SortTerm[] = term
    ? [
        { expr: 'missing', dir: 'asc', key: 'missing' },
        { expr: 'sort_term', dir: 'asc', key: 'sort_term' },
        { expr: 'seq', dir: 'asc', key: 'seq' },
      ]
    : [{ expr: 'seq', dir: 'asc', key: 'seq' }];
  const select = term
    ? `SELECT * FROM (SELECT *, (${term} IS NULL) AS missing, lower(COALESCE(${term}, '')) AS sort_term FROM translation_glossary_entries)`
    : 'SELECT * FROM translation_glossary_entries';
  return listPage<GlossaryEntryRow>(db, { select, where: ['organization_id = ?'], params: [organizationId], order }, page);
}

export function insertGlossaryEntry(db: Db, organizationId: string, translations: GlossaryTranslations, now: string): string {
  const id = newId();
  db.prepare('INSERT INTO translation_glossary_entries (id, organization_id, translations, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
    id,
    organizationId,
    JSON.stringify(translations),
    now,
    now,
  );
  return id;
}

export function updateGlossaryEntryRow(db: Db, id: string, translations: GlossaryTranslations, now: string): void {
  db.prepare('UPDATE translation_glossary_entries SET translations = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(translations), now, id);
}

export function deleteGlossaryEntryRow(db: Db, id: string): void {
  db.prepare('DELETE FROM translation_glossary_entries WHERE id = ?').run(id);
}

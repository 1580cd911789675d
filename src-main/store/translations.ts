import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';

export interface TranslationRow {
  seq: number;
  id: string;
  organization_id: string;
  title: string | null;
  source_space_id: string;
  source_language: string;
  language: string;
  /** JSON text of a JSONDocument, or null when none was given. */
  instructions: string | null;
  status: string;
  created_at: string;
  updated_at: string;
}

interface NewTranslation {
  organizationId: string;
  title: string | null;
  sourceSpaceId: string;
  sourceLanguage: string;
  language: string;
  instructions: string | null;
  now: string;
}

export function getTranslation(db: Db, organizationId: string, id: string): TranslationRow | undefined {
  return db.prepare('SELECT * FROM translations WHERE organization_id = ? AND id = ?').get(organizationId, id) as TranslationRow | undefined;
}

/** The organization of a translation (sync's authorization asks before knowing the organization). */
export function translationOrganization(db: Db, id: string): string | undefined {
  return (db.prepare('SELECT organization_id FROM translations WHERE id = ?').get(id) as { organization_id: string } | undefined)?.organization_id;
}

export function insertTranslation(db: Db, t: NewTranslation): TranslationRow {
  const id = newId();
  db.prepare(
    `INSERT INTO translations (id, organization_id, title, source_space_id, source_language, language, instructions, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, t.organizationId, t.title, t.sourceSpaceId, t.sourceLanguage, t.language, t.instructions, t.now, t.now);
  return getTranslation(db, t.organizationId, id)!;
}

export function updateTranslationRow(db: Db, id: string, changes: { title?: string; instructions?: string; now: string }): void {
  const entries: Array<[string, unknown]> = [];
  if (changes.title !== undefined) entries.push(['title', changes.title]);
  if (changes.instructions !== undefined) entries.push(['instructions', changes.instructions]);
  entries.push(['updated_at', changes.now]);
  db.prepare(`UPDATE translations SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`).run(...entries.map(([, v]) => v), id);
}

export function deleteTranslationRow(db: Db, id: string): void {
  db.prepare('DELETE FROM translations WHERE id = ?').run(id);
}

/** An organization's translations, oldest first. */
export function listTranslations(db: Db, organizationId: string, page: PageRequest): PageResult<TranslationRow> {
  return listPage(
    db,
    { select: 'SELECT * FROM translations', where: ['organization_id = ?'], params: [organizationId], order: [{ expr: 'seq', dir: 'asc', key: 'seq' }] },
    page,
  );
}

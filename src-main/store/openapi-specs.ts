import type { Db } from './database';
import { newId } from './ids';
import { listPage, type PageRequest, type PageResult } from './keyset';

export interface OpenAPISpecRow {
  seq: number;
  id: string;
  organization_id: string;
  slug: string;
  source_url: string | null;
  source_text: string | null;
  visibility: 'private' | 'public';
  processing_state: 'pending' | 'progress' | 'complete';
  last_version_id: string | null;
  last_processed_at: string | null;
  last_process_error_code: 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR' | null;
  created_at: string;
  updated_at: string;
  /** This replica's count of source changes (not synced): a processing result is kept only for its generation. */
  generation: number;
}

export interface OpenAPISpecVersionRow {
  seq: number;
  id: string;
  organization_id: string;
  spec_id: string;
  source_url: string | null;
  created_at: string;
}

// Two replicas may make the same slug offline (no unique index, migration 019): the oldest row is the spec.
const OLDEST_FIRST = 'ORDER BY created_at, id LIMIT 1';

export function getSpecBySlug(db: Db, organizationId: string, slug: string): OpenAPISpecRow | undefined {
  return db.prepare(`SELECT * FROM openapi_specs WHERE organization_id = ? AND slug = ? ${OLDEST_FIRST}`).get(organizationId, slug) as
    | OpenAPISpecRow
    | undefined;
}

/** The organization's spec fetched from `url` (the oldest, when several are). */
export function getSpecBySourceUrl(db: Db, organizationId: string, url: string): OpenAPISpecRow | undefined {
  return db.prepare(`SELECT * FROM openapi_specs WHERE organization_id = ? AND source_url = ? ${OLDEST_FIRST}`).get(organizationId, url) as
    | OpenAPISpecRow
    | undefined;
}

export function getSpecById(db: Db, id: string): OpenAPISpecRow | undefined {
  return db.prepare('SELECT * FROM openapi_specs WHERE id = ?').get(id) as OpenAPISpecRow | undefined;
}

/** An organization's specs by slug, the oldest row of a duplicated slug only. */
export function listSpecs(db: Db, organizationId: string, page: PageRequest): PageResult<OpenAPISpecRow> {
  return listPage(
    db,
    {
      select: 'SELECT * FROM openapi_specs s',
      where: [
        's.organization_id = ?',
        'NOT EXISTS (SELECT 1 FROM openapi_specs o WHERE o.organization_id = s.organization_id AND o.slug = s.slug AND (o.created_at < s.created_at OR (o.created_at = s.created_at AND o.id < s.id)))',
      ],
      params: [organizationId],
      order: [
        { expr: 's.slug', dir: 'asc', key: 'slug' },
        { expr: 's.seq', dir: 'asc', key: 'seq' },
      ],
    },
    page,
  );
}

export function insertSpec(
  db: Db,
  s: { organizationId: string; slug: string; sourceUrl: string | null; sourceText: string | null; now: string },
): OpenAPISpecRow {
  const id = newId();
  db.prepare(
    `INSERT INTO openapi_specs (id, organization_id, slug, source_url, source_text, visibility, processing_state, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'private', 'pending', ?, ?)`,
  ).run(id, s.organizationId, s.slug, s.sourceUrl, s.sourceText, s.now, s.now);
  return getSpecById(db, id)!;
}

/** A new source: processing starts again (its generation moves on, so a run in flight is discarded). */
export function setSpecSource(db: Db, id: string, s: { sourceUrl: string | null; sourceText: string | null; now: string }): void {
  db.prepare(
    `UPDATE openapi_specs SET source_url = ?, source_text = ?, processing_state = 'pending', updated_at = ?, generation = generation + 1 WHERE id = ?`,
  ).run(s.sourceUrl, s.sourceText, s.now, id);
}

export function setSpecVisibility(db: Db, id: string, visibility: string, now: string): void {
  db.prepare('UPDATE openapi_specs SET visibility = ?, updated_at = ? WHERE id = ?').run(visibility, now, id);
}

export function setSpecProcessingState(db: Db, id: string, state: OpenAPISpecRow['processing_state']): void {
  db.prepare('UPDATE openapi_specs SET processing_state = ? WHERE id = ?').run(state, id);
}

/** A successful processing: its result becomes the spec's latest version. */
export function recordSpecVersion(db: Db, spec: OpenAPISpecRow, v: { content: string; sourceUrl: string | null; now: string }): OpenAPISpecVersionRow {
  const id = newId();
  db.prepare('INSERT INTO openapi_spec_versions (id, organization_id, spec_id, source_url, content, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    id,
    spec.organization_id,
    spec.id,
    v.sourceUrl,
    v.content,
    v.now,
  );
  db.prepare(
    `UPDATE openapi_specs SET processing_state = 'complete', last_version_id = ?, last_processed_at = ?, last_process_error_code = NULL WHERE id = ?`,
  ).run(id, v.now, spec.id);
  return getVersion(db, spec.id, id)!;
}

/** A failed processing: the error is recorded, the previous version stays the latest. */
export function recordSpecFailure(db: Db, specId: string, code: NonNullable<OpenAPISpecRow['last_process_error_code']>, now: string): void {
  db.prepare(`UPDATE openapi_specs SET processing_state = 'complete', last_processed_at = ?, last_process_error_code = ? WHERE id = ?`).run(
    now,
    code,
    specId,
  );
}

export function deleteSpecRow(db: Db, id: string): void {
  // Versions first, explicitly (not only by the foreign key's cascade), so each delete is recorded for sync.
  db.prepare('DELETE FROM openapi_spec_versions WHERE spec_id = ?').run(id);
  db.prepare('DELETE FROM openapi_specs WHERE id = ?').run(id);
}

/** Specs whose processing has not finished here (left by a stopped process, or arrived by sync). */
export function unfinishedSpecIds(db: Db): string[] {
  return (db.prepare(`SELECT id FROM openapi_specs WHERE processing_state IN ('pending', 'progress') ORDER BY seq`).all() as Array<{ id: string }>).map(
    (row) => row.id,
  );
}

const VERSION_COLUMNS = 'seq, id, organization_id, spec_id, source_url, created_at';

export function getVersion(db: Db, specId: string, versionId: string): OpenAPISpecVersionRow | undefined {
  return db.prepare(`SELECT ${VERSION_COLUMNS} FROM openapi_spec_versions WHERE spec_id = ? AND id = ?`).get(specId, versionId) as
    | OpenAPISpecVersionRow
    | undefined;
}

export function getVersionContent(db: Db, specId: string, versionId: string): string | undefined {
  const row = db.prepare('SELECT content FROM openapi_spec_versions WHERE spec_id = ? AND id = ?').get(specId, versionId) as { content: string } | undefined;
  return row?.content;
}

/** The spec's latest version: the one it names, else (its row not synced in yet) the newest here. */
export function latestVersion(db: Db, spec: OpenAPISpecRow): OpenAPISpecVersionRow | undefined {
  const named = spec.last_version_id ? getVersion(db, spec.id, spec.last_version_id) : undefined;
  return (
    named ??
    (db.prepare(`SELECT ${VERSION_COLUMNS} FROM openapi_spec_versions WHERE spec_id = ? ORDER BY created_at DESC, seq DESC LIMIT 1`).get(spec.id) as
      | OpenAPISpecVersionRow
      | undefined)
  );
}

/** A spec's versions, newest first. */
export function listVersions(db: Db, specId: string, page: PageRequest): PageResult<OpenAPISpecVersionRow> {
  return listPage(
    db,
    {
      select: `SELECT ${VERSION_COLUMNS} FROM openapi_spec_versions`,
      where: ['spec_id = ?'],
      params: [specId],
      order: [{ expr: 'seq', dir: 'desc', key: 'seq' }],
    },
    page,
  );
}

const OPENAPI_TABLES = new Set(['openapi_specs', 'openapi_spec_versions']);

/** The organization of a spec or version row this replica holds (sync authorization). */
export function openAPIRowOrganization(db: Db, table: string, id: string): string | undefined {
  if (!OPENAPI_TABLES.has(table)) throw new Error(`not an OpenAPI table: ${table}`);
  const row = db.prepare(`SELECT organization_id FROM ${table} WHERE id = ?`).get(id) as { organization_id: string } | undefined;
  return row?.organization_id;
}

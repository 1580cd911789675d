import type { MergeRulesSpace, MergeRulesStandalone } from '../../src-shared/schemas/merge-rules';
import type { Db } from './database';

/** A space's own configuration; no row is GitBook's default, `inherit`. */
export function getSpaceMergeRules(db: Db, spaceId: string): MergeRulesSpace {
  const row = db.prepare('SELECT config FROM space_merge_rules WHERE space_id = ?').get(spaceId) as { config: string } | undefined;
  return row ? (JSON.parse(row.config) as MergeRulesSpace) : { type: 'inherit' };
}

export function setSpaceMergeRules(db: Db, spaceId: string, config: MergeRulesSpace, now: string): void {
  db.prepare(
    `INSERT INTO space_merge_rules (space_id, config, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (space_id) DO UPDATE SET config = excluded.config, updated_at = excluded.updated_at`,
  ).run(spaceId, JSON.stringify(config), now);
}

/** An organization's rules; no row is none (change requests merge without review). */
export function getOrganizationMergeRules(db: Db, organizationId: string): MergeRulesStandalone {
  const row = db.prepare('SELECT config FROM organization_merge_rules WHERE organization_id = ?').get(organizationId) as
    | { config: string }
    | undefined;
  return row ? (JSON.parse(row.config) as MergeRulesStandalone) : { type: 'none' };
}

export function setOrganizationMergeRules(db: Db, organizationId: string, config: MergeRulesStandalone, now: string): void {
  db.prepare(
    `INSERT INTO organization_merge_rules (organization_id, config, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (organization_id) DO UPDATE SET config = excluded.config, updated_at = excluded.updated_at`,
  ).run(organizationId, JSON.stringify(config), now);
}

/** The rules a change request of the space must pass: its own, or its organization's when it inherits. */
export function effectiveMergeRules(db: Db, space: { id: string; organization_id: string }): MergeRulesStandalone {
  const own = getSpaceMergeRules(db, space.id);
  return own.type === 'inherit' ? getOrganizationMergeRules(db, space.organization_id) : own;
}

export function getChangeRequestDescription(db: Db, changeRequestId: string): unknown {
  const row = db.prepare('SELECT document FROM change_request_descriptions WHERE change_request_id = ?').get(changeRequestId) as
    | { document: string }
    | undefined;
  return row ? JSON.parse(row.document) : undefined;
}

export function setChangeRequestDescription(db: Db, changeRequestId: string, document: unknown, now: string): void {
  db.prepare(
    `INSERT INTO change_request_descriptions (change_request_id, document, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (change_request_id) DO UPDATE SET document = excluded.document, updated_at = excluded.updated_at`,
  ).run(changeRequestId, JSON.stringify(document), now);
}

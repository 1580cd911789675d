import type { Db } from './database';
import { foundation } from './migrations/001-foundation';
import { spacesAndCollections } from './migrations/002-spaces-collections';
import { yjsDocuments } from './migrations/003-ydocs';
import { contentReadModel } from './migrations/004-content';
import { searchIndex } from './migrations/005-search';
import { contentFiles } from './migrations/006-files';
import { contentLinks } from './migrations/007-links';
import { contentIndexes } from './migrations/008-content-indexes';
import { searchRows } from './migrations/009-search-rows';
import { comments } from './migrations/010-comments';
import { changeRequests } from './migrations/011-change-requests';
import { revisionHistory } from './migrations/012-revision-history';
import { syncChanges } from './migrations/013-sync-changes';
import { syncDocRefusals } from './migrations/014-sync-doc-refusals';
import { syncSpaceUpdatedAt } from './migrations/015-sync-space-updated-at';
import { sites016 } from './migrations/016-sites';
import { siteStructureAndVisitors017 } from './migrations/017-site-structure-and-visitors';
import { syncSiteSecrets018 } from './migrations/018-sync-site-secrets';
import { saml020 } from './migrations/020-saml';
import { openAPISpecs019 } from './migrations/019-openapi-specs';
import { translationsIntegrations021 } from './migrations/021-translations-integrations';
import { siteHostnames022 } from './migrations/022-site-hostnames';
import { pendingInvites023 } from './migrations/023-pending-invites';
import { spaceRedirects024 } from './migrations/024-space-redirects';
import { linkMetadata025 } from './migrations/025-link-metadata';
import { commentAnchors026 } from './migrations/026-comment-anchors';
import { stalePageBodies027 } from './migrations/027-stale-page-bodies';
import { documentLogByDocument028 } from './migrations/028-document-log-by-document';
import { searchSpaceBlocks029 } from './migrations/029-search-space-blocks';
import { gitSync030 } from './migrations/030-git-sync';
import { auditEvents034 } from './migrations/034-audit-events';
import { integrationSiteInstallations036 } from './migrations/036-integration-site-installations';
import { installationTokens037 } from './migrations/037-installation-tokens';
import { reusableContents038 } from './migrations/038-reusable-contents';
import { translationGlossary039 } from './migrations/039-translation-glossary';
import { siteRedirectsFonts033 } from './migrations/033-site-redirects-fonts';
import { contentPermissions031 } from './migrations/031-content-permissions';
import { changeRequestReviews032 } from './migrations/032-change-request-reviews';
import { importRuns035 } from './migrations/035-import-runs';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every schema change ever made, in order. Never edit a released one: add the next. */
export const MIGRATIONS: readonly Migration[] = [foundation, spacesAndCollections, yjsDocuments, contentReadModel, searchIndex, contentFiles, contentLinks, contentIndexes, searchRows, comments, changeRequests, revisionHistory, syncChanges, syncDocRefusals, syncSpaceUpdatedAt, sites016, siteStructureAndVisitors017, syncSiteSecrets018, openAPISpecs019, saml020, translationsIntegrations021, siteHostnames022, pendingInvites023, spaceRedirects024, linkMetadata025, commentAnchors026, stalePageBodies027, documentLogByDocument028, searchSpaceBlocks029, gitSync030, contentPermissions031, changeRequestReviews032, siteRedirectsFonts033, auditEvents034, integrationSiteInstallations036, importRuns035, installationTokens037, reusableContents038, translationGlossary039];

export interface MigrateOptions {
  /** Stops after this version: a database as an older Folio left it (tests, schema snapshots). */
  through?: number;
  /** Every migration by default; tests pass their own (one that fails). */
  migrations?: readonly Migration[];
}

/**
 * Applies the migrations the file has not seen yet, each in its own transaction: one that fails leaves the
 * file at the version before it, and the next open tries it again.
 */
export function migrate(db: Db, options: MigrateOptions = {}): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  // Applied in version order whatever the order of the list (concurrent work appends).
  const ordered = [...(options.migrations ?? MIGRATIONS)].sort((a, b) => a.version - b.version);
  const clash = ordered.find((migration, index) => index > 0 && ordered[index - 1]!.version === migration.version);
  if (clash) throw new Error(`Two migrations share version ${clash.version}: give each its own number.`);
  const latest = ordered[ordered.length - 1]?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `This data directory was written by a newer Folio (schema ${current}, this build knows ${latest}). Upgrade Folio to open it.`,
    );
  }
  for (const migration of ordered) {
    if (migration.version <= current) continue;
    if (options.through !== undefined && migration.version > options.through) break;
    try {
      db.transaction(() => {
        db.exec(migration.sql);
        db.pragma(`user_version = ${migration.version}`);
      }).immediate();
    } catch (error) {
      throw new Error(`Migration ${migration.version} (${migration.name}) failed: ${(error as Error).message}`, { cause: error });
    }
  }
}

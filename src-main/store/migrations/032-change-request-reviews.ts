import type { Migration } from '../migrations';
import { type SyncedTableV1, syncTriggersSql } from './sync-triggers-v1';

// The columns as src-main/store/synced-datasets.ts lists them for this release, written out here so the migration
// never changes with the live list.
const CHANGE_REQUEST_ORG_032 = '(SELECT s.organization_id FROM change_requests c JOIN spaces s ON s.id = c.space_id WHERE c.id = R.change_request_id)';
const REVIEWS_032: SyncedTableV1 = {
  table: 'change_request_reviews',
  key: ['id'],
  columns: ['change_request_id', 'reviewer_id', 'status', 'revision_id', 'comment_id', 'requested_by', 'created_at', 'updated_at'],
  organization: CHANGE_REQUEST_ORG_032,
};
const REQUESTED_REVIEWERS_032: SyncedTableV1 = {
  table: 'change_request_requested_reviewers',
  key: ['change_request_id', 'user_id'],
  columns: ['requested_by', 'revision_id', 'created_at'],
  organization: CHANGE_REQUEST_ORG_032,
};
const DESCRIPTIONS_032: SyncedTableV1 = {
  table: 'change_request_descriptions',
  key: ['change_request_id'],
  columns: ['document', 'updated_at'],
  organization: CHANGE_REQUEST_ORG_032,
};
const SPACE_MERGE_RULES_032: SyncedTableV1 = {
  table: 'space_merge_rules',
  key: ['space_id'],
  columns: ['config', 'updated_at'],
  organization: '(SELECT organization_id FROM spaces WHERE id = R.space_id)',
};
const ORGANIZATION_MERGE_RULES_032: SyncedTableV1 = {
  table: 'organization_merge_rules',
  key: ['organization_id'],
  columns: ['config', 'updated_at'],
  organization: 'R.organization_id',
};

// Reviews of change requests, the reviewers asked for, descriptions, and the rules a merge must pass (GitBook's
// `mergeRules`). All of them sync: a writer reviews, requests reviews and merges offline on their desktop, and
// the workstation must know the rules to tell them a merge will be refused.
//
// - A review is never edited: reviewing again adds a row, and the older one reads as outdated. `revision_id`
//   is the change request's revision on the replica that reviewed it; `comment_id` the comment a review with
//   a comment posted in the change request's discussion (no foreign key: the comment syncs on its own).
// - One request per reviewer and change request: asking again moves `created_at`, which outdates the answers
//   given before it.
// - A change request's description (GitBook's `description`, a JSON document, which the merge rule
//   require_change_request_description asks for) is its own row, so change_requests keeps its triggers.
// - Merge rules are their own rows rather than a column of spaces and organizations, so adding them does not
//   remake those tables' sync triggers; no row means GitBook's default (a space inherits, an organization has
//   none). `config` is the JSON of GitBook's MergeRulesSpaceConfiguration / MergeRulesStandaloneConfiguration.
// Statuses are checked by the API and by sync's authorization, not by CHECK constraints: a value a newer
// replica sends must be refused there, not fail the whole sync batch.
export const changeRequestReviews032: Migration = {
  version: 32,
  name: 'change request reviews, requested reviewers and merge rules',
  sql: `
CREATE TABLE change_request_reviews (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
  reviewer_id TEXT NOT NULL,
  status TEXT NOT NULL,
  revision_id TEXT NOT NULL,
  comment_id TEXT,
  requested_by TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX change_request_reviews_by_request ON change_request_reviews(change_request_id, reviewer_id, created_at);

CREATE TABLE change_request_requested_reviewers (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  change_request_id TEXT NOT NULL REFERENCES change_requests(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  requested_by TEXT NOT NULL,
  revision_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (change_request_id, user_id)
);

CREATE TABLE change_request_descriptions (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  change_request_id TEXT NOT NULL UNIQUE REFERENCES change_requests(id) ON DELETE CASCADE,
  document TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE space_merge_rules (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  space_id TEXT NOT NULL UNIQUE REFERENCES spaces(id) ON DELETE CASCADE,
  config TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE organization_merge_rules (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  organization_id TEXT NOT NULL UNIQUE REFERENCES organizations(id) ON DELETE CASCADE,
  config TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

${syncTriggersSql(REVIEWS_032)}
${syncTriggersSql(REQUESTED_REVIEWERS_032)}
${syncTriggersSql(DESCRIPTIONS_032)}
${syncTriggersSql(SPACE_MERGE_RULES_032)}
${syncTriggersSql(ORGANIZATION_MERGE_RULES_032)}
`,
};

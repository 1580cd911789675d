import type { GitSyncSettings } from './git-sync-store';

type Stage = NonNullable<GitSyncSettings['operation']>['stage'];

const STAGE_WORDS: Record<Stage, string> = {
  repo_fetch: 'fetching the repository',
  config_check: 'reading its configuration',
  content_process: 'updating the content',
  finalize: 'finishing',
};

/** A commit as people quote it: its first seven characters. */
function shortCommit(commit: string): string {
  return commit.slice(0, 7);
}

/** The repository's address without credentials someone may have typed into it. */
function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url;
  }
}

interface GitSyncStatusWords {
  tone: 'running' | 'failure' | 'success' | 'idle';
  text: string;
}

/**
 * The one sentence the panel leads with: a sync running (and its stage), the last one failed, in sync at a
 * commit, or not synced yet. `syncError` is a failure the operation did not record (a refusal before it ran).
 */
export function statusWords(settings: GitSyncSettings, syncing: boolean, syncError?: string): GitSyncStatusWords {
  const { operation } = settings;
  if (operation?.state === 'running') return { tone: 'running', text: `Syncing… (${STAGE_WORDS[operation.stage] ?? operation.stage})` };
  if (syncing) return { tone: 'running', text: 'Syncing…' };
  if (syncError) return { tone: 'failure', text: `Last sync failed: ${syncError}` };
  if (operation?.state === 'failure') return { tone: 'failure', text: `Last sync failed: ${operation.error ?? 'the server gave no reason'}` };
  if (settings.lastCommit) return { tone: 'success', text: `In sync with ${displayUrl(settings.url)} at ${shortCommit(settings.lastCommit)}` };
  return { tone: 'idle', text: `Not synced yet: “Sync now” brings in what ${displayUrl(settings.url)} holds.` };
}

/** The branch a ref names, as the form and the status show it (`refs/heads/main` → `main`). */
export function branchOf(ref: string): string {
  return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : ref;
}

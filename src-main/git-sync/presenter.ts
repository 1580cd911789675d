import type { GitSyncRow } from '../store/git-sync';

/**
 * GitBook's GitSyncState: the repository a space syncs with, for a GitHub or GitLab repository (the providers
 * GitBook's state can name; Folio's own `GET …/git/sync` shows any repository). `repoName` is `owner/name`
 * (the URL's last two segments); `url` the tree URL the request gave (`gitInfo.url`, `repoTreeURL`), else the
 * repository's URL without credentials. Folio keeps one Git Sync per space, configured on the space itself: its
 * installation is the space's (`installationId` is the space id), active while it is set up.
 */
export function presentGitSyncState(row: GitSyncRow) {
  if (row.provider !== 'github' && row.provider !== 'gitlab') return undefined;
  const url = new URL(row.url);
  const segments = url.pathname.replace(/\.git\/?$/, '').split('/').filter(Boolean);
  return {
    repoName: decodeURIComponent(segments.slice(-2).join('/')),
    installationId: row.space_id,
    installationProvider: row.provider,
    installationStatus: 'active' as const,
    integration: row.provider,
    url: row.tree_url ?? row.url,
    updatedAt: row.updated_at,
  };
}

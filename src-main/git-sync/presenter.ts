import type { GitSyncRow } from '../store/git-sync';

/**
 * GitBook's GitSyncState: the repository a space syncs with. `repoName` is `owner/name` for a hosted
 * repository (the URL's last two segments), the folder's name for a file:// one; `url` the tree URL the
 * request gave (`gitInfo.url`, `repoTreeURL`), else the repository's URL without credentials.
 */
export function presentGitSyncState(row: GitSyncRow) {
  const url = new URL(row.url);
  const segments = url.pathname.replace(/\.git\/?$/, '').split('/').filter(Boolean);
  const repoName = url.protocol === 'file:' ? (segments.at(-1) ?? 'repository') : segments.slice(-2).join('/');
  return {
    repoName: decodeURIComponent(repoName),
    ...(row.provider === 'github' || row.provider === 'gitlab' ? { installationProvider: row.provider, integration: row.provider } : {}),
    url: row.tree_url ?? row.url,
    updatedAt: row.updated_at,
  };
}

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitCommandError } from '../../src-main/git-sync/git-command';
import { fetchBranch, FETCHED_REF, openLocalRepository, resolveCommit } from '../../src-main/git-sync/local-repository';
import { parseRemote, remoteConfig } from '../../src-main/git-sync/remote';
import { commitToRepository, makeRepository, removeRepositories } from './repositories';

const dataDir = mkdtempSync(join(tmpdir(), 'folio-git-local-'));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  removeRepositories();
});

describe('fetching a repository into a space\'s local repository', () => {
  it('stops a fetch that writes more than it may, and keeps no ref to it', async () => {
    const repository = makeRepository({ 'README.md': '# Welcome\n' });
    // Incompressible bytes: the pack is as large as they are.
    commitToRepository(repository, 'A large file', (work) => writeFileSync(join(work, 'large.bin'), randomBytes(3 * 1024 * 1024)));
    const remote = parseRemote(repository.url, { allowFileImports: true, network: {} });
    const config = await remoteConfig(remote, {});
    const gitDir = await openLocalRepository(dataDir, 'bounded-space');
    const fetching = fetchBranch(gitDir, remote, config, 'refs/heads/main', 1024 * 1024);
    await expect(fetching).rejects.toBeInstanceOf(GitCommandError);
    await expect(fetching).rejects.toThrow(/received more than 1 MB/);
    expect(await resolveCommit(gitDir, FETCHED_REF)).toBeUndefined();
    // Within the bound, the same fetch succeeds.
    expect(await fetchBranch(gitDir, remote, config, 'refs/heads/main')).toMatch(/^[0-9a-f]{40}$/);
  });
});

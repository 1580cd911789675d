import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { text } from '../export/repository-support';
import { type ApiClient, apiClient } from '../support/api';
import { type RunningServer, spawnServer } from '../support/process';
import { filesOf, git, makeRepository, removeRepositories } from './repositories';

// `folio serve` is killed with SIGKILL at random moments of an export (fetching, committing, pushing,
// recording), then started again on the same data directory. Whatever the moment, the repository and the
// space must agree after the next export: every page exactly once in git, nothing duplicated when the
// repository is imported back, and both git repositories intact.
const TOKEN = 'git-crash-admin-token-0123456789abcdef';
const ROUNDS = 6;

const dataDir = mkdtempSync(join(tmpdir(), 'folio-git-crash-'));
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  removeRepositories();
});

async function start(): Promise<ApiClient> {
  server = await spawnServer(['--data', dataDir, '--port', '0', '--allow-file-imports'], { FOLIO_ADMIN_TOKEN: TOKEN });
  return apiClient(server.url, TOKEN);
}

function killNow(): Promise<void> {
  const child = server!.child;
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function addPageThroughAChangeRequest(api: ApiClient, spaceId: string, title: string): Promise<void> {
  const cr = (await api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: title })).body as { id: string };
  const base = `/v1/spaces/${spaceId}/change-requests/${cr.id}`;
  expect((await api.post(`${base}/content`, { changes: [{ operation: 'insert_page', title, document: { markdown: `Written in ${title}.` } }] })).status).toBe(200);
  expect((await api.post(`${base}/merge`)).status).toBe(200);
}

describe('an export killed at any moment', { timeout: 300_000 }, () => {
  it('leaves the space and the repository to agree at the next export, nothing lost or doubled', async () => {
    const repository = makeRepository({ 'README.md': '# Welcome\n\nStart here.\n', 'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n' });
    let api = await start();
    const org = (await api.post('/v1/orgs', { title: 'Crash org' })).body as { id: string };
    const spaceId = ((await api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Crash docs' })).body as { id: string }).id;
    const sync = { url: repository.url, ref: 'refs/heads/main' };
    expect((await api.post(`/v1/spaces/${spaceId}/git/import`, sync)).status).toBe(204);

    // How long an export takes here, to kill inside one.
    await addPageThroughAChangeRequest(api, spaceId, 'Round 0');
    let started = performance.now();
    expect((await api.post(`/v1/spaces/${spaceId}/git/export`, { ...sync, commitMessage: 'Round 0' })).status).toBe(204);
    const exportMs = performance.now() - started;

    let killedBeforeTheAnswer = 0;
    for (let round = 1; round <= ROUNDS; round += 1) {
      await addPageThroughAChangeRequest(api, spaceId, `Round ${round}`);
      started = performance.now();
      const answer = api.post(`/v1/spaces/${spaceId}/git/export`, { ...sync, commitMessage: `Round ${round}` }).then(
        () => 'answered',
        () => 'cut',
      );
      await new Promise((resolve) => setTimeout(resolve, exportMs * (0.1 + 0.8 * Math.random())));
      await killNow();
      if ((await answer) === 'cut') killedBeforeTheAnswer += 1;
      api = await start();
    }
    expect(killedBeforeTheAnswer).toBeGreaterThan(0);

    expect((await api.post(`/v1/spaces/${spaceId}/git/export`, { ...sync, commitMessage: 'After the crashes' })).status).toBe(204);
    const files = filesOf(repository);
    const summary = text(files.get('SUMMARY.md'))!;
    for (let round = 0; round <= ROUNDS; round += 1) {
      expect(summary.match(new RegExp(`\\[Round ${round}\\]`, 'g')), `Round ${round} in SUMMARY.md`).toHaveLength(1);
      expect(text(files.get(`round-${round}.md`))).toBe(`# Round ${round}\n\nWritten in Round ${round}.`);
    }
    // Importing what was exported changes nothing: no page doubled by a merge of content both sides hold.
    const revision = (await api.get(`/v1/spaces/${spaceId}`)).body.revision;
    expect((await api.post(`/v1/spaces/${spaceId}/git/import`, sync)).status).toBe(204);
    expect((await api.get(`/v1/spaces/${spaceId}`)).body.revision).toBe(revision);
    const titles = ((await api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as Array<{ title: string }>).map((page) => page.title);
    expect(titles).toEqual(['Welcome', ...Array.from({ length: ROUNDS + 1 }, (_, n) => `Round ${n}`)]);
    git(['fsck', '--strict', '--no-progress'], repository.dir);
    git(['fsck', '--no-progress'], join(dataDir, 'git', `${spaceId}.git`));
  });
});

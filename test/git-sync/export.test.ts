import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage, deletePage, movePage, setPageMarkdown } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { text } from '../export/repository-support';
import { inviteAndAccept, newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { commitToRepository, filesOf, git, headOf, logOf, makeRepository, removeRepositories } from './repositories';

const server = useTestServer({ config: { allowFileImports: true } });
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});
afterAll(removeRepositories);

async function spaceWithPages(): Promise<{ spaceId: string; guide: string; install: string }> {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Product docs' })).body.id as string;
  createPage(owner, spaceId, { title: 'Welcome', markdown: 'Start here.\n' });
  const guide = createPage(owner, spaceId, { title: 'Guide', markdown: 'How it works.\n' }).pageId;
  const install = createPage(owner, spaceId, { title: 'Install', parent: guide, markdown: 'Run the installer.\n' }).pageId;
  return { spaceId, guide, install };
}

const exportTo = (spaceId: string, body: Record<string, unknown>) => server.api.post(`/v1/spaces/${spaceId}/git/export`, { ref: 'refs/heads/main', commitMessage: 'Docs from Folio', ...body });

describe('POST /v1/spaces/{spaceId}/git/export', () => {
  it('commits the space to an empty repository as GitBook lays it out, authored by the caller', async () => {
    const { spaceId } = await spaceWithPages();
    const repository = makeRepository();
    expect((await exportTo(spaceId, { url: repository.url })).status).toBe(204);
    const files = filesOf(repository);
    expect([...files.keys()].sort()).toEqual(['README.md', 'SUMMARY.md', 'guide/README.md', 'guide/install.md']);
    expect(text(files.get('guide/install.md'))).toBe('# Install\n\nRun the installer.\n');
    expect(text(files.get('SUMMARY.md'))).toContain('* [Guide](guide/README.md)\n  * [Install](guide/install.md)');
    const [name] = logOf(repository);
    const user = getUserById(server.app.db, server.owner.id)!;
    expect(name).toBe(`${user.display_name} <${user.email}>|Docs from Folio`);
  });

  it('commits nothing when the repository already holds the content, and one commit per change', async () => {
    const { spaceId, install } = await spaceWithPages();
    const repository = makeRepository();
    await exportTo(spaceId, { url: repository.url });
    const first = headOf(repository);
    expect((await exportTo(spaceId, { url: repository.url, commitMessage: 'Again' })).status).toBe(204);
    expect(headOf(repository)).toBe(first);
    setPageMarkdown(owner, spaceId, install, 'Run the new installer.\n');
    await exportTo(spaceId, { url: repository.url, commitMessage: 'Installer renamed' });
    expect(logOf(repository).map((line) => line.split('|')[1])).toEqual(['Installer renamed', 'Docs from Folio']);
    expect(text(filesOf(repository).get('guide/install.md'))).toBe('# Install\n\nRun the new installer.\n');
  });

  it('deletes only the files it wrote: a LICENSE added beside the docs stays, a deleted page goes', async () => {
    const { spaceId, install } = await spaceWithPages();
    const repository = makeRepository();
    await exportTo(spaceId, { url: repository.url });
    commitToRepository(repository, 'Add a license', (work) => writeFileSync(join(work, 'LICENSE'), 'MIT\n'));
    deletePage(owner, spaceId, install);
    expect((await exportTo(spaceId, { url: repository.url, commitMessage: 'Without install' })).status).toBe(204);
    const files = filesOf(repository);
    expect(text(files.get('LICENSE'))).toBe('MIT\n');
    expect(files.has('guide/install.md')).toBe(false);
    expect(files.has('guide.md')).toBe(true);
    expect(logOf(repository).map((line) => line.split('|')[1])).toEqual(['Without install', 'Add a license', 'Docs from Folio']);
  });

  it('refuses with 409 to overwrite docs edited in the repository since they last agreed; force replaces them', async () => {
    const { spaceId } = await spaceWithPages();
    const repository = makeRepository();
    await exportTo(spaceId, { url: repository.url });
    const edited = commitToRepository(repository, 'Edit the guide', (work) => writeFileSync(join(work, 'guide/README.md'), '# Guide\n\nEdited in git.\n'));
    const refused = await exportTo(spaceId, { url: repository.url });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^ref: the branch has commits changing the docs/);
    expect(headOf(repository)).toBe(edited);
    expect((await exportTo(spaceId, { url: repository.url, force: true })).status).toBe(204);
    expect(text(filesOf(repository).get('guide/README.md'))).toBe('# Guide\n\nHow it works.\n');
  });

  it('makes a page moved in Folio a file renamed in git, so its history follows it', async () => {
    const { spaceId, guide, install } = await spaceWithPages();
    const repository = makeRepository();
    await exportTo(spaceId, { url: repository.url });
    movePage(owner, spaceId, install, { parent: null, after: guide });
    expect((await exportTo(spaceId, { url: repository.url, commitMessage: 'Move install up' })).status).toBe(204);
    expect(git(['diff', '--name-status', '-M', 'main~1', 'main'], repository.dir).split('\n')).toContain('R100\tguide/install.md\tinstall.md');
    expect(git(['log', '--follow', '--format=%s', '--', 'install.md'], repository.dir).split('\n')).toEqual(['Move install up', 'Docs from Folio']);
  });

  it('writes under repoProjectDirectory and leaves the rest of the repository as it was', async () => {
    const { spaceId } = await spaceWithPages();
    const repository = makeRepository({ 'LICENSE': 'MIT\n', 'src/app.js': 'console.log(1);\n' });
    expect((await exportTo(spaceId, { url: repository.url, repoProjectDirectory: '/docs/' })).status).toBe(204);
    const files = filesOf(repository);
    expect(text(files.get('LICENSE'))).toBe('MIT\n');
    expect(text(files.get('src/app.js'))).toBe('console.log(1);\n');
    expect(files.has('docs/README.md') && files.has('docs/SUMMARY.md') && files.has('docs/guide/install.md')).toBe(true);
    expect(files.has('README.md')).toBe(false);
  });

  it('tells the repository in git/info and the space\'s gitSync', async () => {
    const { spaceId } = await spaceWithPages();
    expect((await server.api.get(`/v1/spaces/${spaceId}/git/info`)).status).toBe(404);
    const repository = makeRepository();
    await exportTo(spaceId, { url: repository.url, gitInfo: { provider: 'github', url: 'https://github.com/acme/docs/tree/main' } });
    const info = await server.api.get(`/v1/spaces/${spaceId}/git/info`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ installationProvider: 'github', url: 'https://github.com/acme/docs/tree/main' });
    expect((await server.api.get(`/v1/spaces/${spaceId}`)).body.gitSync).toEqual(info.body);
  });
});

describe('POST /v1/spaces/{spaceId}/git/export refuses', () => {
  it.each([
    ['an ssh repository', { url: 'ssh://git@example.com/acme/docs.git' }, /^url: ssh: repositories are not supported/],
    ['a URL that is not one', { url: 'not a url' }, /^url: "not a url" is not a URL/],
    ['a ref that is not a branch', { url: 'https://example.com/acme/docs.git', ref: 'main' }, /^ref: "main" is not a branch ref/],
    ['a project directory outside the repository', { url: 'https://example.com/acme/docs.git', repoProjectDirectory: '../elsewhere' }, /^repoProjectDirectory: /],
    ['a missing commit message', { url: 'https://example.com/acme/docs.git', commitMessage: undefined }, /commitMessage/],
  ])('%s with 400 naming the field', async (_what, body, message) => {
    const { spaceId } = await spaceWithPages();
    const answer = await exportTo(spaceId, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(message);
  });

  it('a file:// repository on a server not started with --allow-file-imports', async () => {
    const { spaceId } = await spaceWithPages();
    server.app.config.allowFileImports = false;
    try {
      const answer = await exportTo(spaceId, { url: makeRepository().url });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toMatch(/^url: file:\/\/ repositories are read by the desktop app/);
    } finally {
      server.app.config.allowFileImports = true;
    }
  });

  it('a reader, with 403, and writes nothing to the repository', async () => {
    const { spaceId } = await spaceWithPages();
    const reader = server.userToken('git-reader@example.com');
    const space = (await server.api.get(`/v1/spaces/${spaceId}`)).body;
    await inviteAndAccept(server.api, server.as(reader.token), space.organization, { email: 'git-reader@example.com', role: 'read' });
    const repository = makeRepository();
    const answer = await server.as(reader.token).post(`/v1/spaces/${spaceId}/git/export`, { url: repository.url, ref: 'refs/heads/main', commitMessage: 'x' });
    expect(answer.status).toBe(403);
    expect(headOf(repository)).toBeUndefined();
  });
});

describe('POST /v1/spaces/{spaceId}/git/export while the repository is out of reach', () => {
  it('commits anyway, keeps the commit, and pushes it, one commit per export, when the repository is back', async () => {
    const { spaceId, install } = await spaceWithPages();
    const repository = makeRepository();
    await exportTo(spaceId, { url: repository.url });
    const away = `${repository.dir}-away`;
    renameSync(repository.dir, away);
    try {
      setPageMarkdown(owner, spaceId, install, 'Offline edit one.\n');
      const first = await exportTo(spaceId, { url: repository.url, commitMessage: 'Offline one' });
      expect(first.status).toBe(400);
      expect(first.body.error.message).toMatch(/^url: the repository could not be reached .*the commit is kept/);
      setPageMarkdown(owner, spaceId, install, 'Offline edit two.\n');
      expect((await exportTo(spaceId, { url: repository.url, commitMessage: 'Offline two' })).status).toBe(400);
    } finally {
      renameSync(away, repository.dir);
    }
    expect(logOf(repository)).toHaveLength(1);
    expect((await exportTo(spaceId, { url: repository.url, commitMessage: 'Back online' })).status).toBe(204);
    // Nothing changed since the second offline export: its commit is pushed as it was, with the first under it.
    expect(logOf(repository).map((line) => line.split('|')[1])).toEqual(['Offline two', 'Offline one', 'Docs from Folio']);
    expect(text(filesOf(repository).get('guide/install.md'))).toBe('# Install\n\nOffline edit two.\n');
  });
});

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { newSpace, text } from '../export/repository-support';
import { type TestServer, useTestServer } from '../support/server';
import { type HttpGitServer, startHttpGitServer } from './http-git-server';
import { commitToRepository, filesOf, headOf, makeRepository, removeRepositories } from './repositories';

const USER = 'docs-bot';
const TOKEN = 'tok-7f3a9c1e5b2d';
const BASIC = `Basic ${Buffer.from(`${USER}:${TOKEN}`).toString('base64')}`;

const server = useTestServer();
const gitServers: HttpGitServer[] = [];
afterEach(async () => {
  await Promise.all(gitServers.splice(0).map((gitServer) => gitServer.close()));
});
afterAll(removeRepositories);

async function serve(repositories: Parameters<typeof startHttpGitServer>[0]['repositories'], redirects?: Record<string, string>): Promise<HttpGitServer> {
  const gitServer = await startHttpGitServer({ repositories, username: USER, password: TOKEN, redirects });
  gitServers.push(gitServer);
  return gitServer;
}

async function spaceWithPages(on: TestServer): Promise<string> {
  const owner: ServiceContext = serviceContext(on.app, getUserById(on.app.db, on.owner.id)!);
  const spaceId = await newSpace(on);
  createPage(owner, spaceId, { title: 'Welcome', markdown: 'Start here.\n' });
  createPage(owner, spaceId, { title: 'Install', markdown: 'Run the installer.\n' });
  return spaceId;
}

const exportTo = (on: TestServer, spaceId: string, url: string) => on.api.post(`/v1/spaces/${spaceId}/git/export`, { url, ref: 'refs/heads/main', commitMessage: 'Docs from Folio' });
const importFrom = (on: TestServer, spaceId: string, url: string) => on.api.post(`/v1/spaces/${spaceId}/git/import`, { url, ref: 'refs/heads/main' });

/** Every file under a folder, as text: where a credential written in the clear would show. */
function textsUnder(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((path) => join(dir, path))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path).toString('latin1'))
    .join('\n');
}

describe('Git Sync over a smart-HTTP git server that requires credentials', () => {
  it('exports with the credentials in the URL, then imports with them stored sealed for that URL', async () => {
    const spaceId = await spaceWithPages(server);
    const repository = makeRepository();
    const gitServer = await serve({ 'docs.git': repository });

    expect((await exportTo(server, spaceId, gitServer.url('docs.git', { username: USER, password: TOKEN }))).status).toBe(204);
    const files = filesOf(repository);
    expect([...files.keys()].sort()).toEqual(['README.md', 'SUMMARY.md', 'install.md']);
    expect(text(files.get('install.md'))).toBe('# Install\n\nRun the installer.\n');
    // Every request reached git with the credentials, sent from the first (no 401 round trip to ask for them).
    expect(gitServer.authorizations.length).toBeGreaterThan(0);
    expect(gitServer.authorizations.every((authorization) => authorization === BASIC)).toBe(true);

    commitToRepository(repository, 'Add a changelog', (work) => {
      writeFileSync(join(work, 'changelog.md'), '# Changelog\n\nVersion 2.\n');
      writeFileSync(join(work, 'SUMMARY.md'), `${readFileSync(join(work, 'SUMMARY.md'), 'utf8').trimEnd()}\n* [Changelog](changelog.md)\n`);
    });
    const before = gitServer.requests.length;
    expect((await importFrom(server, spaceId, gitServer.url('docs.git'))).status).toBe(204);
    expect(gitServer.requests.length).toBeGreaterThan(before);
    expect(gitServer.authorizations.slice(before).every((authorization) => authorization === BASIC)).toBe(true);
    const pages = (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as Array<{ title: string }>;
    expect(pages.map((page) => page.title)).toEqual(['Welcome', 'Install', 'Changelog']);

    const row = server.app.db.prepare('SELECT url, credentials FROM git_sync WHERE space_id = ?').get(spaceId) as { url: string; credentials: string };
    expect(row.credentials.startsWith('sealed:')).toBe(true);
    expect(row.credentials).not.toContain(TOKEN);
    expect(row.url).toBe(gitServer.url('docs.git'));
    // GitBook's git/info names GitHub and GitLab repositories only; Folio's git/sync shows any, without credentials.
    const info = await server.api.get(`/v1/spaces/${spaceId}/git/info`);
    expect(info.status).toBe(404);
    expect(info.body.error.message).toMatch(/not GitHub or GitLab/);
    const settings = await server.api.get(`/v1/spaces/${spaceId}/git/sync`);
    expect(JSON.stringify(settings.body)).not.toContain(TOKEN);
    const space = await server.api.get(`/v1/spaces/${spaceId}`);
    expect(space.body.gitSync).toBeUndefined();
    expect(JSON.stringify(space.body)).not.toContain(TOKEN);
    // The space's own repository (its config, fetched refs, logs) holds no credential either.
    const local = textsUnder(join(server.dataDir, 'git', `${spaceId}.git`));
    expect(local).not.toContain(TOKEN);
    expect(local).not.toContain(BASIC.slice('Basic '.length));
  });

  it('answers wrong credentials with a 400 on url that says they were refused, and never repeats them', async () => {
    const spaceId = await spaceWithPages(server);
    const repository = makeRepository();
    const gitServer = await serve({ 'docs.git': repository });
    const wrong = 'wrong-secret-90210';

    for (const attempt of [() => exportTo(server, spaceId, gitServer.url('docs.git', { username: USER, password: wrong })), () => importFrom(server, spaceId, gitServer.url('docs.git', { username: USER, password: wrong }))]) {
      const answer = await attempt();
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toMatch(/^url: /);
      expect(answer.body.error.message).toMatch(/refused the credentials/);
      expect(JSON.stringify(answer.body)).not.toContain(wrong);
    }
    // They were sent, and refused by the server rather than never tried.
    expect(gitServer.authorizations).toContain(`Basic ${Buffer.from(`${USER}:${wrong}`).toString('base64')}`);
    expect(headOf(repository)).toBeUndefined();
    const info = await server.api.get(`/v1/spaces/${spaceId}/git/info`);
    expect(JSON.stringify(info.body)).not.toContain(wrong);
    expect(JSON.stringify((await server.api.get(`/v1/spaces/${spaceId}`)).body)).not.toContain(wrong);
    // Nor the stored row: the last operation's error in words, the sealed credentials.
    expect(JSON.stringify(server.app.db.prepare('SELECT * FROM git_sync WHERE space_id = ?').get(spaceId))).not.toContain(wrong);
  });

  it('answers a repository that needs credentials, given none, with a 400 on url', async () => {
    const spaceId = await spaceWithPages(server);
    const gitServer = await serve({ 'docs.git': makeRepository() });
    const answer = await importFrom(server, spaceId, gitServer.url('docs.git'));
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/^url: the repository refused the credentials/);
  });

  it('does not follow a repository URL that redirects to another host', async () => {
    const spaceId = await spaceWithPages(server);
    const elsewhere = makeRepository();
    const target = await serve({ 'docs.git': elsewhere });
    const redirecting = await serve({}, { 'docs.git': target.url('docs.git') });

    const answer = await exportTo(server, spaceId, redirecting.url('docs.git', { username: USER, password: TOKEN }));
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/^url: the repository could not be reached .*302/);
    expect(JSON.stringify(answer.body)).not.toContain(TOKEN);
    expect(redirecting.requests.length).toBeGreaterThan(0);
    expect(target.requests).toEqual([]);
    expect(headOf(elsewhere)).toBeUndefined();
  });
});

/** A request that fails leaves the space's repository, credentials and agreement as they were. */
describe('Git Sync remembers only what worked', () => {
  it('keeps the stored credentials when a request gives ones the repository refuses', async () => {
    const spaceId = await spaceWithPages(server);
    const gitServer = await serve({ 'docs.git': makeRepository() });
    expect((await exportTo(server, spaceId, gitServer.url('docs.git', { username: USER, password: TOKEN }))).status).toBe(204);
    expect((await importFrom(server, spaceId, gitServer.url('docs.git', { username: USER, password: 'mistyped' }))).status).toBe(400);
    expect((await importFrom(server, spaceId, gitServer.url('docs.git'))).status).toBe(204);
  });

  it('keeps the agreement when an export to a mistyped repository fails, so docs edited in git are not overwritten', async () => {
    const spaceId = await spaceWithPages(server);
    const repository = makeRepository();
    const gitServer = await serve({ 'docs.git': repository });
    const credentials = { username: USER, password: TOKEN };
    expect((await exportTo(server, spaceId, gitServer.url('docs.git', credentials))).status).toBe(204);
    commitToRepository(repository, 'Edit in git', (work) => writeFileSync(join(work, 'install.md'), '# Install\n\nEdited in git.\n'));
    expect((await exportTo(server, spaceId, gitServer.url('docs.git', credentials))).status).toBe(409);
    expect((await exportTo(server, spaceId, gitServer.url('typo.git', credentials))).status).toBe(400);
    expect((await exportTo(server, spaceId, gitServer.url('docs.git', credentials))).status).toBe(409);
    expect(text(filesOf(repository).get('install.md'))).toBe('# Install\n\nEdited in git.\n');
  });
});

describe('Git Sync on a server that may not reach private networks', () => {
  const guarded = useTestServer({ config: { allowPrivateNetwork: false } });
  let gitServer: HttpGitServer;
  beforeAll(async () => {
    gitServer = await startHttpGitServer({ repositories: { 'docs.git': makeRepository() }, username: USER, password: TOKEN });
  });
  afterAll(() => gitServer.close());

  it.each([
    ['export', (spaceId: string, url: string) => exportTo(guarded, spaceId, url)],
    ['import', (spaceId: string, url: string) => importFrom(guarded, spaceId, url)],
  ])('refuses an http:// repository on loopback for an %s with a 400 on url, before any request', async (_what, operation) => {
    const spaceId = await spaceWithPages(guarded);
    const answer = await operation(spaceId, gitServer.url('docs.git', { username: USER, password: TOKEN }));
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toMatch(/^url: 127\.0\.0\.1 is /);
    expect(JSON.stringify(answer.body)).not.toContain(TOKEN);
    expect(gitServer.requests).toHaveLength(0);
  });
});

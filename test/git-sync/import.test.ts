import { join } from 'node:path';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { setPageMarkdown, updatePage } from '../../src-main/content/pages-service';
import { getUserById } from '../../src-main/store/users';
import { newSpace, text } from '../export/repository-support';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { commitToRepository, filesOf, headOf, logOf, makeRepository, removeRepositories } from './repositories';

const CORPUS = '/work/shared/data/gitbook-corpus';
const server = useTestServer({ config: { allowFileImports: true } });
afterAll(removeRepositories);
const owner = () => serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);

const importFrom = (spaceId: string, url: string, body: Record<string, unknown> = {}) => server.api.post(`/v1/spaces/${spaceId}/git/import`, { url, ref: 'refs/heads/main', ...body });
const exportTo = (spaceId: string, url: string, body: Record<string, unknown> = {}) => server.api.post(`/v1/spaces/${spaceId}/git/export`, { url, ref: 'refs/heads/main', commitMessage: 'From Folio', ...body });

type PageNode = { id: string; title: string; path?: string; pages: PageNode[] };
async function pagesOf(spaceId: string): Promise<PageNode[]> {
  return (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as PageNode[];
}
const flatten = (pages: PageNode[]): PageNode[] => pages.flatMap((page) => [page, ...flatten(page.pages)]);
const revisionOf = async (spaceId: string) => (await server.api.get(`/v1/spaces/${spaceId}`)).body.revision as string;

describe.each([
  ['MirrorNetworking-MirrorDocs', 1],
  ['BeefreeSDK-beefree-sdk-docs', 3],
])('the GitBook repository %s, imported and exported through git', (name, retitled) => {
  it('comes back byte for byte but the headings GitBook retitles, and a second import or export changes nothing', async () => {
    const repository = makeRepository(join(CORPUS, name));
    const source = filesOf(repository);
    const spaceId = await newSpace(server);
    expect((await importFrom(spaceId, repository.url)).status).toBe(204);
    const imported = await revisionOf(spaceId);
    expect((await importFrom(spaceId, repository.url)).status).toBe(204);
    expect(await revisionOf(spaceId)).toBe(imported);

    expect((await exportTo(spaceId, repository.url, { commitMessage: 'Normalise' })).status).toBe(204);
    const exported = filesOf(repository);
    const differing = [...source.keys()].filter((path) => !Buffer.from(exported.get(path) ?? []).equals(Buffer.from(source.get(path)!)));
    // Files beside the docs (LICENSE, unlisted markdown, unused assets) stay; only retitled headings change.
    expect(differing).toHaveLength(retitled);
    expect(differing.every((path) => path.endsWith('.md'))).toBe(true);
    expect([...exported.keys()].filter((path) => !source.has(path))).toEqual([]);

    const head = headOf(repository);
    expect((await exportTo(spaceId, repository.url, { commitMessage: 'Again' })).status).toBe(204);
    expect(headOf(repository)).toBe(head);
    const agreed = await revisionOf(spaceId);
    expect((await importFrom(spaceId, repository.url)).status).toBe(204);
    expect(await revisionOf(spaceId)).toBe(agreed);
  }, 240_000);
});

describe('POST /v1/spaces/{spaceId}/git/import', () => {
  it('takes in new commits with the fewest edits: a file renamed in git keeps its page', async () => {
    const repository = makeRepository({
      'README.md': '# Welcome\n\nStart here.\n',
      'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Setup](setup.md)\n* [Usage](usage.md)\n',
      'setup.md': '# Setup\n\nInstall the tool, then configure it for your team.\n',
      'usage.md': '# Usage\n\nRun it.\n',
    });
    const spaceId = await newSpace(server);
    expect((await importFrom(spaceId, repository.url)).status).toBe(204);
    const before = new Map(flatten(await pagesOf(spaceId)).map((page) => [page.title, page.id]));
    commitToRepository(repository, 'Rename setup to install, edit usage', (work) => {
      renameSync(join(work, 'setup.md'), join(work, 'install.md'));
      writeFileSync(join(work, 'SUMMARY.md'), '# Table of contents\n\n* [Welcome](README.md)\n* [Setup](install.md)\n* [Usage](usage.md)\n');
      writeFileSync(join(work, 'usage.md'), '# Usage\n\nRun it every day.\n');
    });
    expect((await importFrom(spaceId, repository.url)).status).toBe(204);
    const after = flatten(await pagesOf(spaceId));
    expect(after.map((page) => [page.title, page.id])).toEqual([...before]);
    expect(after.find((page) => page.title === 'Setup')!.path).toBe('install');
    const usage = await server.api.get(`/v1/spaces/${spaceId}/content/page/${before.get('Usage')}?format=markdown`);
    expect(usage.body.markdown).toBe('Run it every day.\n');
  });

  it('merges what changed in git and in Folio since they agreed: both survive, through a change request', async () => {
    const repository = makeRepository({
      'README.md': '# Welcome\n\nStart here.\n\nRead the guide next.\n',
      'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n',
      'guide.md': '# Guide\n\nThe guide.\n',
    });
    const spaceId = await newSpace(server);
    expect((await importFrom(spaceId, repository.url)).status).toBe(204);
    const [welcome] = await pagesOf(spaceId);
    // In Folio: the last paragraph. In git: the first one.
    setPageMarkdown(owner(), spaceId, welcome!.id, 'Start here.\n\nRead the whole guide next.\n');
    commitToRepository(repository, 'Reword the start', (work) => writeFileSync(join(work, 'README.md'), '# Welcome\n\nStart right here.\n\nRead the guide next.\n'));
    expect((await importFrom(spaceId, repository.url)).status).toBe(204);
    const merged = await server.api.get(`/v1/spaces/${spaceId}/content/page/${welcome!.id}?format=markdown`);
    expect(merged.body.markdown).toBe('Start right here.\n\nRead the whole guide next.\n');
    const requests = await server.api.get(`/v1/spaces/${spaceId}/change-requests?status=merged`);
    expect(requests.body.items.map((cr: { subject: string }) => cr.subject)).toEqual(['Git Sync: Reword the start']);
    // The export then carries both to git, and importing it back changes nothing.
    expect((await exportTo(spaceId, repository.url, { commitMessage: 'Merge from Folio' })).status).toBe(204);
    expect(text(filesOf(repository).get('README.md'))).toBe('# Welcome\n\nStart right here.\n\nRead the whole guide next.\n');
    const agreed = await revisionOf(spaceId);
    expect((await importFrom(spaceId, repository.url)).status).toBe(204);
    expect(await revisionOf(spaceId)).toBe(agreed);
  });

  it('keeps a page git deleted when Folio edited it since, and deletes one nobody edited', async () => {
    const repository = makeRepository({
      'README.md': '# Welcome\n\nStart here.\n',
      'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Edited](edited.md)\n* [Untouched](untouched.md)\n',
      'edited.md': '# Edited\n\nBefore.\n',
      'untouched.md': '# Untouched\n\nAs imported.\n',
    });
    const spaceId = await newSpace(server);
    await importFrom(spaceId, repository.url);
    const edited = (await pagesOf(spaceId)).find((page) => page.title === 'Edited')!;
    setPageMarkdown(owner(), spaceId, edited.id, 'After, in Folio.\n');
    commitToRepository(repository, 'Remove two pages', (work) => {
      rmSync(join(work, 'edited.md'));
      rmSync(join(work, 'untouched.md'));
      writeFileSync(join(work, 'SUMMARY.md'), '# Table of contents\n\n* [Welcome](README.md)\n');
    });
    expect((await importFrom(spaceId, repository.url)).status).toBe(204);
    expect((await pagesOf(spaceId)).map((page) => page.title)).toEqual(['Welcome', 'Edited']);
    // Said in words where the app shows the sync's state.
    const settings = await server.api.get(`/v1/spaces/${spaceId}/git/sync`);
    expect(settings.body.notes).toEqual(['Kept the page "Edited": the repository deleted it, but it was edited in Folio since the last sync']);
  });

  it('leaves new commits in an open change request for a caller who may not merge, and exports wait for it', async () => {
    const repository = makeRepository({ 'README.md': '# Welcome\n\nStart here.\n', 'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n' });
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Reviewed docs' })).body.id as string;
    expect((await importFrom(spaceId, repository.url)).status).toBe(204);
    commitToRepository(repository, 'Reword', (work) => writeFileSync(join(work, 'README.md'), '# Welcome\n\nStart over here.\n'));
    const editor = await org.member('edit', 'git-editor');
    expect((await editor.api.post(`/v1/spaces/${spaceId}/git/import`, { url: repository.url, ref: 'refs/heads/main' })).status).toBe(204);
    const open = await server.api.get(`/v1/spaces/${spaceId}/change-requests?status=open`);
    expect(open.body.items.map((cr: { subject: string }) => cr.subject)).toEqual(['Git Sync: Reword']);
    const waiting = await editor.api.post(`/v1/spaces/${spaceId}/git/export`, { url: repository.url, ref: 'refs/heads/main', commitMessage: 'Too early' });
    expect(waiting.status).toBe(409);
    expect(waiting.body.error.message).toMatch(/^ref: change request #\d+ holds the repository's latest changes/);
    expect((await server.api.post(`/v1/spaces/${spaceId}/change-requests/${open.body.items[0].id}/merge`)).status).toBe(200);
    expect((await exportTo(spaceId, repository.url, { commitMessage: 'After review' })).status).toBe(204);
    expect(text(filesOf(repository).get('README.md'))).toBe('# Welcome\n\nStart over here.\n');
  });

  it('takes the repository\'s content with force, whatever changed in Folio', async () => {
    const repository = makeRepository({ 'README.md': '# Welcome\n\nStart here.\n', 'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n' });
    const spaceId = await newSpace(server);
    await importFrom(spaceId, repository.url);
    const [welcome] = await pagesOf(spaceId);
    updatePage(owner(), spaceId, welcome!.id, { title: 'Hello' });
    expect((await importFrom(spaceId, repository.url, { force: true })).status).toBe(204);
    expect((await pagesOf(spaceId))[0]!.title).toBe('Welcome');
  });

  it('says what is wrong: a branch the repository lacks (400 on ref), a standalone import (400)', async () => {
    const repository = makeRepository({ 'README.md': '# Welcome\n' });
    const spaceId = await newSpace(server);
    const missing = await importFrom(spaceId, repository.url, { ref: 'refs/heads/nope' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^ref: the repository has no branch refs\/heads\/nope/);
    expect((await importFrom(spaceId, repository.url, { standalone: true })).status).toBe(400);
    expect(logOf(repository)).toHaveLength(1);
    expect(text(filesOf(repository).get('README.md'))).toBe('# Welcome\n');
  });
});

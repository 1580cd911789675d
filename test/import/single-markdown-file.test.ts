import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient } from '../trpc/client';

const server = useTestServer({ config: { allowFileImports: true } });
const b64 = (text: string) => Buffer.from(text).toString('base64');
let folder: string;

type TreePage = { id: string; title: string; slug: string; pages: TreePage[] };

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'folio-single-md-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function newSpace() {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'One file' })).body.id as string;
  return { spaceId, trpc: trpcClient(server.url, server.owner.token) };
}

/** Uploads `text` as the app's file picker does and waits for the job's end. */
async function upload(name: string, text: string) {
  const { spaceId, trpc } = await newSpace();
  const { jobId } = await trpc.content.startUploadImport.mutate({ spaceId, source: 'markdown', name, data: b64(text) });
  const giveUp = Date.now() + 15_000;
  for (;;) {
    const status = await trpc.content.importStatus.query({ jobId });
    if (status.state !== 'running') return { spaceId, status };
    if (Date.now() > giveUp) throw new Error('the import did not finish');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const pagesOf = async (spaceId: string) => (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as TreePage[];
const markdownOf = async (spaceId: string, pageId: string) =>
  (await server.api.get(`/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).body as { title: string; description?: string; markdown: string };

describe('importing one markdown file', () => {
  it('makes one page titled by its # heading, answers its id, and takes the heading out of the body', async () => {
    const { spaceId, status } = await upload('release-notes.md', '# Release notes\n\nVersion **2** is out.\n');
    expect(status).toMatchObject({ state: 'done', result: { pages: 1, files: 0, failures: [] } });
    const [page] = await pagesOf(spaceId);
    expect(page).toMatchObject({ title: 'Release notes', slug: 'release-notes', pages: [] });
    expect(status.result!.firstPageId).toBe(page!.id);
    expect((await markdownOf(spaceId, page!.id)).markdown).toBe('Version **2** is out.\n');
  });

  it('takes the title from front matter before the heading, and from the file name without either', async () => {
    const fromFront = await upload('setup.md', '---\ntitle: Getting set up\ndescription: Start here\n---\n\n# Setup\n\nSteps.\n');
    const [front] = await pagesOf(fromFront.spaceId);
    expect(await markdownOf(fromFront.spaceId, front!.id)).toMatchObject({ title: 'Getting set up', description: 'Start here' });

    const fromName = await upload('known_issues.markdown', 'Nothing known yet.\n');
    expect((await pagesOf(fromName.spaceId)).map((p) => p.title)).toEqual(['known issues']);
  });

  it('says that the images and files the page names beside it could not come along, and keeps web images', async () => {
    const text = '# Tour\n\n![Screen](images/screen.png)\n\n![Logo](https://example.com/logo.png)\n\n{% file src="files/guide.pdf" %}\n\nSee [setup](setup.md) and [again](images/screen.png).\n';
    const { spaceId, status } = await upload('tour.md', text);
    expect(status.state).toBe('done');
    expect(status.result!.failures).toEqual([
      'tour.md: "images/screen.png" was not imported: a single file brings no images or files with it (import its folder, or a zip of it, to bring them)',
      'tour.md: "files/guide.pdf" was not imported: a single file brings no images or files with it (import its folder, or a zip of it, to bring them)',
    ]);
    // The page keeps what was written: the references stay visible as broken ones rather than vanishing.
    const [page] = await pagesOf(spaceId);
    expect((await markdownOf(spaceId, page!.id)).markdown).toContain('![Screen](images/screen.png)');
  });

  it('imports a single file through /v1 by its file:// URL the same way', async () => {
    const path = join(folder, 'faq.md');
    writeFileSync(path, '# FAQ\n\n![Diagram](diagram.svg)\n');
    const { spaceId } = await newSpace();
    const res = await server.api.post(`/v1/spaces/${spaceId}/content/import`, { url: pathToFileURL(path).href, source: 'markdown' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ importedResources: 1, totalResources: 1 });
    expect((await pagesOf(spaceId)).map((p) => p.title)).toEqual(['FAQ']);
  });
});

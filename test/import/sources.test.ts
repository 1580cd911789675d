import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxDocument } from '../support/docx';
import { serveFixtureSite, page } from '../support/fixture-site';
import { pngImage } from '../support/images';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient } from '../trpc/client';

const server = useTestServer({ config: { allowFileImports: true } });
let site: Awaited<ReturnType<typeof serveFixtureSite>>;
let folder: string;

const markdownFolder = {
  'README.md': '# Welcome\n\nSee [setup](guides/setup.md) and ![logo](assets/logo.png).\n',
  'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n\n## Guides\n\n* [Setup](guides/setup.md)\n  * [Advanced setup](guides/advanced.md)\n',
  'guides/setup.md': '---\ndescription: Get going\n---\n\n# Setup\n\nBack to [welcome](../README.md).\n',
  'guides/advanced.md': '# Advanced setup\n\nMore.\n',
};

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'folio-import-'));
  for (const [path, text] of Object.entries(markdownFolder)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  mkdirSync(join(folder, 'assets'), { recursive: true });
  writeFileSync(join(folder, 'assets/logo.png'), pngImage(5, 5));
  const zip = zipSync(Object.fromEntries(Object.entries(markdownFolder).map(([p, t]) => [`export/${p}`, strToU8(t)])));
  site = await serveFixtureSite({
    '/export.zip': ['application/zip', zip],
    '/page.html': ['text/html', page('Single page', '<p>Just <em>one</em> page.</p>')],
    '/notes.md': ['text/markdown', '# Notes\n\n- a\n- b\n'],
    '/report.docx': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', docxDocument('Quarterly report', ['Revenue grew.', 'Costs fell.'])],
    '/broken.docx': ['application/octet-stream', 'not a docx'],
  });
});
afterAll(async () => {
  await site.close();
  rmSync(folder, { recursive: true, force: true });
});

type TreePage = { id: string; title: string; pages: TreePage[] };
const outline = (pages: TreePage[]): unknown => pages.map((p) => (p.pages.length ? [p.title, outline(p.pages)] : p.title));

async function importInto(source: string, url: string, path = '') {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: source })).body.id as string;
  const res = await server.api.post(`/v1/spaces/${spaceId}/content${path}/import`, { url, source });
  return { org, spaceId, res };
}

const pagesOf = async (spaceId: string) => (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as TreePage[];

describe('importing markdown', () => {
  it('imports a local folder laid out by SUMMARY.md, with its images and working links', async () => {
    const { spaceId, res } = await importInto('markdown', pathToFileURL(folder).href);
    expect(res.status).toBe(201);
    // Three markdown files and one image; the Guides heading of SUMMARY.md is not a resource.
    expect(res.body).toMatchObject({ importedResources: 4, totalResources: 4 });
    expect(outline(await pagesOf(spaceId))).toEqual(['Welcome', ['Guides', [['Setup', ['Advanced setup']]]]]);
    const links = await server.api.get(`/v1/spaces/${spaceId}/links`);
    expect(links.body.stats.broken.total).toBe(0);
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/files`)).body.items[0]).toMatchObject({ name: 'logo.png' });
    const setup = (await server.api.get(`/v1/spaces/${spaceId}/content/page/${(await pagesOf(spaceId))[1]!.pages[0]!.id}?format=markdown`)).body;
    expect(setup).toMatchObject({ title: 'Setup', description: 'Get going' });
  });

  it('imports a zip of the same layout', async () => {
    const { spaceId, res } = await importInto('zip', `${site.url}/export.zip`);
    expect(res.status).toBe(201);
    expect(outline(await pagesOf(spaceId))).toEqual(['Welcome', ['Guides', [['Setup', ['Advanced setup']]]]]);
  });

  it('imports one markdown file', async () => {
    const { spaceId } = await importInto('markdown', `${site.url}/notes.md`);
    expect(outline(await pagesOf(spaceId))).toEqual(['Notes']);
  });
});

describe('importing other sources', () => {
  it('imports an HTML page', async () => {
    const { spaceId } = await importInto('html', `${site.url}/page.html`);
    const [only] = await pagesOf(spaceId);
    const read = await server.api.get(`/v1/spaces/${spaceId}/content/page/${only!.id}?format=markdown`);
    expect(read.body).toMatchObject({ title: 'Single page', markdown: 'Just _one_ page.\n' });
  });

  it('imports a Word document', async () => {
    const { spaceId } = await importInto('docx', `${site.url}/report.docx`);
    const [only] = await pagesOf(spaceId);
    const read = await server.api.get(`/v1/spaces/${spaceId}/content/page/${only!.id}?format=markdown`);
    expect(read.body.title).toBe('Quarterly report');
    expect(read.body.markdown).toBe('Revenue grew.\n\nCosts fell.\n');
  });

  it('imports under a page', async () => {
    const { spaceId } = await importInto('markdown', `${site.url}/notes.md`);
    const [notes] = await pagesOf(spaceId);
    const res = await server.api.post(`/v1/spaces/${spaceId}/content/page/${notes!.id}/import`, { url: `${site.url}/page.html`, source: 'html' });
    expect(res.status).toBe(201);
    expect(outline(await pagesOf(spaceId))).toEqual([['Notes', ['Single page']]]);
  });
});

describe('refused imports', () => {
  it.each([
    [{ url: 'https://example.atlassian.net/wiki', source: 'confluence' }, /^source: importing from Confluence needs a Confluence account/],
    [{ url: 'not a url', source: 'html' }, /^url:/],
    [{ url: 'ftp://example.com/x.md', source: 'markdown' }, /^url:/],
    [{ url: 'https://example.com', source: 'pdf' }, /^source:/],
  ])('answers 400 for %j', async (body, message) => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body.id;
    const res = await server.api.post(`/v1/spaces/${spaceId}/content/import`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
  });

  it('answers 400 for a file that is not what the source says, and imports nothing', async () => {
    const { spaceId, res } = await importInto('docx', `${site.url}/broken.docx`);
    expect(res.status).toBe(400);
    expect(await pagesOf(spaceId)).toEqual([]);
  });

  it('refuses a locked space and a reader', async () => {
    const { org, spaceId } = await importInto('markdown', `${site.url}/notes.md`);
    const reader = await org.member('read');
    expect((await reader.api.post(`/v1/spaces/${spaceId}/content/import`, { url: `${site.url}/notes.md`, source: 'markdown' })).status).toBe(403);
    await server.api.patch(`/v1/spaces/${spaceId}`, { editMode: 'locked' });
    expect((await server.api.post(`/v1/spaces/${spaceId}/content/import`, { url: `${site.url}/notes.md`, source: 'markdown' })).status).toBe(403);
  });
});

describe('import progress over tRPC', () => {
  it('runs an import in the background and reports its progress and result', async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body.id;
    const trpc = trpcClient(server.url, server.owner.token);
    const { jobId } = await trpc.content.startImport.mutate({ spaceId, url: `${site.url}/export.zip`, source: 'zip' });
    let status = await trpc.content.importStatus.query({ jobId });
    // Deadlines, not counts of polls: on a loaded machine an import may take seconds.
    let giveUp = Date.now() + 15_000;
    while (status.state === 'running' && Date.now() < giveUp) {
      await new Promise((r) => setTimeout(r, 20));
      status = await trpc.content.importStatus.query({ jobId });
    }
    expect(status).toMatchObject({ state: 'done', result: { importedResources: 3 } });
    const failed = await trpc.content.startImport.mutate({ spaceId, url: `${site.url}/missing.md`, source: 'markdown' });
    let failure = await trpc.content.importStatus.query({ jobId: failed.jobId });
    giveUp = Date.now() + 15_000;
    while (failure.state === 'running' && Date.now() < giveUp) {
      await new Promise((r) => setTimeout(r, 20));
      failure = await trpc.content.importStatus.query({ jobId: failed.jobId });
    }
    expect(failure).toMatchObject({ state: 'failed', error: expect.stringMatching(/^url: could not read the source/) });
  });
});

describe('importing into a change request', () => {
  it('imports into the request only, leaving main content alone until the merge', async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, {})).body.id as string;
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body;
    const res = await server.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/import`, { url: `${site.url}/notes.md`, source: 'markdown' });
    expect(res.status).toBe(201);
    expect(await pagesOf(spaceId)).toEqual([]);
    const crPages = (await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/pages`)).body.pages as TreePage[];
    expect(outline(crPages)).toEqual(['Notes']);
    await server.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
    expect(outline(await pagesOf(spaceId))).toEqual(['Notes']);
  });
});

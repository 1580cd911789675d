import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { docxDocument } from '../support/docx';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from './client';

const server = useTestServer({ config: { allowFileImports: true } });
const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');

async function newSpace() {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Uploads' })).body.id as string;
  return { org, spaceId, trpc: trpcClient(server.url, server.owner.token) };
}

async function finished(trpc: ReturnType<typeof trpcClient>, jobId: string) {
  // A deadline, not a count of polls: on a loaded machine an import may take seconds.
  const giveUp = Date.now() + 15_000;
  for (;;) {
    const status = await trpc.content.importStatus.query({ jobId });
    if (status.state !== 'running') return status;
    if (Date.now() > giveUp) throw new Error('the import did not finish');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type TreePage = { title: string; pages: TreePage[] };
const titles = (pages: TreePage[]): unknown => pages.map((p) => (p.pages.length ? [p.title, titles(p.pages)] : p.title));

describe('content.startUploadImport', () => {
  it('imports an uploaded zip of a markdown folder, as a URL import of it would, and counts pages and files', async () => {
    const { spaceId, trpc } = await newSpace();
    const zip = zipSync({
      'SUMMARY.md': strToU8('# Contents\n\n* [Welcome](README.md)\n* [Setup](setup.md)\n'),
      'README.md': strToU8('# Welcome\n\nHello.\n'),
      'setup.md': strToU8('# Setup\n\nSteps.\n'),
    });
    const { jobId } = await trpc.content.startUploadImport.mutate({ spaceId, source: 'zip', name: 'export.zip', data: b64(zip) });
    const status = await finished(trpc, jobId);
    expect(status).toMatchObject({ state: 'done', result: { pages: 2, files: 0, importedResources: 2, failures: [] } });
    const pages = (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as TreePage[];
    expect(titles(pages)).toEqual(['Welcome', 'Setup']);
    const revision = (await server.api.get(`/v1/spaces/${spaceId}`)).body.revision;
    expect(status.result!.revision).toBe(revision);
  });

  it('imports an uploaded Word document under a page', async () => {
    const { spaceId, trpc } = await newSpace();
    const { pageId } = await trpc.content.createPage.mutate({ spaceId, title: 'Reports' });
    const data = b64(docxDocument('Quarterly report', ['Revenue grew.']));
    const { jobId } = await trpc.content.startUploadImport.mutate({ spaceId, parentPageId: pageId, source: 'docx', name: 'report.docx', data });
    expect(await finished(trpc, jobId)).toMatchObject({ state: 'done', result: { pages: 1 } });
    const pages = (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as TreePage[];
    expect(titles(pages)).toEqual([['Reports', ['Quarterly report']]]);
  });

  it('fails the job in words when the file is not what it claims to be', async () => {
    const { spaceId, trpc } = await newSpace();
    const { jobId } = await trpc.content.startUploadImport.mutate({ spaceId, source: 'docx', name: 'fake.docx', data: b64('not a docx') });
    expect(await finished(trpc, jobId)).toMatchObject({ state: 'failed', error: 'data: not a .docx document Folio can read' });
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages).toEqual([]);
  });

  it('imports into a change request when its id is given, leaving main untouched', async () => {
    const { spaceId, trpc } = await newSpace();
    const cr = await trpc.changeRequests.create.mutate({ spaceId, subject: 'Import' });
    const { jobId } = await trpc.content.startUploadImport.mutate({ spaceId, changeRequestId: cr.id, source: 'markdown', name: 'notes.md', data: b64('# Notes\n') });
    expect(await finished(trpc, jobId)).toMatchObject({ state: 'done' });
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages).toEqual([]);
    const crPages = (await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/pages`)).body.pages as TreePage[];
    expect(titles(crPages)).toEqual(['Notes']);
  });

  it('refuses a reader, and input that is not base64, before starting', async () => {
    const { org, spaceId, trpc } = await newSpace();
    const reader = await org.member('read', 'reader');
    const asReader = trpcClient(server.url, reader.token);
    const { jobId } = await asReader.content.startUploadImport.mutate({ spaceId, source: 'markdown', name: 'a.md', data: b64('# A\n') });
    expect(await finished(asReader, jobId)).toMatchObject({ state: 'failed', error: expect.stringMatching(/"edit" role/) });
    expect(await trpcError(trpc.content.startUploadImport.mutate({ spaceId, source: 'zip', name: 'a.zip', data: 'not base64!' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^data:/),
    });
    expect(await trpcError(trpc.content.startUploadImport.mutate({ spaceId, source: 'website' as 'zip', name: 'a', data: '' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^source:/),
    });
  });
});

describe('content.startImport', () => {
  it('imports into a change request when its id is given', async () => {
    const { spaceId, trpc } = await newSpace();
    const folder = mkdtempSync(join(tmpdir(), 'folio-trpc-import-'));
    try {
      writeFileSync(join(folder, 'README.md'), '# Home\n');
      const cr = await trpc.changeRequests.create.mutate({ spaceId, subject: 'Import a folder' });
      const { jobId } = await trpc.content.startImport.mutate({ spaceId, changeRequestId: cr.id, source: 'markdown', url: pathToFileURL(folder).href });
      expect(await finished(trpc, jobId)).toMatchObject({ state: 'done', result: { pages: 1, files: 0 } });
      expect((await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages).toEqual([]);
      const crPages = (await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/pages`)).body.pages as TreePage[];
      expect(titles(crPages)).toEqual(['Home']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

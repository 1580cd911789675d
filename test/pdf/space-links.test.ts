import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage } from '../../src-main/content/pages-service';
import { uploadFile } from '../../src-main/files/service';
import { signedPdfUrl } from '../../src-main/pdf/signing';
import { getUserById } from '../../src-main/store/users';
import { pngImage } from '../support/images';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { readPdf } from './support';

const server = useTestServer();
let owner: ServiceContext;
let spaceId: string;
let pages: { home: string; setup: string };

beforeAll(async () => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
  const org = await newOrganization(server);
  spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Manual' })).body.id as string;
  uploadFile(owner, spaceId, { name: 'data.zip', contentType: 'application/zip', bytes: new Uint8Array([80, 75, 5, 6, ...Array.from({ length: 18 }, () => 0)]) });
  uploadFile(owner, spaceId, { name: 'shot.png', contentType: 'image/png', bytes: pngImage(30, 20) });
  const home = createPage(owner, spaceId, {
    title: 'Home',
    markdown: 'Read [the setup](setup.md), its [last part](setup.md#last-part) or [the data](.gitbook/assets/data.zip).\n\n![Shot](.gitbook/assets/shot.png)\n',
  }).pageId;
  const filler = Array.from({ length: 50 }, (_, i) => `Filler ${i}. ${'words '.repeat(40)}`).join('\n\n');
  const setup = createPage(owner, spaceId, { title: 'Setup', markdown: `Setup starts.\n\n${filler}\n\n## Last part\n\nThe last part.\n` }).pageId;
  pages = { home, setup };
});

const pdfOf = async (target: { pageId?: string; title: string }) => {
  const res = await fetch(signedPdfUrl(server.app.db, server.url, { spaceId, treeId: spaceId, ...target }, new Date()));
  expect(res.status).toBe(200);
  return readPdf(new Uint8Array(await res.arrayBuffer()));
};

describe('links in the PDF of a space', () => {
  it('leads links to pages and headings printed in the PDF to where they are printed, and files to their download', async () => {
    const pdf = await pdfOf({ title: 'Manual' });
    const setupPage = pdf.pages.findIndex((text) => text.startsWith('Setup'));
    const lastPartPage = pdf.pages.findIndex((text) => text.includes('The last part.'));
    expect(setupPage).toBeGreaterThan(0);
    expect(lastPartPage).toBeGreaterThan(setupPage);
    expect(pdf.pages[0]!.replace(/\s+/g, ' ')).toContain('Read the setup, its last part or the data.');
    expect(pdf.internalLinks[0]).toEqual([
      { destination: `page:${pages.setup}`, page: setupPage },
      { destination: `anchor:${pages.setup}#last-part`, page: lastPartPage },
    ]);
    expect(pdf.links[0]).toHaveLength(1);
    expect(pdf.links[0]![0]).toMatch(new RegExp(`^${server.url}/files/[0-9a-f]+/data\\.zip\\?`));
    // The image is a file reference, loaded from the space's files.
    expect(pdf.images[0]).toBe(1);
  });

  it('leads links to pages outside a one-page PDF to the page in the app', async () => {
    const pdf = await pdfOf({ pageId: pages.home, title: 'Home' });
    expect(pdf.internalLinks[0]).toEqual([]);
    expect(pdf.links[0]!.slice(0, 2)).toEqual([`${server.url}/s/${spaceId}/setup`, `${server.url}/s/${spaceId}/setup#last-part`]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage, movePage } from '../../src-main/content/pages-service';
import { uploadFile } from '../../src-main/files/service';
import { contentDisposition, readingOrder } from '../../src-main/pdf/serve';
import { PDF_URL_TTL_MS, signedPdfUrl } from '../../src-main/pdf/signing';
import type { ContentPageRow } from '../../src-main/store/content-pages';
import { getUserById } from '../../src-main/store/users';
import { pngImage } from '../support/images';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { JPEG_48x32, readPdf } from './support';

const server = useTestServer();
let owner: ServiceContext;
let space: { id: string };
let pages: { intro: string; guide: string; install: string; photos: string };

beforeAll(async () => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
  const org = await newOrganization(server);
  space = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body as { id: string };
  uploadFile(owner, space.id, { name: 'screen shot.png', contentType: 'image/png', bytes: pngImage(300, 200) });
  uploadFile(owner, space.id, { name: 'photo.jpg', contentType: 'image/jpeg', bytes: JPEG_48x32 });
  const intro = createPage(owner, space.id, { title: 'Introduction', markdown: '# Introduction\n\nWelcome to **Folio**.\n\n- fast\n- local\n' }).pageId;
  const guide = createPage(owner, space.id, { title: 'Guide', markdown: 'How to use it.\n' }).pageId;
  const install = createPage(owner, space.id, {
    title: 'Install',
    parent: guide,
    markdown: '## Steps\n\n1. Download\n2. Run `folio serve`\n\n![Screen](.gitbook/assets/screen%20shot.png)\n',
  }).pageId;
  const photos = createPage(owner, space.id, { title: 'Photos', markdown: '![a photo](../.gitbook/assets/photo.jpg)\n', parent: guide }).pageId;
  // Moved before Introduction: reading order follows the tree, not creation.
  const first = createPage(owner, space.id, { title: 'Overview', markdown: 'Start here.' }).pageId;
  movePage(owner, space.id, first, { before: intro });
  pages = { intro, guide, install, photos };
});

const url = (target: { pageId?: string; title?: string }, now = new Date()) =>
  signedPdfUrl(server.app.db, server.url, { spaceId: space.id, treeId: space.id, title: 'Docs', ...target }, now);

async function fetchPdf(href: string) {
  const res = await fetch(href);
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes };
}

describe('signed PDF links', () => {
  it('serves the whole tree as a PDF, pages in reading order with their images', async () => {
    const href = url({});
    expect(href.startsWith(`${server.url}/pdf/${space.id}/${space.id}/Docs.pdf?`)).toBe(true);
    const { res, bytes } = await fetchPdf(href);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="Docs.pdf"');
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');

    const pdf = await readPdf(bytes);
    expect(pdf.title).toBe('Docs');
    const order = ['Overview', 'Introduction', 'Guide', 'Install', 'Photos'];
    const starts = order.map((title) => pdf.pages.findIndex((text) => text.startsWith(title)));
    expect(starts).toEqual([0, 1, 2, 3, 4]);
    expect(pdf.pageCount).toBe(5);
    expect(pdf.outline).toEqual([
      { title: 'Overview', items: [] },
      { title: 'Introduction', items: [] },
      { title: 'Guide', items: [{ title: 'Install', items: [] }, { title: 'Photos', items: [] }] },
    ]);
    expect(pdf.pages[1]).toContain('Welcome to Folio.');
    expect(pdf.pages[1]).toContain('fast');
    expect(pdf.pages[3]).toContain('Steps');
    expect(pdf.pages[3]).toContain('Run folio serve');
    // `.gitbook/assets/screen%20shot.png` and `../.gitbook/assets/photo.jpg` are the space's files.
    expect(pdf.images).toEqual([0, 0, 0, 1, 1]);
  });

  it('serves one page with `pageId`, and 404s for a page that does not exist', async () => {
    const { res, bytes } = await fetchPdf(url({ pageId: pages.install, title: 'Install' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('inline; filename="Install.pdf"');
    const pdf = await readPdf(bytes);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.title).toBe('Install');
    expect(pdf.pages[0]).toContain('Download');
    expect(pdf.pages[0]).not.toContain('Welcome');
    expect(pdf.images).toEqual([1]);

    const missing = await fetch(url({ pageId: 'no-such-page' }));
    expect(missing.status).toBe(404);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await fetch(url({}), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(1000);
    expect((await fetch(url({}), { method: 'POST' })).status).toBe(405);
  });

  it('refuses tampered, incomplete and expired links with 403', async () => {
    const good = new URL(url({ pageId: pages.intro }));

    const otherPage = new URL(good);
    otherPage.searchParams.set('page', pages.guide);
    const withoutPage = new URL(good);
    withoutPage.searchParams.delete('page');
    const otherTitle = new URL(good);
    otherTitle.pathname = otherTitle.pathname.replace(/Docs\.pdf$/, 'Other.pdf');
    const otherTree = new URL(good);
    otherTree.pathname = `/pdf/${space.id}/someothertree/Docs.pdf`;
    const badSignature = new URL(good);
    // Two other hex digits at the end (never the same two: a signature ending in 00 would stay valid).
    const signature = good.searchParams.get('signature')!;
    badSignature.searchParams.set('signature', `${signature.slice(0, -2)}${signature.endsWith('00') ? 'ff' : '00'}`);
    const later = new URL(good);
    later.searchParams.set('expires', String(Number(good.searchParams.get('expires')) + 60_000));
    const unsigned = new URL(good);
    unsigned.searchParams.delete('signature');

    for (const tampered of [otherPage, withoutPage, otherTitle, otherTree, badSignature, later, unsigned]) {
      const res = await fetch(tampered);
      expect(res.status, tampered.href).toBe(403);
    }

    const expired = await fetch(url({}, new Date(Date.now() - PDF_URL_TTL_MS - 1000)));
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/expired/);

    expect((await fetch(`${server.url}/pdf/nothing`)).status).toBe(404);
    expect((await fetch(`${server.url}/pdf/a/b/c.txt`)).status).toBe(404);
    expect((await fetch(good)).status).toBe(200);
  });

  it('names the file with the title, whatever it contains', async () => {
    const { res } = await fetchPdf(url({ title: 'Déjà vu "quoted" / notes' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="D_j_ vu _quoted_ / notes.pdf"; filename*=UTF-8''D%C3%A9j%C3%A0%20vu%20%22quoted%22%20%2F%20notes.pdf`,
    );
    expect(contentDisposition('  ')).toBe('inline; filename="document.pdf"');
  });
});

describe('readingOrder', () => {
  const row = (page_id: string, parent_id: string | null, position: number) => ({ page_id, parent_id, position, depth: 0 }) as ContentPageRow;

  it('puts each page before its children, siblings by position, orphans at the top level', () => {
    const order = readingOrder([
      row('c', null, 2),
      row('a', null, 0),
      row('a2', 'a', 1),
      row('a1', 'a', 0),
      row('a1x', 'a1', 0),
      row('orphan', 'gone', 5),
      row('b', null, 1),
    ]);
    expect(order.map((o) => `${o.row.page_id}:${o.depth}`)).toEqual(['a:0', 'a1:1', 'a1x:2', 'a2:1', 'b:0', 'c:0', 'orphan:0']);
  });

  it('still prints pages caught in a cycle of parents', () => {
    const order = readingOrder([row('x', 'y', 0), row('y', 'x', 1)]);
    expect(order.map((o) => `${o.row.page_id}:${o.depth}`)).toEqual(['x:0', 'y:1']);
  });
});

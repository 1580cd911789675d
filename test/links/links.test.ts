import { beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import type { ServiceContext } from '../../src-main/app/context';
import { createPage, deletePage } from '../../src-main/content/pages-service';
import { uploadFile } from '../../src-main/files/service';
import { resolveLink, type LinkScope } from '../../src-main/links/resolve';
import { getUserById } from '../../src-main/store/users';
import { pngImage } from '../support/images';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';

const server = useTestServer();
let owner: ServiceContext;
beforeAll(() => {
  owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
});

type Usage = { status: string; targetReference: { kind: string; url?: string; page?: { id: string }; file?: { id: string } } };

async function linkedSpace() {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Linked' })).body.id as string;
  const { fileId } = uploadFile(owner, spaceId, { name: 'diagram.png', contentType: 'image/png', bytes: pngImage(2, 2) });
  const install = createPage(owner, spaceId, { title: 'Install', markdown: 'How to install.' }).pageId;
  const home = createPage(owner, spaceId, {
    title: 'Home',
    markdown: [
      'Read [the install guide](install.md#linux) first.',
      'Then [the FAQ](faq.md), which does not exist yet.',
      'See [our site](https://example.com/docs) and [the editor](' + server.url + `/s/${spaceId}/install).`,
      '![Diagram](.gitbook/assets/diagram.png)',
      '```md',
      '[not a link](inside-code.md)',
      '```',
    ].join('\n\n'),
  }).pageId;
  return { org, spaceId, fileId, install, home };
}

describe('links', () => {
  it('lists every link of a space with its status, target, location and stats', async () => {
    const { spaceId, install, home, fileId } = await linkedSpace();
    const res = await server.api.get(`/v1/spaces/${spaceId}/links`);
    expect(res.body.stats).toEqual({ total: 5, broken: { total: 1, changeRequest: 0 } });
    const byStatus = (res.body.items as Usage[]).map((l) => [l.status, l.targetReference.kind]);
    expect(byStatus).toEqual([
      ['ok', 'page'],
      ['broken', 'url'],
      ['ok', 'url'],
      ['in-app', 'url'],
      ['ok', 'file'],
    ]);
    expect(res.body.items[0].targetReference.page.id).toBe(install);
    expect(res.body.items[0].targetReference.internalLocation).toEqual({ type: 'anchor', anchor: 'linux' });
    expect(res.body.items[4].targetReference.file.id).toBe(fileId);
    expect(res.body.items[0].locationReferences[0].page.id).toBe(home);
    expect(res.body.items[0].relation).toBe('reference');
    expect(res.body.items[4].relation).toBe('dependsOn');
  });

  it('filters by status and mends a broken link once its page exists', async () => {
    const { spaceId } = await linkedSpace();
    const broken = await server.api.get(`/v1/spaces/${spaceId}/links?status=broken`);
    expect(broken.body.items.map((l: Usage) => l.targetReference.url)).toEqual(['faq.md']);
    createPage(owner, spaceId, { title: 'FAQ' });
    expect((await server.api.get(`/v1/spaces/${spaceId}/links?status=broken`)).body.items).toEqual([]);
    expect((await server.api.get(`/v1/spaces/${spaceId}/links?status=lost`)).status).toBe(400);
  });

  it('lists the links of one page, and backlinks of a page and of a file', async () => {
    const { spaceId, install, home, fileId } = await linkedSpace();
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/page/${install}/links`)).body).toMatchObject({ items: [], count: 0 });
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/page/${home}/links`)).body.count).toBe(5);
    const pageBacklinks = await server.api.get(`/v1/spaces/${spaceId}/content/page/${install}/backlinks`);
    expect(pageBacklinks.body.items.map((l: { page: { id: string } }) => l.page.id)).toEqual([home]);
    const fileBacklinks = await server.api.get(`/v1/spaces/${spaceId}/content/files/${fileId}/backlinks`);
    expect(fileBacklinks.body.items.map((l: { kind: string; page: { id: string } }) => [l.kind, l.page.id])).toEqual([['page', home]]);
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/page/missing/backlinks`)).status).toBe(404);
  });

  it('counts a link broken once its target page is deleted', async () => {
    const { spaceId, install } = await linkedSpace();
    deletePage(owner, spaceId, install);
    expect((await server.api.get(`/v1/spaces/${spaceId}/links`)).body.stats.broken.total).toBe(2);
  });
});

describe('resolveLink', () => {
  const scope: LinkScope = {
    pageByPath: new Map([
      ['guides', { page_id: 'g' }],
      ['guides/install', { page_id: 'i' }],
      ['faq', { page_id: 'f' }],
    ]),
    pathOfPage: new Map([
      ['g', 'guides'],
      ['i', 'guides/install'],
      ['f', 'faq'],
    ]),
    hasChildren: new Set(['g']),
    fileByName: new Map([['a b.png', { file_id: 'file1' }]]),
    appOrigin: 'http://127.0.0.1:5740',
  };

  it.each([
    ['../faq.md', 'i', { status: 'ok', target: { kind: 'page', pageId: 'f' } }],
    ['install.md', 'g', { status: 'ok', target: { kind: 'page', pageId: 'i' } }],
    ['README.md', 'i', { status: 'ok', target: { kind: 'page', pageId: 'g' } }],
    ['/faq', 'i', { status: 'ok', target: { kind: 'page', pageId: 'f' } }],
    ['#top', 'i', { status: 'ok', target: { kind: 'page', pageId: 'i', anchor: 'top' } }],
    ['../.gitbook/assets/a%20b.png', 'i', { status: 'ok', target: { kind: 'file', fileId: 'file1' } }],
    ['nowhere.md', 'i', { status: 'broken', target: { kind: 'url', url: 'nowhere.md' } }],
    ['mailto:team@example.com', 'i', { status: 'ok', target: { kind: 'url', url: 'mailto:team@example.com' } }],
    ['http://127.0.0.1:5740/s/x/faq', 'i', { status: 'in-app', target: { kind: 'url', url: 'http://127.0.0.1:5740/s/x/faq' } }],
  ])('resolves %s written in page %s', (url, source, expected) => {
    expect(resolveLink(url, source, scope)).toEqual(expected);
  });
});

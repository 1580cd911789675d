import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { serviceContext } from '../../../src-main/app/app';
import { uploadFile } from '../../../src-main/files/service';
import { getUserById } from '../../../src-main/store/users';
import { pngImage } from '../../support/images';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { spaceWithPages } from './preview-support';

const server = useTestServer();

/** A returning visitor: their cookies are set, so the page is the same bytes as for anyone else. */
const RETURNING = { Cookie: 'folio_visitor=visitor-0001; folio_session=session-0001' };

async function publishedSite(visibility = 'public') {
  const org = await newOrganization(server);
  const space = await spaceWithPages(server, org.id, 'Guide', [
    { title: 'Welcome', markdown: '# Hello visitors\n\n![Chart](.gitbook/assets/chart.png)\n' },
    { title: 'Install', markdown: '## Requirements\n\nNode 20.\n' },
  ]);
  const owner = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
  uploadFile(owner, space.id, { name: 'chart.png', contentType: 'image/png', bytes: pngImage(2, 2) });
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility, spaces: [space.id] })).body;
  await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`);
  return { org, space, site, url: `/v1/orgs/${org.id}/sites/${site.id}`, root: `${server.url}/sites/${site.id}/` };
}

async function editPage(spaceId: string, pageId: string, markdown: string) {
  const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body as { id: string };
  const changed = await server.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, {
    changes: [{ operation: 'update_page', page: pageId, document: { markdown } }],
  });
  expect(changed.status).toBe(200);
  expect((await server.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`)).status).toBe(200);
}

describe('published sites behind a CDN or reverse proxy', () => {
  it('answers a public page with a stable ETag and a short public Cache-Control, and 304 without a body on If-None-Match', async () => {
    const { root } = await publishedSite();
    const first = await fetch(root, { headers: RETURNING });
    const second = await fetch(root, { headers: RETURNING });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.get('etag')).toBe(etag);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(first.headers.get('set-cookie')).toBeNull();

    const revalidated = await fetch(root, { headers: { ...RETURNING, 'If-None-Match': `"other", ${etag}` } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(await revalidated.text()).toBe('');
    expect((await fetch(root, { headers: { ...RETURNING, 'If-None-Match': '"other"' } })).status).toBe(200);
    const head = await fetch(root, { method: 'HEAD', headers: RETURNING });
    expect(head.headers.get('etag')).toBe(etag);
  });

  it("changes a page's ETag after an edit is published, and the stylesheet's after the colors change", async () => {
    const { space, root, url } = await publishedSite();
    const before = (await fetch(root, { headers: RETURNING })).headers.get('etag');
    await editPage(space.id, space.pages[0]!.id, '# Hello again\n');
    const edited = await fetch(root, { headers: { ...RETURNING, 'If-None-Match': before! } });
    expect(edited.status).toBe(200);
    expect(await edited.text()).toContain('Hello again');
    const afterEdit = edited.headers.get('etag');
    expect(afterEdit).not.toBe(before);

    const html = parse(await (await fetch(root, { headers: RETURNING })).text());
    const style = `${server.url}${html.querySelectorAll('link[rel="stylesheet"]').find((link) => link.getAttribute('href')!.includes('~style'))!.getAttribute('href')}`;
    const colors = (await fetch(style, { headers: RETURNING })).headers.get('etag')!;
    const settings = structuredClone((await server.api.get(`${url}/customization`)).body);
    settings.styling.primaryColor = { light: '#ff0000', dark: '#00ff00' };
    expect((await server.api.put(`${url}/customization`, settings)).status).toBe(200);
    expect((await fetch(style, { headers: { ...RETURNING, 'If-None-Match': colors } })).status).toBe(200);
  });

  it('tags files by their content and stylesheets by their text', async () => {
    const { root } = await publishedSite();
    const html = parse(await (await fetch(root, { headers: RETURNING })).text());
    const src = html.querySelector('figure img')!.getAttribute('src')!;
    const style = html.querySelectorAll('link[rel="stylesheet"]').map((link) => link.getAttribute('href')!);
    for (const address of [src, ...style]) {
      const res = await fetch(`${server.url}${address}`, { headers: RETURNING });
      expect(res.status).toBe(200);
      const etag = res.headers.get('etag')!;
      expect(etag).toBeTruthy();
      expect(res.headers.get('cache-control')).toMatch(/^public, /);
      expect((await fetch(`${server.url}${address}`, { headers: { ...RETURNING, 'If-None-Match': etag } })).status).toBe(304);
    }
  });

  it('never lets a shared cache keep a first visit that sets the visitor cookies', async () => {
    const { root } = await publishedSite();
    const res = await fetch(root);
    expect(res.headers.get('set-cookie')).toMatch(/folio_visitor=/);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('answers share-link sites private and uncacheable, files included', async () => {
    const { root, url } = await publishedSite('share-link');
    const link = (await server.api.post(`${url}/share-links`, { name: 'Reviewers' })).body;
    const opened = await fetch(link.urls.published, { redirect: 'manual' });
    const cookie = opened.headers.get('set-cookie')!.split(';')[0]!;
    const page = await fetch(root, { headers: { Cookie: `${cookie}; ${RETURNING.Cookie}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const src = parse(await page.text()).querySelector('figure img')!.getAttribute('src')!;
    const file = await fetch(`${server.url}${src}`, { headers: { Cookie: cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('private, no-store');
  });

  it('answers visitor-auth sites and writers previews with no-store', async () => {
    const { url } = await publishedSite('visitor-auth');
    const res = await server.api.get(`${url}/publishing/preview`);
    const opened = await fetch(res.body.url, { redirect: 'manual' });
    const preview = await fetch(`${server.url}${opened.headers.get('location')}`, {
      headers: { Cookie: opened.headers.get('set-cookie')!.split(';')[0]! },
    });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toMatch(/no-store/);
    expect(preview.headers.get('cache-control')).not.toMatch(/public/);
  });
});

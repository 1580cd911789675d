import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSpaceRedirects } from '../../../src-main/store/space-redirects';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { siteFetch } from './preview-support';

const server = useTestServer({ config: { allowFileImports: true } });

/** A space imported from a folder (GitBook's layout), published as a public site of its own. */
async function publishedImport(folder: string) {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string;
  const imported = await server.api.post(`/v1/spaces/${spaceId}/content/import`, { url: pathToFileURL(folder).href, source: 'markdown' });
  expect(imported.status).toBe(201);
  const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'public', spaces: [spaceId] })).body;
  expect((await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`)).status).toBe(200);
  return { spaceId, root: `/sites/${site.id}/` };
}

const get = (path: string) => siteFetch(`${server.url}${path}`, {}, 'manual');

describe("a published site answering a repository's redirects", () => {
  let folder: string;
  let site: Awaited<ReturnType<typeof publishedImport>>;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'folio-redirects-'));
    const files: Record<string, string> = {
      '.gitbook.yaml': ['redirects:', '  old-setup: guides/setup.md', '  /old/guides/: guides/README.md', '  moved: gone/away.md', '  guides: README.md'].join('\n'),
      'SUMMARY.md': '* [Home](README.md)\n* [Guides](guides/README.md)\n  * [Setup](guides/setup.md)\n',
      'README.md': '# Home\n',
      'guides/README.md': '# Guides\n',
      'guides/setup.md': '# Setup\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(folder, path, '..'), { recursive: true });
      writeFileSync(join(folder, path), text);
    }
    site = await publishedImport(folder);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("answers an old address with a 301 to its page's published address, keeping the query", async () => {
    const setup = await get(`${site.root}old-setup?ref=mail`);
    expect(setup.status).toBe(301);
    expect(setup.headers.get('location')).toBe(`${site.root}guides/setup?ref=mail`);
    const guides = await get(`${site.root}old/guides/`);
    expect(guides.status).toBe(301);
    expect(guides.headers.get('location')).toBe(`${site.root}guides`);
    expect((await siteFetch(`${server.url}${site.root}old-setup`)).html).toContain('Setup');
  });

  it('leads to the page, not its old path: a moved page is followed', async () => {
    const [redirect] = listSpaceRedirects(server.app.db, site.spaceId).filter((row) => row.source === 'old-setup');
    expect(redirect).toMatchObject({ page_id: expect.any(String), target_path: null });
    const cr = (await server.api.post(`/v1/spaces/${site.spaceId}/change-requests`, {})).body as { id: string };
    const renamed = await server.api.post(`/v1/spaces/${site.spaceId}/change-requests/${cr.id}/content`, {
      changes: [{ operation: 'update_page', page: redirect!.page_id, slug: 'installing' }],
    });
    expect(renamed.status).toBe(200);
    expect((await server.api.post(`/v1/spaces/${site.spaceId}/change-requests/${cr.id}/merge`)).status).toBe(200);
    expect((await get(`${site.root}old-setup`)).headers.get('location')).toBe(`${site.root}guides/installing`);
  });

  it('keeps serving a page at an address a redirect also names, and 404s a redirect that leads to no page', async () => {
    expect((await get(`${site.root}guides`)).status).toBe(200);
    expect(listSpaceRedirects(server.app.db, site.spaceId).find((row) => row.source === 'moved')).toMatchObject({ page_id: null, target_path: 'gone/away.md' });
    expect((await get(`${site.root}moved`)).status).toBe(404);
    expect((await get(`${site.root}never-redirected`)).status).toBe(404);
  });
});

describe("the Beefree repository's 115 redirects", () => {
  it('are kept, and each one whose target is an imported page answers 301 to it', async () => {
    const folder = '/work/shared/data/gitbook-corpus/BeefreeSDK-beefree-sdk-docs';
    const config = parse(readFileSync(join(folder, '.gitbook.yaml'), 'utf8')) as { redirects: Record<string, string> };
    const { spaceId, root } = await publishedImport(folder);
    const rows = listSpaceRedirects(server.app.db, spaceId);
    expect(rows.map((row) => row.source).sort()).toEqual(Object.keys(config.redirects).sort());
    const pages = server.app.db.prepare('SELECT page_id, path FROM content_pages WHERE tree_id = ? AND deleted = 0').all(spaceId) as Array<{ page_id: string; path: string }>;
    const pathOf = new Map(pages.map((page) => [page.page_id, page.path]));
    const resolved = rows.filter((row) => row.page_id);
    expect(resolved.length).toBeGreaterThan(0);
    for (const row of rows) {
      if (row.page_id) continue;
      // Kept as the path the repository named: a file it no longer holds.
      expect(row.target_path).toBe(config.redirects[row.source]);
    }
    for (const row of resolved) {
      const path = pathOf.get(row.page_id!)!;
      const answer = await get(`${root}${row.source}`);
      if (path === row.source) {
        expect(answer.status).toBe(200);
        continue;
      }
      expect(answer.status, row.source).toBe(301);
      expect(answer.headers.get('location')).toBe(`${root}${path.split('/').map(encodeURIComponent).join('/')}`);
    }
  }, 120_000);
});

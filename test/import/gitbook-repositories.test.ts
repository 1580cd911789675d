import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../src-main/app/app';
import { importIntoSpace } from '../../src-main/import/service';
import { getUserById } from '../../src-main/store/users';
import { pngImage } from '../support/images';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient } from '../trpc/client';

// Two real GitBook Git Sync repositories (see the corpus README there), imported as a writer would.
const CORPUS = '/work/shared/data/gitbook-corpus';
const server = useTestServer({ config: { allowFileImports: true } });

type TreePage = { id: string; title: string; type: string; description?: string; path?: string; pages?: TreePage[] };

/** Imports a folder over tRPC (the app's way, whose result lists the failures), then reads the tree over /v1. */
async function importFolder(folder: string) {
  const org = await newOrganization(server);
  const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'GitBook' })).body.id as string;
  const trpc = trpcClient(server.url, server.owner.token);
  const { jobId } = await trpc.content.startImport.mutate({ spaceId, url: pathToFileURL(folder).href, source: 'markdown' });
  // A deadline, not a count of polls: on a loaded machine an import may take seconds.
  const giveUp = Date.now() + 100_000;
  let status = await trpc.content.importStatus.query({ jobId });
  while (status.state === 'running' && Date.now() < giveUp) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = await trpc.content.importStatus.query({ jobId });
  }
  const pages = (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as TreePage[];
  return { spaceId, status, result: status.result!, pages };
}

// Link pages, as GitBook presents them, have no `pages`.
const flatten = (pages: TreePage[]): TreePage[] => pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);

/** SUMMARY.md read plainly (neither corpus escapes anything in it): its `##` headings and its entries. */
function summaryOf(folder: string) {
  const lines = readFileSync(join(folder, 'SUMMARY.md'), 'utf8').split('\n');
  const groups = lines.flatMap((line) => {
    const heading = /^#{2,}\s+(.*)$/.exec(line);
    return heading ? [heading[1]!.replace(/<[^>]*>/g, '').trim()] : [];
  });
  const entries = lines.flatMap((line) => {
    const item = /^\s*[*+-]\s+\[(.+)\]\((.+)\)\s*$/.exec(line);
    return item ? [{ title: item[1]!, href: item[2]! }] : [];
  });
  return { groups, entries };
}

describe.each([
  ['BeefreeSDK-beefree-sdk-docs', 12],
  ['MirrorNetworking-MirrorDocs', 5],
])('the GitBook repository %s imported from its folder', (name, groupCount) => {
  const folder = join(CORPUS, name);
  let imported: Awaited<ReturnType<typeof importFolder>>;
  beforeAll(async () => {
    imported = await importFolder(folder);
  }, 120_000);

  it('is imported, not refused for size, and counts no more imported resources than it found', () => {
    expect(imported.status).toMatchObject({ state: 'done' });
    expect(imported.result.importedResources).toBeGreaterThan(0);
    expect(imported.result.importedResources).toBeLessThanOrEqual(imported.result.totalResources);
    // Everything found was imported (nothing fails in either repository): the counts meet exactly, so a
    // miscount on either side shows here rather than hiding under the floor write-plan.ts keeps.
    expect(imported.result.importedResources).toBe(imported.result.totalResources);
  });

  it('imports every file its imported pages use, once, and no other', async () => {
    const { entries } = summaryOf(folder);
    const sources = entries
      .filter((e) => !/^https?:/.test(e.href))
      .map((e) => readFileSync(join(folder, decodeURIComponent(e.href.split('#')[0]!)), 'utf8'));
    // The corpus keeps only assets some page uses; those the imported pages name, in any spelling GitBook
    // writes: as is, percent-encoded, with markdown's `\_`, or HTML's entities (`&#x26;`, `&#x27;`).
    const spellings = (name: string) =>
      [name, encodeURI(name), encodeURIComponent(name)].flatMap((spelling) => [
        spelling,
        spelling.replaceAll('_', '\\_'),
        spelling.replaceAll('&', '&amp;'),
        spelling.replaceAll('&', '&#x26;').replaceAll("'", '&#x27;'),
      ]);
    const used = readdirSync(join(folder, '.gitbook/assets')).filter((name) =>
      spellings(name).some((spelling) => sources.some((text) => new RegExp(`assets/${escapeRegExp(spelling)}(?=["')\\s>#?]|$)`, 'm').test(text))),
    );
    const names = (await listFiles(imported.spaceId)).map((file) => file.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(used.sort());
    expect(imported.result.importedResources).toBe(flatten(imported.pages).filter((p) => p.type !== 'group').length + names.length);
  });

  it("has a group page for each ## heading of SUMMARY.md, titled as plain text", () => {
    const { groups } = summaryOf(folder);
    expect(groups).toHaveLength(groupCount);
    expect(imported.pages.filter((p) => p.type === 'group').map((p) => p.title)).toEqual(groups);
    expect(flatten(imported.pages).filter((p) => p.type === 'group')).toHaveLength(groupCount);
  });

  it('makes every SUMMARY.md entry a page, or lists it among the failures', () => {
    const { entries } = summaryOf(folder);
    const pages = flatten(imported.pages).filter((p) => p.type !== 'group');
    const failures = imported.result.failures;
    expect(pages.length + failures.length).toBe(entries.length);
    // Both repositories list only files they hold: nothing fails.
    expect(failures).toEqual([]);
    expect(pages.map((p) => p.title).sort()).toEqual(entries.map((e) => e.title).sort());
  });

  it('gives no page a title with markup or escapes, nor a YAML indicator for a description', () => {
    for (const page of flatten(imported.pages)) {
      expect(page.title).not.toMatch(/[<\\]/);
      expect(page.description ?? '').not.toMatch(/^[>|][-+]?$/);
    }
  });

  it('gives pages the paths of their files, so links between folders resolve', () => {
    const { entries } = summaryOf(folder);
    const byPath = new Set(flatten(imported.pages).map((p) => p.path));
    const filePaths = entries
      .map((e) => e.href)
      .filter((href) => !/^https?:/.test(href) && href !== 'README.md')
      .map((href) => decodeURIComponent(href).replace(/\.md$/, '').replace(/\/README$/, ''));
    const missing = filePaths.filter((path) => !byPath.has(path));
    expect(missing).toEqual([]);
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every file of a space's main content, over /v1's pages of files. */
async function listFiles(spaceId: string) {
  const out: Array<{ id: string; name: string }> = [];
  let page: string | undefined;
  do {
    const body = (await server.api.get(`/v1/spaces/${spaceId}/content/files?limit=100${page ? `&page=${page}` : ''}`)).body;
    out.push(...(body.items as Array<{ id: string; name: string }>));
    page = body.next?.page;
  } while (page);
  return out;
}

describe('the Mirror repository', () => {
  it('makes its external SUMMARY.md entry a link page, and reads its multi-line descriptions', async () => {
    const { spaceId, pages } = await importFolder(join(CORPUS, 'MirrorNetworking-MirrorDocs'));
    const outline = await trpcClient(server.url, server.owner.token).content.outline.query({ spaceId });
    expect(outline.pages.slice(0, 2)).toMatchObject([
      { type: 'document', title: 'Mirror Networking' },
      { type: 'link', title: 'API Reference', href: 'https://storage.googleapis.com/mirror-api-docs/html/df/d6f/class_mirror_1_1_network_client.html' },
    ]);
    const listed = (await server.api.get(`/v1/spaces/${spaceId}/content`)).body.pages as Array<Record<string, unknown>>;
    expect(listed[1]).toMatchObject({
      type: 'link',
      title: 'API Reference',
      target: { kind: 'url', url: 'https://storage.googleapis.com/mirror-api-docs/html/df/d6f/class_mirror_1_1_network_client.html' },
    });
    expect(listed[1]).not.toHaveProperty('markdown');
    // `description: >-` over two lines, in manual/examples/tanks.md's front matter.
    const folded = flatten(pages).find((p) => p.path === 'manual/examples/tanks');
    expect(folded?.description).toMatch(/^You can find this example already in your Mirror Project, location: +Assets\/Mirror\/Examples\/Tank$/);
  }, 120_000);
});

describe('the size limit of a folder import', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'folio-gitbook-size-'));
    mkdirSync(join(folder, '.gitbook/assets'), { recursive: true });
    writeFileSync(join(folder, 'README.md'), '# Home\n\n![used](.gitbook/assets/used.png)\n');
    writeFileSync(join(folder, '.gitbook/assets/used.png'), pngImage(4, 4));
    // Unused assets far past the limit below: a repository keeps many such.
    for (let i = 0; i < 20; i += 1) writeFileSync(join(folder, `.gitbook/assets/unused-${i}.bin`), new Uint8Array(16 * 1024));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const importWithin = async (maxBytes: number) => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Sized' })).body.id as string;
    const ctx = serviceContext(server.app, getUserById(server.app.db, server.owner.id)!);
    return importIntoSpace(ctx, spaceId, { url: pathToFileURL(folder).href, source: 'markdown' }, { limits: { maxBytes, allowFileUrls: true } });
  };

  it('counts only the pages and the files they use', async () => {
    const outcome = await importWithin(64 * 1024);
    expect(outcome).toMatchObject({ pages: 1, files: 1, importedResources: 2, totalResources: 2, failures: [] });
  });

  it('still refuses a folder whose pages and used files pass it', async () => {
    await expect(importWithin(64)).rejects.toThrow(/^url: the pages and the files they use are larger than 64 bytes$/);
  });
});

describe('page options from front matter', () => {
  it("presents the Mirror readme's cover as its file, and keeps its {% file %} zip", async () => {
    const { spaceId, pages } = await importFolder(join(CORPUS, 'MirrorNetworking-MirrorDocs'));
    const files = await listFiles(spaceId);
    const cover = files.find((file) => file.name === 'we6li1x[1].png');
    expect(cover).toBeDefined();
    expect(files.map((file) => file.name)).toContain('ScriptTemplates.zip');
    const home = (await server.api.get(`/v1/spaces/${spaceId}/content/page/${pages[0]!.id}`)).body;
    expect(home).toMatchObject({ title: 'Mirror Networking', cover: { ref: { kind: 'file', file: cover!.id }, yPos: 0 } });
    const templates = flatten(pages).find((p) => p.path === 'manual/general/script-templates')!;
    const body = (await server.api.get(`/v1/spaces/${spaceId}/content/page/${templates.id}`)).body;
    expect(body.markdown).toContain('{% file src="../../.gitbook/assets/ScriptTemplates.zip" %}');
  }, 120_000);

  it("stores the layout of Beefree's layout page, and presents what it sets over GitBook's defaults", async () => {
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Layout' })).body.id as string;
    const url = pathToFileURL(join(CORPUS, 'BeefreeSDK-beefree-sdk-docs/getting-started/create-an-application.md')).href;
    expect((await server.api.post(`/v1/spaces/${spaceId}/content/import`, { url, source: 'markdown' })).status).toBe(201);
    const [page] = (await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as TreePage[];
    const stored = server.app.db.prepare('SELECT meta FROM content_pages WHERE tree_id = ? AND page_id = ?').get(spaceId, page!.id) as { meta: string };
    expect(JSON.parse(stored.meta).options).toEqual({ layout: { title: true, description: true, tableOfContents: true, outline: true, pagination: true } });

    const folder = mkdtempSync(join(tmpdir(), 'folio-gitbook-layout-'));
    try {
      writeFileSync(join(folder, 'README.md'), '---\nlayout:\n  width: wide\n  title:\n    visible: false\n  outline:\n    visible: false\n  metadata:\n    visible: false\ncover: https://example.com/banner.png\ncoverY: -24\n---\n# Wide\n');
      const other = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Wide' })).body.id as string;
      expect((await server.api.post(`/v1/spaces/${other}/content/import`, { url: pathToFileURL(folder).href, source: 'markdown' })).status).toBe(201);
      const [wide] = (await server.api.get(`/v1/spaces/${other}/content/pages`)).body.pages as TreePage[];
      const read = (await server.api.get(`/v1/spaces/${other}/content/page/${wide!.id}`)).body;
      expect(read.layout).toEqual({ width: 'wide', cover: true, coverSize: 'hero', title: false, description: true, tableOfContents: true, outline: false, pagination: true, metadata: false, coverMask: 'none', tags: true, actions: true, anchors: true });
      expect(read.cover).toEqual({ ref: { kind: 'url', url: 'https://example.com/banner.png' }, yPos: -24 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

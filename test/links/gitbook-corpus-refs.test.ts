import { existsSync } from 'node:fs';
import { join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import type { ContentRef } from '../../src-shared/gitbook-markdown/types';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient } from '../trpc/client';

// A real GitBook Git Sync repository (see the corpus README), imported as a writer would.
const FOLDER = '/work/shared/data/gitbook-corpus/MirrorNetworking-MirrorDocs';
const server = useTestServer({ config: { allowFileImports: true } });

type TreePage = { id: string; type: string; path: string; pages?: TreePage[] };
const flatten = (pages: TreePage[]): TreePage[] => pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);

/** Every reference of a document, in document order. */
function refsOf(value: unknown): ContentRef[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (!value || typeof value !== 'object') return [];
  const node = value as { data?: { ref?: ContentRef }; nodes?: unknown; fragments?: unknown };
  const ref = node.data?.ref;
  return [...(ref && ['url', 'page', 'anchor', 'file'].includes(ref.kind) ? [ref] : []), ...refsOf(node.nodes), ...refsOf(node.fragments)];
}

let spaceId: string;
let pages: TreePage[];
beforeAll(async () => {
  const org = await newOrganization(server);
  spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Mirror' })).body.id as string;
  const trpc = trpcClient(server.url, server.owner.token);
  const { jobId } = await trpc.content.startImport.mutate({ spaceId, url: pathToFileURL(FOLDER).href, source: 'markdown' });
  const giveUp = Date.now() + 100_000;
  let status = await trpc.content.importStatus.query({ jobId });
  while (status.state === 'running' && Date.now() < giveUp) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = await trpc.content.importStatus.query({ jobId });
  }
  expect(status).toMatchObject({ state: 'done' });
  pages = flatten((await server.api.get(`/v1/spaces/${spaceId}/content/pages`)).body.pages as TreePage[]).filter((p) => p.type === 'document');
}, 120_000);

describe('the Mirror repository’s links as document references', () => {
  it('makes every relative .md link that resolves in the repository a reference to that file’s page', async () => {
    // GitBook's layout, read from the folder rather than from Folio: the first page is README.md,
    // page `a/b` is `a/b.md`, or `a/b/README.md` when that is the file that exists.
    const fileOfPage = new Map(pages.map((p, i) => [p.id, i === 0 ? 'README.md' : existsSync(join(FOLDER, `${p.path}.md`)) ? `${p.path}.md` : `${p.path}/README.md`]));
    const pageOfFile = new Map([...fileOfPage].map(([id, file]) => [file, id]));
    let checked = 0;
    for (const page of pages) {
      const read = await server.api.get(`/v1/spaces/${spaceId}/content/page/${page.id}?format=document`);
      const refs = refsOf(read.body.document);
      // The same body without a resolver lists the URLs as written, in the same order.
      const written = refsOf(markdownToDocument((await server.api.get(`/v1/spaces/${spaceId}/content/page/${page.id}`)).body.markdown));
      expect(refs).toHaveLength(written.length);
      const fileDir = posix.dirname(fileOfPage.get(page.id)!);
      written.forEach((asWritten, i) => {
        if (asWritten.kind !== 'url' || /^[a-z][a-z0-9+.-]*:|^\/|^#/i.test(asWritten.url)) return;
        const [path = '', anchor] = decodeURIComponent(asWritten.url).split('#');
        if (!/\.md$/i.test(path)) return;
        const target = posix.normalize(posix.join(fileDir, path));
        if (target.startsWith('..') || !existsSync(join(FOLDER, target))) return;
        const targetPage = pageOfFile.get(target);
        const expected = anchor ? { kind: 'anchor', anchor, page: targetPage } : { kind: 'page', page: targetPage };
        expect({ in: fileOfPage.get(page.id), link: asWritten.url, ref: refs[i] }).toEqual({ in: fileOfPage.get(page.id), link: asWritten.url, ref: expected });
        checked += 1;
      });
    }
    // The repository's pages link each other 188 times in markdown link syntax (counted with grep).
    expect(checked).toBeGreaterThanOrEqual(188);
  }, 120_000);

  it('counts those links and the assets pages show in the space’s links, none of them broken', async () => {
    const links = await server.api.get(`/v1/spaces/${spaceId}/links?limit=1000`);
    const items = links.body.items as Array<{ status: string; targetReference: { kind: string; url?: string } }>;
    expect(items).toHaveLength(links.body.count);
    const brokenMarkdownLinks = items.filter((l) => l.status === 'broken' && /\.md(#|$)/.test(l.targetReference.url ?? ''));
    expect(brokenMarkdownLinks).toEqual([]);
    expect(items.filter((l) => l.targetReference.kind === 'page').length).toBeGreaterThanOrEqual(188);
    // Every asset the repository keeps is used by a page, in markdown images or in GitBook's <figure>
    // HTML, so each file of the space is a link target, but the one used only as README's cover.
    const linked = new Set(items.flatMap((l) => (l.targetReference.kind === 'file' ? [(l.targetReference as { file?: { name: string } }).file!.name] : [])));
    const files = (await server.api.get(`/v1/spaces/${spaceId}/content`)).body.files as Array<{ name: string }>;
    expect(files.length).toBeGreaterThan(250);
    expect(files.filter((f) => !linked.has(f.name)).map((f) => f.name)).toEqual(['we6li1x[1].png']);
    expect(items.filter((l) => l.status === 'broken' && /\.gitbook\/assets\//.test(l.targetReference.url ?? ''))).toEqual([]);
  });
});

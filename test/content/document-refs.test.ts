import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentRef } from '../../src-shared/gitbook-markdown/types';
import { refTarget } from '../gitbook-markdown/support';
import { pngImage } from '../support/images';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient } from '../trpc/client';

// Every /v1 answer below is checked against GitBook's spec by the api client.
const server = useTestServer({ config: { allowFileImports: true } });

// A small GitBook Git Sync repository: pages in nested folders (README pages with children) linking
// to each other with `../`, to anchors, to the top README, and to assets (one name with a space).
const FILES: Record<string, string | Buffer> = {
  'SUMMARY.md': [
    '# Table of contents',
    '',
    '* [Welcome](README.md)',
    '* [Guides](guides/README.md)',
    '  * [Install](guides/install.md)',
    '  * [Advanced](guides/advanced/README.md)',
    '    * [Tuning](guides/advanced/tuning.md)',
    '* [Reference](reference.md)',
    '',
  ].join('\n'),
  'README.md': '# Welcome\n\nStart with [the guides](guides/README.md), then [Linux](guides/install.md#linux). ![Logo](.gitbook/assets/logo.png)\n',
  'guides/README.md': '# Guides\n\nRead [Install](install.md) and [Tuning](advanced/tuning.md). Back [home](../README.md).\n',
  'guides/install.md':
    '# Install\n\n## Linux\n\nSee [the knobs](advanced/tuning.md#knobs), [the reference](../reference.md) and [Linux](#linux).\n\nHere is ![Diagram](<../.gitbook/assets/the diagram.png>) inline.\n',
  'guides/advanced/README.md': '# Advanced\n\nGo [up](../README.md) or [install](../install.md).\n',
  'guides/advanced/tuning.md': '# Tuning\n\n## Knobs\n\nAsk [the API](../../reference.md#api). Get [the tools](../../.gitbook/assets/tools.zip).\n',
  'reference.md': '# Reference\n\n## API\n\n[Home](README.md), [Install](guides/install.md) and [elsewhere](https://example.com/reference.md).\n',
  '.gitbook/assets/logo.png': pngImage(2, 2),
  '.gitbook/assets/the diagram.png': pngImage(3, 3),
  '.gitbook/assets/tools.zip': Buffer.from('PK\u0005\u0006'.padEnd(22, '\u0000')),
};

type Page = { id: string; path: string; pages?: Page[] };
type File = { id: string; name: string };
let folder: string;
let spaceId: string;
const ids: Record<string, string> = {};
const files: Record<string, string> = {};

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'folio-refs-'));
  for (const [path, content] of Object.entries(FILES)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), content);
  }
  const org = await newOrganization(server);
  spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Refs' })).body.id as string;
  const trpc = trpcClient(server.url, server.owner.token);
  const { jobId } = await trpc.content.startImport.mutate({ spaceId, url: pathToFileURL(folder).href, source: 'markdown' });
  const giveUp = Date.now() + 60_000;
  let status = await trpc.content.importStatus.query({ jobId });
  while (status.state === 'running' && Date.now() < giveUp) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = await trpc.content.importStatus.query({ jobId });
  }
  expect(status).toMatchObject({ state: 'done' });
  const content = (await server.api.get(`/v1/spaces/${spaceId}/content`)).body as { pages: Page[]; files: File[] };
  const flatten = (pages: Page[]): Page[] => pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);
  const [welcome, ...rest] = flatten(content.pages);
  ids.welcome = welcome!.id;
  for (const p of rest) ids[p.path.split('/').at(-1)!] = p.id;
  for (const f of content.files) files[f.name] = f.id;
}, 90_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The references of a document's links and inline images, in order, as one string each. */
function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (!value || typeof value !== 'object') return [];
  const node = value as { data?: { ref?: ContentRef }; nodes?: unknown };
  return [...(node.data?.ref ? [refTarget(node.data.ref)] : []), ...refsOf(node.nodes)];
}

const documentOf = async (path: string) => (await server.api.get(`/v1/spaces/${spaceId}/content/page/${ids[path]}?format=document`)).body.document;

describe('links between imported GitBook pages as document references', () => {
  it('reads links to pages, anchors and assets as page, anchor and file references with their ids', async () => {
    expect(refsOf(await documentOf('welcome'))).toEqual([`page:${ids.guides}`, `anchor:${ids.install}#linux`, `file:${files['logo.png']}`]);
    expect(refsOf(await documentOf('guides'))).toEqual([`page:${ids.install}`, `page:${ids.tuning}`, `page:${ids.welcome}`]);
    expect(refsOf(await documentOf('install'))).toEqual([
      `anchor:${ids.tuning}#knobs`,
      `page:${ids.reference}`,
      'anchor:#linux',
      `file:${files['the diagram.png']}`,
    ]);
    expect(refsOf(await documentOf('advanced'))).toEqual([`page:${ids.guides}`, `page:${ids.install}`]);
    expect(refsOf(await documentOf('tuning'))).toEqual([`anchor:${ids.reference}#api`, `file:${files['tools.zip']}`]);
    expect(refsOf(await documentOf('reference'))).toEqual([`page:${ids.welcome}`, `page:${ids.install}`, 'https://example.com/reference.md']);
  });

  it('resolves at a revision and in a change request as in main content', async () => {
    const revision = (await server.api.get(`/v1/spaces/${spaceId}`)).body.revision as string;
    const atRevision = await server.api.get(`/v1/spaces/${spaceId}/revisions/${revision}/page/${ids.install}?format=document`);
    expect(refsOf(atRevision.body.document)).toEqual(refsOf(await documentOf('install')));
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body as { id: string };
    const inRequest = await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/page/${ids.install}?format=document`);
    expect(refsOf(inRequest.body.document)).toEqual(refsOf(await documentOf('install')));
  });

  it('writes every document back as the markdown it was read from', async () => {
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, {})).body as { id: string };
    const base = `/v1/spaces/${spaceId}/change-requests/${cr.id}`;
    const names = ['welcome', 'guides', 'install', 'advanced', 'tuning', 'reference'];
    const changes = await Promise.all(names.map(async (name) => ({ operation: 'update_page', page: ids[name], document: { document: await documentOf(name) } })));
    expect((await server.api.post(`${base}/content`, { changes })).status).toBe(200);
    const sources = ['README.md', 'guides/README.md', 'guides/install.md', 'guides/advanced/README.md', 'guides/advanced/tuning.md', 'reference.md'];
    for (const [i, name] of names.entries()) {
      const written = (await server.api.get(`${base}/content/page/${ids[name]}`)).body.markdown as string;
      const original = (await server.api.get(`/v1/spaces/${spaceId}/content/page/${ids[name]}`)).body.markdown as string;
      // The import keeps the file as the body, but for its title heading (the page's title).
      expect(original).toBe((FILES[sources[i]!] as string).replace(/^# .*\n\n/, ''));
      expect(written).toBe(original);
    }
  });

  it('writes references in a comment on a page as paths from that page’s file', async () => {
    const link = (ref: Record<string, string>, text: string) => ({ object: 'inline', type: 'link', data: { ref }, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] });
    const document = {
      object: 'document',
      data: {},
      nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [link({ kind: 'page', page: ids.reference! }, 'ref'), link({ kind: 'file', file: files['tools.zip']! }, 'zip')] }],
    };
    const comments = `/v1/spaces/${spaceId}/comments`;
    const posted = await server.api.post(comments, { page: ids.install, body: { document } });
    expect(posted.body.body).toEqual({ markdown: '[ref](../reference.md)[zip](../.gitbook/assets/tools.zip)\n' });
    const read = await server.api.get(`${comments}/${posted.body.id}?format=document`);
    expect(refsOf(read.body.body.document)).toEqual([`page:${ids.reference}`, `file:${files['tools.zip']}`]);
  });

  it('lists the pages linking to a page, or to a file, as its backlinks', async () => {
    const backlinks = async (path: string) =>
      ((await server.api.get(`/v1/spaces/${spaceId}/${path}/backlinks`)).body.items as Array<{ page: { id: string } }>).map((l) => l.page.id).sort();
    expect(await backlinks(`content/page/${ids.install}`)).toEqual([ids.welcome, ids.guides, ids.advanced, ids.reference].sort());
    expect(await backlinks(`content/page/${ids.welcome}`)).toEqual([ids.guides, ids.reference].sort());
    expect(await backlinks(`content/page/${ids.guides}`)).toEqual([ids.welcome, ids.advanced].sort());
    expect(await backlinks(`content/files/${files['tools.zip']}`)).toEqual([ids.tuning]);
    const stats = (await server.api.get(`/v1/spaces/${spaceId}/links`)).body.stats;
    expect(stats.broken.total).toBe(0);
  });
});

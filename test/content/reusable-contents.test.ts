import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportZip, type Files, importFolder, importZip, text, unzip } from '../export/repository-support';
import { newOrganization } from '../support/org';
import { useTestServer } from '../support/server';
import { trpcClient } from '../trpc/client';

const server = useTestServer({ config: { allowFileImports: true } });

// A repository as GitBook's Git Sync writes reusable contents: `.gitbook/includes/<slug>.md` with a title in
// front matter, placed in pages (at two depths) with `{% include %}` relative to each page's file.
const REPOSITORY: Record<string, string> = {
  'SUMMARY.md': `# Table of contents

* [Welcome](README.md)
* [Guides](guides/README.md)
  * [Setup](guides/setup.md)
`,
  'README.md': `# Welcome

{% include ".gitbook/includes/need-help.md" %}
`,
  'guides/README.md': `# Guides

Read on.
`,
  'guides/setup.md': `# Setup

Install it.

{% include "../.gitbook/includes/need-help.md" %}

{% include "../.gitbook/includes/licence-note.md" %}
`,
  '.gitbook/includes/need-help.md': `---
title: 'Need help: join us'
---

## Need help?

Ask in the [forum](https://example.com/forum).
`,
  '.gitbook/includes/licence-note.md': `---
title: Licence note
---

This page is MIT licensed.
`,
};

let folder: string;
let source: Files;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'folio-includes-'));
  source = new Map();
  for (const [path, content] of Object.entries(REPOSITORY)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    const bytes = new TextEncoder().encode(content);
    writeFileSync(join(folder, path), bytes);
    source.set(path, bytes);
  }
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface ReusableContent {
  id: string;
  title: string;
  document: string;
}

describe('reusable contents imported from a repository', () => {
  let spaceId: string;
  let revisionId: string;
  let reusables: ReusableContent[];
  beforeAll(async () => {
    const imported = await importFolder(server, folder);
    expect(imported.result.failures).toEqual([]);
    spaceId = imported.spaceId;
    const space = (await server.api.get(`/v1/spaces/${spaceId}`)).body;
    revisionId = space.revision;
    reusables = (await server.api.get(`/v1/spaces/${spaceId}/revisions/${revisionId}`)).body.reusableContents;
  }, 60_000);

  it("lists them in the revision, by title, each with its body's document id", () => {
    expect(reusables.map((r) => r.title)).toEqual(['Licence note', 'Need help: join us']);
    for (const reusable of reusables) expect(reusable.document).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads one in main content, in a revision and as its JSON document', async () => {
    const help = reusables.find((r) => r.title.startsWith('Need help'))!;
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/reusable-contents/${help.id}`)).body).toEqual(help);
    expect((await server.api.get(`/v1/spaces/${spaceId}/revisions/${revisionId}/reusable-contents/${help.id}?metadata=true`)).body).toEqual(help);
    const document = (await server.api.get(`/v1/spaces/${spaceId}/revisions/${revisionId}/reusable-contents/${help.id}/document`)).body;
    expect(document.object).toBe('document');
    expect(JSON.stringify(document)).toContain('Need help?');
    // Its document id is a document of the space.
    expect((await server.api.get(`/v1/spaces/${spaceId}/documents/${help.document}`)).body).toEqual(document);
  });

  it('answers 404 for an unknown id, and 400 for a query it does not take', async () => {
    const missing = await server.api.get(`/v1/spaces/${spaceId}/content/reusable-contents/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toMatch(/Reusable content "nope" not found/);
    expect((await server.api.get(`/v1/spaces/${spaceId}/revisions/${revisionId}/reusable-contents/nope`)).status).toBe(404);
    const bad = await server.api.get(`/v1/spaces/${spaceId}/content/reusable-contents/${reusables[0]!.id}?metadata=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/metadata/);
  });

  it("is a reusable-content block of the page's JSON document, where the page includes it", async () => {
    const help = reusables.find((r) => r.title.startsWith('Need help'))!;
    const pages = (await server.api.get(`/v1/spaces/${spaceId}/content`)).body.pages as Array<{ id: string; title: string; pages: Array<{ id: string; title: string }> }>;
    const setup = pages.flatMap((p) => [p, ...p.pages]).find((p) => p.title === 'Setup')!;
    const page = (await server.api.get(`/v1/spaces/${spaceId}/content/page/${setup.id}?format=document`)).body;
    const blocks = (page.document.nodes as Array<{ type: string; data?: { ref?: { reusableContent?: string } } }>).filter((n) => n.type === 'reusable-content');
    expect(blocks.map((b) => b.data!.ref!.reusableContent)).toEqual([help.id, reusables.find((r) => r.title === 'Licence note')!.id]);
  });

  it('is exported byte for byte, includes and pages alike, and again after importing the export', async () => {
    const zip = await exportZip(server, spaceId);
    const exported = unzip(zip);
    expect([...exported.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [path, bytes] of source) expect(text(exported.get(path)), path).toBe(text(bytes));
    const again = await importZip(server, zip);
    expect(again.result.failures).toEqual([]);
    expect(Buffer.from(await exportZip(server, again.spaceId)).equals(Buffer.from(zip))).toBe(true);
  }, 60_000);

  it('is edited in a change request, and the change request reads and merges it', async () => {
    const trpc = trpcClient(server.url, server.owner.token);
    const licence = reusables.find((r) => r.title === 'Licence note')!;
    const cr = (await server.api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Relicense' })).body;
    await trpc.reusableContents.rename.mutate({ spaceId, changeRequestId: cr.id, id: licence.id, title: 'Licence' });
    const inRequest = await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/reusable-contents/${licence.id}`);
    expect(inRequest.body.title).toBe('Licence');
    // Main still has the old title until the merge.
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/reusable-contents/${licence.id}`)).body.title).toBe('Licence note');
    const changes = await server.api.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/changes`);
    expect(changes.body.changes).toContainEqual(
      expect.objectContaining({ type: 'reusable_content_edited', attributes: { title: { before: 'Licence note', after: 'Licence' } } }),
    );
    expect((await server.api.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`)).status).toBe(200);
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/reusable-contents/${licence.id}`)).body.title).toBe('Licence');
  });
});

describe('reusable contents made in the app', () => {
  it('are created, listed, renamed and deleted, each a revision whose changes say so', async () => {
    const trpc = trpcClient(server.url, server.owner.token);
    const org = (await server.api.post('/v1/orgs', { title: 'Reuse' })).body;
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string;
    const created = await trpc.reusableContents.create.mutate({ spaceId, title: 'Warning', markdown: 'Be careful.\n' });
    const again = await trpc.reusableContents.create.mutate({ spaceId, title: 'Warning' });
    expect((await trpc.reusableContents.list.query({ spaceId })).map((r) => r.slug).sort()).toEqual(['warning', 'warning-2']);
    expect(await trpc.reusableContents.find.query({ spaceId, id: created.id })).toMatchObject({ title: 'Warning', markdown: 'Be careful.\n' });

    const changes = await server.api.get(`/v1/spaces/${spaceId}/revisions/${created.revision}/changes`);
    expect(changes.body.changes).toEqual([{ type: 'reusable_content_created', reusableContent: expect.objectContaining({ id: created.id, title: 'Warning' }) }]);

    const deleted = await trpc.reusableContents.delete.mutate({ spaceId, id: again.id });
    const removal = await server.api.get(`/v1/spaces/${spaceId}/revisions/${deleted.revision}/changes`);
    expect(removal.body.changes).toEqual([{ type: 'reusable_content_deleted', reusableContent: expect.objectContaining({ id: again.id }) }]);
    expect((await server.api.get(`/v1/spaces/${spaceId}/content/reusable-contents/${again.id}`)).status).toBe(404);
    // Still readable at the revision it was created in.
    expect((await server.api.get(`/v1/spaces/${spaceId}/revisions/${again.revision}/reusable-contents/${again.id}`)).status).toBe(200);
  });

  it('come back with their ids when the space is restored to a revision that had them', async () => {
    const trpc = trpcClient(server.url, server.owner.token);
    const org = (await server.api.post('/v1/orgs', { title: 'Restore' })).body;
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string;
    const created = await trpc.reusableContents.create.mutate({ spaceId, title: 'Keep me', markdown: 'Kept.\n' });
    await trpc.reusableContents.delete.mutate({ spaceId, id: created.id });
    expect(await trpc.reusableContents.list.query({ spaceId })).toEqual([]);
    await trpc.revisions.restoreSpace.mutate({ spaceId, revisionId: created.revision! });
    expect(await trpc.reusableContents.find.query({ spaceId, id: created.id })).toMatchObject({ title: 'Keep me', markdown: 'Kept.\n' });
  });

  it('refuses an empty title (400 naming it) and a reader (403)', async () => {
    const trpc = trpcClient(server.url, server.owner.token);
    const org = await newOrganization(server, 'Reuse 2');
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string;
    await expect(trpc.reusableContents.create.mutate({ spaceId, title: '  ' })).rejects.toThrow(/title/);
    const reader = await org.member('read');
    const asReader = trpcClient(server.url, reader.token);
    await expect(asReader.reusableContents.create.mutate({ spaceId, title: 'Mine' })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
    expect(await asReader.reusableContents.list.query({ spaceId })).toEqual([]);
  });
});

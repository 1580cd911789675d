import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../support/images';
import { useTestServer } from '../support/server';
import { trpcClient, trpcError } from '../trpc/client';
import { exportZip, type Files, importFolder, importZip, text, unzip } from './repository-support';

const server = useTestServer({ config: { allowFileImports: true } });

// A small repository as GitBook's Git Sync writes one: a group with its own slug (GitBook's anchor) and one
// without, a link page, nested READMEs, a hidden page, a folded and a quoted description, an icon, a
// layout, and files linked from markdown, HTML and `{% file %}` at several depths.
const REPOSITORY: Record<string, string> = {
  'SUMMARY.md': `# Table of contents

* [Welcome](README.md)
* [Changelog](https://example.com/changelog)

## Guides <a href="#guides-section" id="guides-section"></a>

* [Install](guides-section/install/README.md)
  * [On Linux](guides-section/install/linux/README.md)
    * [Debian](guides-section/install/linux/debian.md)
  * [Secret page](guides-section/install/secret.md)
* [Configure](guides-section/configure.md)

## Reference

* [API](reference/api.md)
`,
  'README.md': `---
description: >-
  A long description that GitBook folds over two lines because it runs past
  eighty characters.
icon: 🚀
---

# Welcome

![Diagram](.gitbook/assets/diagram.png)
`,
  'guides-section/install/README.md': `# Install

See [Linux](linux/) and the [spec](<../../.gitbook/assets/spec file.pdf>).
`,
  'guides-section/install/linux/README.md': `# On Linux

<figure><img src="../../../.gitbook/assets/diagram.png" alt=""><figcaption></figcaption></figure>
`,
  'guides-section/install/linux/debian.md': `# Debian

Back to [Install](../README.md).
`,
  'guides-section/install/secret.md': `---
hidden: true
---

# Secret page

Only for those who know.
`,
  'guides-section/configure.md': `---
description: 'Deprecated: use the new settings.'
layout:
  width: wide
  title:
    visible: true
  outline:
    visible: false
---

# Configure



Two blank lines above are the body's own.
`,
  'reference/api.md': `# API

{% file src="../.gitbook/assets/spec file.pdf" %}
`,
};

let folder: string;
let source: Files;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'folio-export-'));
  source = new Map();
  const write = (path: string, bytes: Uint8Array) => {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), bytes);
    source.set(path, bytes);
  };
  for (const [path, content] of Object.entries(REPOSITORY)) write(path, new TextEncoder().encode(content));
  write('.gitbook/assets/diagram.png', pngImage(2, 2));
  write('.gitbook/assets/spec file.pdf', new TextEncoder().encode('%PDF-1.4\n'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('a GitBook repository with groups, nested READMEs, link, hidden pages and folded descriptions', () => {
  let spaceId: string;
  let exported: Files;
  let zip: Uint8Array;
  beforeAll(async () => {
    const imported = await importFolder(server, folder);
    expect(imported.result.failures).toEqual([]);
    spaceId = imported.spaceId;
    zip = await exportZip(server, spaceId);
    exported = unzip(zip);
  }, 60_000);

  it('is exported byte for byte, every file in place', () => {
    expect([...exported.keys()].sort()).toEqual([...source.keys()].sort());
    for (const [path, bytes] of source) expect(text(exported.get(path)), path).toBe(text(bytes));
    expect(Buffer.from(exported.get('.gitbook/assets/diagram.png')!).equals(Buffer.from(source.get('.gitbook/assets/diagram.png')!))).toBe(true);
  });

  it('exports the same bytes again after importing its export, zip included', async () => {
    const again = await importZip(server, zip);
    expect(again.result.failures).toEqual([]);
    expect(Buffer.from(await exportZip(server, again.spaceId)).equals(Buffer.from(zip))).toBe(true);
  }, 60_000);

  it("links an edited page's files relative to its file, in the zip and in the page's own export", async () => {
    const trpc = trpcClient(server.url, server.owner.token);
    const outline = await trpc.content.outline.query({ spaceId });
    const install = JSON.stringify(outline).match(/"id":"([^"]+)","title":"Install"/)?.[1];
    expect(install).toBeDefined();
    const { pageId } = await trpc.content.createPage.mutate({
      spaceId,
      parent: install,
      title: 'Pasted [image]',
      description: 'Added in the app',
      markdown: '![image](.gitbook/assets/diagram.png)\n\n<img src=".gitbook/assets/diagram.png">\n',
    });
    const file = `---
description: Added in the app
---

# Pasted \\[image\\]

![image](../../.gitbook/assets/diagram.png)

<img src="../../.gitbook/assets/diagram.png">
`;
    const repository = unzip(await exportZip(server, spaceId));
    expect(text(repository.get('guides-section/install/pasted-image.md'))).toBe(file);

    const path = `/v1/spaces/${spaceId}/content/page/${pageId}/export`;
    const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${server.owner.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(response.headers.get('x-folio-path')).toBe('guides-section/install/pasted-image.md');
    expect(await response.text()).toBe(file);
    expect(await trpc.spaceExport.exportPageFile.query({ spaceId, pageId })).toEqual({ path: 'guides-section/install/pasted-image.md', markdown: file });
  });

  it('gives the app the same zip over tRPC', async () => {
    const trpc = trpcClient(server.url, server.owner.token);
    const fromApp = await trpc.spaceExport.exportZip.query({ spaceId });
    expect(fromApp.fileName).toBe('exported-docs.zip');
    expect(Buffer.from(fromApp.data, 'base64').equals(Buffer.from(await exportZip(server, spaceId)))).toBe(true);
  });

  it('refuses to export a group page as a file, and a space the caller cannot see', async () => {
    const trpc = trpcClient(server.url, server.owner.token);
    const outline = await trpc.content.outline.query({ spaceId });
    const group = outline.pages.find((p: { type: string }) => p.type === 'group') as { id: string };
    const groupExport = await server.api.get(`/v1/spaces/${spaceId}/content/page/${group.id}/export`);
    expect(groupExport.status).toBe(404);
    const stranger = server.userToken('stranger@example.com');
    expect((await server.as(stranger.token).get(`/v1/spaces/${spaceId}/content/export`)).status).toBe(404);
    expect((await trpcError(trpcClient(server.url, stranger.token).spaceExport.exportZip.query({ spaceId }))).code).toBe('NOT_FOUND');
  });
});

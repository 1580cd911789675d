import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../../support/org';
import { useTestServer } from '../../support/server';
import { coverPositionY } from '../../../src-main/sites/preview/page-cover';
import { siteFetch } from './preview-support';

const server = useTestServer({ config: { allowFileImports: true } });

/** A GitBook folder whose pages name a cover in front matter, imported and published. */
describe("a page's cover on the published site", () => {
  let folder: string;
  let root: string;
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'folio-cover-'));
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const files: Record<string, string | Buffer> = {
      'SUMMARY.md': '* [Home](README.md)\n* [Shown](shown.md)\n* [Hidden](hidden.md)\n* [Offset](offset.md)\n',
      'offset.md': '---\ncover: .gitbook/assets/tall.png\ncoverY: 120\n---\n\n# Offset\n\nText.\n',
      // A PNG header claiming 100 × 400 pixels: far taller than the cover's box, so the offset moves it.
      '.gitbook/assets/tall.png': Buffer.from('89504e470d0a1a0a0000000d49484452000000640000019008060000001f', 'hex'),
      'README.md': '# Home\n',
      'shown.md': '---\ncover: .gitbook/assets/banner.png\ncoverY: 0\n---\n\n# Shown\n\nText.\n',
      'hidden.md': '---\ncover: .gitbook/assets/banner.png\ncoverY: 0\nlayout:\n  cover:\n    visible: false\n---\n\n# Hidden\n\nText.\n',
      '.gitbook/assets/banner.png': png,
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(folder, path, '..'), { recursive: true });
      writeFileSync(join(folder, path), content);
    }
    const org = await newOrganization(server);
    const spaceId = (await server.api.post(`/v1/orgs/${org.id}/spaces`, { title: 'Docs' })).body.id as string;
    expect((await server.api.post(`/v1/spaces/${spaceId}/content/import`, { url: pathToFileURL(folder).href, source: 'markdown' })).status).toBe(201);
    const site = (await server.api.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs', visibility: 'public', spaces: [spaceId] })).body;
    expect((await server.api.post(`/v1/orgs/${org.id}/sites/${site.id}/publish`)).status).toBe(200);
    root = `${server.url}/sites/${site.id}/`;
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('draws the cover above the title, served from the space', async () => {
    const { status, html } = await siteFetch(`${root}shown`);
    expect(status).toBe(200);
    const cover = parse(html).querySelector('article img.page-cover');
    expect(cover).not.toBeNull();
    const image = await fetch(new URL(cover!.getAttribute('src')!, `${root}shown`));
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).subarray(0, 4).toString('hex')).toBe('89504e47');
  });

  it("places the cover by its coverY with a class of the site's stylesheet, never an inline style", async () => {
    const { html } = await siteFetch(`${root}offset`);
    const cover = parse(html).querySelector('article img.page-cover')!;
    // 100 × 400 drawn across 912 × 224 pixels: 120 of the 188 pixels it can move up, 18% from the top.
    expect(cover.classList.value).toEqual(['page-cover', 'cover-y-18']);
    expect(html).not.toMatch(/\sstyle=/);
    const css = await (await fetch(`${server.url}/sites/~static/site.css`)).text();
    expect(css).toContain('.page-cover.cover-y-18 { object-position: 50% 18%; }');
    // An offset of 0 is GitBook's centre: no class.
    expect(parse((await siteFetch(`${root}shown`)).html).querySelector('img.page-cover')!.classList.value).toEqual(['page-cover']);
  });

  it('leaves it out where the page layout hides the cover, and on pages without one', async () => {
    expect(parse((await siteFetch(`${root}hidden`)).html).querySelector('img.page-cover')).toBeNull();
    expect(parse((await siteFetch(root)).html).querySelector('img.page-cover')).toBeNull();
  });
});

describe('coverY as an object position', () => {
  it("follows GitBook's formula: centred at 0, clamped to the image's edges, centred when nothing overflows", () => {
    const tall = { width: 100, height: 400 };
    expect(coverPositionY(0, tall)).toBe(50);
    expect(coverPositionY(120, tall)).toBe(18);
    expect(coverPositionY(-120, tall)).toBe(82);
    expect(coverPositionY(10_000, tall)).toBe(0);
    expect(coverPositionY(-10_000, tall)).toBe(100);
    // GitBook's recommended 1990 × 480 cover fills the box's width without overflowing its height.
    expect(coverPositionY(120, { width: 1990, height: 480 })).toBe(50);
  });
});

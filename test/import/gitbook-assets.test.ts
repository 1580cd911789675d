import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { assetReferences } from '../../src-main/import/asset-references';
import { importMarkdownTree } from '../../src-main/import/markdown';
import { countPages, type ImportedPage } from '../../src-main/import/plan';
import { treeOfMap } from '../../src-main/import/source';

/** A repository in memory that records which files were read. */
function repo(files: Record<string, string>) {
  const read: string[] = [];
  const tree = treeOfMap(new Map(Object.entries(files).map(([path, text]) => [path, strToU8(text)])));
  return { read, tree: { ...tree, read: (path: string) => (read.push(path), tree.read(path)) } };
}

const flatten = (pages: ImportedPage[]): ImportedPage[] => pages.flatMap((p) => [p, ...flatten(p.children)]);

// Each form GitBook writes a file reference in, as its Git Sync writes it.
const PAGE = [
  '# Guide',
  '',
  '![Shot](../.gitbook/assets/shot.png)',
  '',
  '<figure><img src="../.gitbook/assets/figure%20one.png" alt=""><figcaption><p>One</p></figcaption></figure>',
  '',
  '<figure><picture><source srcset="../.gitbook/assets/dark.png" media="(prefers-color-scheme: dark)"><img src="../.gitbook/assets/light.png" alt=""></picture><figcaption></figcaption></figure>',
  '',
  '{% file src="../.gitbook/assets/Templates.zip" %}',
  'Script templates',
  '{% endfile %}',
  '',
  '{% openapi src="../.gitbook/assets/api.yaml" path="/pets" method="get" %}',
  '[api.yaml](../.gitbook/assets/api.yaml)',
  '{% endopenapi %}',
  '',
  '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td>Card</td><td><a href="../.gitbook/assets/card.png">card.png</a></td></tr></tbody></table>',
  '',
  '```md',
  '![not a reference](../.gitbook/assets/in-code.png)',
  '```',
  '',
  'A [PDF](../docs/manual.pdf) and [a page](other.md).',
  '',
].join('\n');

describe('the files an imported page uses', () => {
  it('finds every form of reference, outside code', () => {
    expect(assetReferences(PAGE)).toEqual(
      expect.arrayContaining([
        '../.gitbook/assets/shot.png',
        '../.gitbook/assets/figure%20one.png',
        '../.gitbook/assets/dark.png',
        '../.gitbook/assets/light.png',
        '../.gitbook/assets/Templates.zip',
        '../.gitbook/assets/api.yaml',
        '../.gitbook/assets/card.png',
        '../docs/manual.pdf',
      ]),
    );
    expect(assetReferences(PAGE)).not.toContain('../.gitbook/assets/in-code.png');
  });

  it('imports each file a page uses once, by first use, reads no other, and keeps GitBook-style references as written', async () => {
    const { tree, read } = repo({
      'SUMMARY.md': '* [Guide](guides/guide.md)\n* [Again](guides/again.md)\n',
      'guides/guide.md': PAGE,
      'guides/again.md': '# Again\n\n![Same shot](../.gitbook/assets/shot.png)\n',
      'guides/other.md': '# Other\n',
      ...Object.fromEntries(['shot.png', 'figure one.png', 'dark.png', 'light.png', 'Templates.zip', 'api.yaml', 'card.png', 'in-code.png', 'unused.bin'].map((name) => [`.gitbook/assets/${name}`, name])),
      'docs/manual.pdf': 'pdf',
    });
    const plan = await importMarkdownTree(tree);
    expect(plan.files.map((file) => file.name)).toEqual(['shot.png', 'figure one.png', 'dark.png', 'light.png', 'Templates.zip', 'api.yaml', 'card.png', 'manual.pdf']);
    expect(read.filter((path) => path.startsWith('.gitbook/assets/') || path.startsWith('docs/'))).toHaveLength(8);
    expect(read).not.toContain('.gitbook/assets/unused.bin');
    expect(plan.totalResources).toBe(2 + 8);
    expect(countPages(plan.pages) + plan.files.length).toBe(plan.totalResources);
    const guide = flatten(plan.pages).find((page) => page.title === 'Guide')!;
    // Already named by `.gitbook/assets/<name>`: byte for byte. The PDF outside it is pointed there.
    expect(guide.markdown).toBe(PAGE.replace('# Guide\n\n', '').replace('../docs/manual.pdf', '.gitbook/assets/manual.pdf'));
  });

  it('points references at the name a file got when two folders hold files of one name', async () => {
    const { tree } = repo({
      'README.md': '# Home\n\n![a](a/logo.png) <img src="b/logo.png"> {% file src="b/logo.png" %}\n',
      'a/logo.png': 'a',
      'b/logo.png': 'b',
    });
    const plan = await importMarkdownTree(tree);
    expect(plan.files.map((file) => [file.name, new TextDecoder().decode(file.bytes)])).toEqual([
      ['logo.png', 'a'],
      ['logo-2.png', 'b'],
    ]);
    expect(plan.pages[0]!.markdown).toBe('![a](.gitbook/assets/logo.png) <img src=".gitbook/assets/logo-2.png"> {% file src=".gitbook/assets/logo-2.png" %}\n');
  });

  it('imports the front matter cover as a file, and reports one that is not in the folder', async () => {
    const { tree } = repo({
      'SUMMARY.md': '* [Home](README.md)\n* [Gone](gone.md)\n* [Web](web.md)\n',
      'README.md': '---\ncover: .gitbook/assets/we6li1x[1].png\ncoverY: -12\nlayout:\n  title: { visible: false }\n---\n# Home\n',
      'gone.md': '---\ncover: .gitbook/assets/missing.png\ncoverY: 3\n---\n# Gone\n',
      'web.md': '---\ncover: https://example.com/cover.png\n---\n# Web\n',
      '.gitbook/assets/we6li1x[1].png': 'png',
    });
    const plan = await importMarkdownTree(tree);
    expect(plan.files.map((file) => file.name)).toEqual(['we6li1x[1].png']);
    expect(plan.pages.map((page) => [page.cover, page.layout])).toEqual([
      [{ file: 'we6li1x[1].png', yPos: -12 }, { title: false }],
      [{ yPos: 3 }, undefined],
      [{ url: 'https://example.com/cover.png', yPos: 0 }, undefined],
    ]);
    expect(plan.failures).toEqual(['gone.md: its cover ".gitbook/assets/missing.png" is not in the folder']);
  });
});

describe("a repository's redirects", () => {
  it('lead to the page their target file became, else keep the path the repository named', async () => {
    const { tree } = repo({
      '.gitbook.yaml': 'root: ./\nredirects:\n  old-home: README.md\n  /setup/: guides/setup.md\n  folder: guides\n  moved: gone/away.md\n  up: ../x.md\n',
      'SUMMARY.md': '* [Home](README.md)\n* [Guides](guides/README.md)\n  * [Setup](guides/setup.md)\n',
      'README.md': '# Home\n',
      'guides/README.md': '# Guides\n',
      'guides/setup.md': '# Setup\n',
    });
    const plan = await importMarkdownTree(tree);
    const pages = flatten(plan.pages);
    const byTitle = (title: string) => pages.find((page) => page.title === title);
    expect(plan.redirects).toEqual([
      { source: 'old-home', path: 'README.md', page: byTitle('Home') },
      { source: 'setup', path: 'guides/setup.md', page: byTitle('Setup') },
      { source: 'folder', path: 'guides', page: byTitle('Guides') },
      { source: 'moved', path: 'gone/away.md' },
    ]);
    expect(plan.failures).toEqual(['.gitbook.yaml: the redirect "up" → "../x.md" is not kept: it leaves the repository']);
  });
});

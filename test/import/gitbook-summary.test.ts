import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importMarkdownTree } from '../../src-main/import/markdown';
import type { ImportedPage } from '../../src-main/import/plan';
import { treeOfMap } from '../../src-main/import/source';
import { parseSummary } from '../../src-main/import/summary';

/** A repository in memory, as a zip unpacks to. */
const repo = (files: Record<string, string>) => treeOfMap(new Map(Object.entries(files).map(([path, text]) => [path, strToU8(text)])));

/** Pages as [kind:title(slug)] with children, to compare trees at a glance. */
const shape = (pages: ImportedPage[]): unknown =>
  pages.map((p) => {
    const label = `${p.kind ?? 'document'}:${p.title}${p.slug ? ` (${p.slug})` : ''}${p.href ? ` -> ${p.href}` : ''}`;
    return p.children.length ? [label, shape(p.children)] : label;
  });

describe('parseSummary', () => {
  it('reads groups from ## headings as plain text, with the slug of their anchor, ignoring the # title', () => {
    const nodes = parseSummary(
      [
        '# Table of contents',
        '',
        '* [Home](README.md)',
        '',
        '## Development Blog <a href="#trivia" id="trivia"></a>',
        '',
        '* [History](trivia/history.md)',
        '',
        '### User *Manual* &amp; more',
        '',
        '* [General](manual/README.md)',
        '  * [Start](manual/start.md)',
        '',
      ].join('\n'),
    );
    expect(nodes).toEqual([
      { kind: 'entry', title: 'Home', href: 'README.md', children: [] },
      { kind: 'group', title: 'Development Blog', slug: 'trivia', children: [{ kind: 'entry', title: 'History', href: 'trivia/history.md', children: [] }] },
      {
        kind: 'group',
        title: 'User Manual & more',
        children: [{ kind: 'entry', title: 'General', href: 'manual/README.md', children: [{ kind: 'entry', title: 'Start', href: 'manual/start.md', children: [] }] }],
      },
    ]);
  });

  it('turns escaped characters and inline markup of link texts into plain text', () => {
    const [entry] = parseSummary('* [Install \\[beta\\] `v2` **now** <mark>x</mark>](install.md)\n');
    expect(entry).toMatchObject({ title: 'Install [beta] v2 now x', href: 'install.md' });
  });

  it('nests lists at any indentation, ordered or not, and reads reference links and <angle> targets', () => {
    const nodes = parseSummary(['1. [A](a.md)', '   - [B][b]', '       * [C](<c d.md>)', '2. [E](e.md)', '', '[b]: b.md'].join('\n'));
    expect(nodes).toEqual([
      { kind: 'entry', title: 'A', href: 'a.md', children: [{ kind: 'entry', title: 'B', href: 'b.md', children: [{ kind: 'entry', title: 'C', href: 'c%20d.md', children: [] }] }] },
      { kind: 'entry', title: 'E', href: 'e.md', children: [] },
    ]);
  });

  it('ends a group at a --- rule', () => {
    const nodes = parseSummary('## Group\n\n* [A](a.md)\n\n---\n\n* [B](b.md)\n');
    expect(nodes.map((n) => n.title)).toEqual(['Group', 'B']);
  });

  it('keeps an item without a link as an entry without href, and refuses unsafe link schemes', () => {
    expect(parseSummary('* Just text\n* [Bad](javascript:alert(1))\n')).toEqual([
      { kind: 'entry', title: 'Just text', children: [] },
      { kind: 'entry', title: '[Bad](javascript:alert(1))', children: [] },
    ]);
  });
});

describe('a SUMMARY.md made into pages', () => {
  it('makes groups, pages with file slugs, and link pages for URLs and anchors, each file imported once', async () => {
    const plan = await importMarkdownTree(
      repo({
        'SUMMARY.md': [
          '# Contents',
          '* [Welcome](README.md)',
          '  * [Setup](guides/setup.md)',
          '* [API](https://api.example.com/docs)',
          '## Guides <a href="#guides" id="guides"></a>',
          '* [Setup, Linux part](guides/setup.md#linux)',
          '* [Vue \\[beta\\]](guides/vue.js-guide.md)',
          '  * [Deep](guides/deep/README.md)',
          '* [Setup again](guides/setup.md)',
        ].join('\n'),
        'README.md': '# Welcome\n\nHi.\n',
        'guides/setup.md': '# Setup\n\nSteps.\n',
        'guides/vue.js-guide.md': '# Vue\n\n![shot \\[1\\]](../.gitbook/assets/shot.png)\n',
        'guides/deep/README.md': '# Deep\n',
        '.gitbook/assets/shot.png': 'png',
      }),
    );
    expect(shape(plan.pages)).toEqual([
      // The top README has no folder: its pages' folder names it, as GitBook's layout does.
      ['document:Welcome (guides)', ['document:Setup (setup)']],
      'link:API -> https://api.example.com/docs',
      [
        'group:Guides (guides)',
        [
          'link:Setup, Linux part -> guides/setup.md#linux',
          ['document:Vue [beta] (vue.js-guide)', ['document:Deep (deep)']],
          'link:Setup again -> guides/setup.md',
        ],
      ],
    ]);
    expect(plan.failures).toEqual([]);
    expect(plan.files.map((f) => f.name)).toEqual(['shot.png']);
    // Seven entries and one file; the group is not a resource of the source.
    expect(plan.totalResources).toBe(8);
  });

  it('imports a file at its first entry without an anchor, even after an anchor entry for it', async () => {
    const plan = await importMarkdownTree(repo({ 'SUMMARY.md': '* [Part](a.md#part)\n* [A](a.md)\n', 'README.md': '# Home\n', 'a.md': '# A\n' }));
    expect(shape(plan.pages)).toEqual(['document:Home', 'link:Part -> a.md#part', 'document:A (a)']);
  });

  it('lists every entry it could not import with the reason, and keeps the entries nested under it', async () => {
    const plan = await importMarkdownTree(
      repo({
        'SUMMARY.md': ['* [Home](README.md)', '* [Gone](missing.md)', '  * [Child](child.md)', '* No link', '* [Up](../outside.md)', '* [Picture](logo.png)', '* [Hash](#top)'].join('\n'),
        'README.md': '# Home\n',
        'child.md': '# Child\n',
        'logo.png': 'png',
      }),
    );
    expect(shape(plan.pages)).toEqual(['document:Home', 'document:Child (child)']);
    expect(plan.failures).toEqual([
      'missing.md: listed in SUMMARY.md but not in the folder',
      '"No link": an entry of SUMMARY.md without a link',
      '"Up": its link "../outside.md" points outside the content folder',
      '"Picture": its link "logo.png" is not a markdown page',
      '"Hash": its link "#top" points at no page',
    ]);
    expect(plan.totalResources).toBe(7);
  });

  it('puts the readme first when SUMMARY.md does not list it', async () => {
    const plan = await importMarkdownTree(repo({ 'SUMMARY.md': '* [A](a.md)\n', 'README.md': '# Home\n', 'a.md': '# A\n' }));
    expect(shape(plan.pages)).toEqual(['document:Home', 'document:A (a)']);
    expect(plan.totalResources).toBe(2);
  });

  it('reads .gitbook.yaml: root, structure.readme and structure.summary, relative to the root', async () => {
    const plan = await importMarkdownTree(
      repo({
        '.gitbook.yaml': 'root: ./docs/\nstructure:\n  readme: ./intro.md\n  summary: toc/CONTENTS.md\nredirects:\n  old: intro.md\n',
        'README.md': '# Repository readme, not content\n',
        'docs/intro.md': '# Intro\n',
        'docs/toc/CONTENTS.md': '* [Guide](../guide.md)\n* [Top](/other.md)\n',
        'docs/guide.md': '# Guide\n',
        'docs/other.md': '# Other\n',
      }),
    );
    expect(shape(plan.pages)).toEqual(['document:Intro (intro)', 'document:Guide (guide)', 'document:Top (other)']);
    expect(plan.failures).toEqual([]);
  });

  it('falls back to GitBook defaults for a .gitbook.yaml it cannot use, and says so', async () => {
    const plan = await importMarkdownTree(repo({ '.gitbook.yaml': 'root: [unclosed\n', 'README.md': '# Home\n' }));
    expect(shape(plan.pages)).toEqual(['document:Home']);
    expect(plan.failures).toEqual([expect.stringMatching(/^\.gitbook\.yaml: not YAML \(.+\); GitBook's defaults used$/)]);
    const climbing = await importMarkdownTree(repo({ '.gitbook.yaml': 'root: ../elsewhere\n', 'README.md': '# Home\n' }));
    expect(climbing.failures).toEqual(['.gitbook.yaml: root "../elsewhere" leaves the repository; the top folder used']);
  });

  it('without SUMMARY.md, makes folders and files pages with their file slugs, the readme first', async () => {
    const plan = await importMarkdownTree(repo({ 'README.md': '# Home\n', 'b.md': '# B\n', 'a/README.md': '# A\n', 'a/x.y.md': '# XY\n', '.gitbook/includes/snippet.md': 'reused\n' }));
    expect(shape(plan.pages)).toEqual(['document:Home', ['document:A (a)', ['document:XY (x.y)']], 'document:B (b)']);
    // The include is no page: it is a reusable content (pages place it with `{% include %}`).
    expect(plan.reusables).toEqual([{ slug: 'snippet', title: 'snippet', markdown: 'reused\n' }]);
    expect(plan.totalResources).toBe(5);
  });
});

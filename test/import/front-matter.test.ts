import { describe, expect, it } from 'vitest';
import { emojiCode, splitFrontMatter } from '../../src-main/import/front-matter';
import { pageFromMarkdown } from '../../src-main/import/markdown';

describe('splitFrontMatter', () => {
  it('reads folded, literal and multi-line descriptions as their text', () => {
    const folded = splitFrontMatter('---\ndescription: >-\n  Learn how to create\n  an application.\n---\n\n# Title\n');
    expect(folded).toEqual({ body: '\n# Title\n', fields: { description: 'Learn how to create an application.' } });
    const literal = splitFrontMatter('---\ndescription: |\n  Line one\n  Line two\n---\nBody\n');
    expect(literal.fields.description).toBe('Line one\nLine two');
    const plain = splitFrontMatter('---\ndescription: A plain\n  multi-line scalar\n---\nBody\n');
    expect(plain.fields.description).toBe('A plain multi-line scalar');
    const quoted = splitFrontMatter('---\ndescription: "Say \\"hi\\": it\'s fine"\n---\n');
    expect(quoted).toEqual({ body: '', fields: { description: 'Say "hi": it\'s fine' } });
  });

  it('reads title and hidden, and an icon as the emoji when it is one', () => {
    expect(splitFrontMatter('---\ntitle: Custom\nhidden: true\nicon: 🚀\n---\n').fields).toEqual({ title: 'Custom', hidden: true, emoji: '1f680' });
    expect(splitFrontMatter("---\nhidden: 'true'\nicon: 👍🏻\n---\n").fields).toEqual({ hidden: true, emoji: '1f44d-1f3fb' });
    expect(splitFrontMatter('---\nhidden: false\nicon: book-open\n---\n').fields).toEqual({ icon: 'book-open' });
  });

  it('takes CRLF and a BOM, and leaves keys it does not read alone', () => {
    const page = splitFrontMatter('\uFEFF---\r\ndescription: Hi\r\nvars:\r\n  a: b\r\n---\r\n# T\r\n');
    expect(page).toEqual({ body: '# T\r\n', fields: { description: 'Hi' } });
    expect(splitFrontMatter('---\n---\nBody\n')).toEqual({ body: 'Body\n', fields: {} });
  });

  it("reads layout's options, each as its visibility, with width and cover size", () => {
    const yaml = [
      'layout:',
      '  width: wide',
      '  cover: { visible: true, size: full }',
      '  title: { visible: false }',
      '  description: { visible: true }',
      '  tableOfContents: { visible: false }',
      '  outline: { visible: true }',
      '  pagination: { visible: false }',
      '  metadata: { visible: true }',
    ].join('\n');
    expect(splitFrontMatter(`---\n${yaml}\n---\nBody\n`).fields).toEqual({
      layout: { width: 'wide', cover: true, coverSize: 'full', title: false, description: true, tableOfContents: false, outline: true, pagination: false, metadata: true },
    });
    // A value of the wrong kind keeps the option's default rather than failing the page.
    expect(splitFrontMatter('---\nlayout:\n  width: huge\n  title: { visible: maybe }\n  outline: { visible: false }\n---\n').fields).toEqual({ layout: { outline: false } });
  });

  it('reads cover and coverY, and keeps metadata as given', () => {
    expect(splitFrontMatter('---\ncover: .gitbook/assets/we6li1x[1].png\ncoverY: -42.5\n---\n').fields).toEqual({ cover: { src: '.gitbook/assets/we6li1x[1].png', yPos: -42.5 } });
    expect(splitFrontMatter('---\ncoverY: 0\n---\n').fields).toEqual({ cover: { yPos: 0 } });
    expect(splitFrontMatter('---\ncover: https://example.com/c.png\n---\n').fields).toEqual({ cover: { src: 'https://example.com/c.png', yPos: 0 } });
    expect(splitFrontMatter('---\nmetadata:\n  owner: docs-team\n  tags: [a, b]\n---\n').fields).toEqual({ metadata: { owner: 'docs-team', tags: ['a', 'b'] } });
  });

  it('keeps a block that is not YAML, or not a mapping, as text, saying why', () => {
    const broken = splitFrontMatter('---\ndescription: [unclosed\n---\nBody\n');
    expect(broken.body).toBe('---\ndescription: [unclosed\n---\nBody\n');
    expect(broken.fields).toEqual({});
    expect(broken.problem).toMatch(/^its front matter is not YAML \(.+\); kept as text$/);
    expect(splitFrontMatter('---\n- a list\n---\nBody\n').problem).toBe('its front matter is not a YAML mapping; kept as text');
    expect(splitFrontMatter('No front matter\n---\n')).toEqual({ body: 'No front matter\n---\n', fields: {} });
  });

  it('does not expand a flood of aliases', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i += 1) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const page = splitFrontMatter(`---\n${lines.join('\n')}\ndescription: ok\n---\nBody\n`);
    expect(page.problem).toMatch(/^its front matter is not YAML/);
  });
});

describe('emojiCode', () => {
  it.each([
    ['🚀', '1f680'],
    ['❤️', '2764'],
    ['👨‍👩‍👧', '1f468-200d-1f469-200d-1f467'],
    ['🇫🇷', '1f1eb-1f1f7'],
    ['1️⃣', '31-20e3'],
  ])('spells %s as GitBook does', (emoji, code) => expect(emojiCode(emoji)).toBe(code));

  it.each(['book-open', 'a🚀', '12', ''])('finds no emoji in %j', (text) => expect(emojiCode(text)).toBeUndefined());
});

describe('pageFromMarkdown', () => {
  it('gives a page its front matter fields and its heading as plain text, without either in the body', () => {
    const page = pageFromMarkdown('guides/install.md', '---\ndescription: >-\n  Set it\n  up.\nicon: 🚀\nhidden: true\n---\n\n# Install \\[beta\\] `v2`\n\nSteps.\n');
    expect(page).toEqual({ title: 'Install [beta] v2', slug: 'install', markdown: 'Steps.\n', description: 'Set it up.', emoji: '1f680', hidden: true, children: [] });
  });

  it('reports a front matter block it kept as text', () => {
    const failures: string[] = [];
    const page = pageFromMarkdown('a.md', '---\nkey: [\n---\n# A\n', { failures });
    expect(page.markdown).toContain('key: [');
    expect(failures).toEqual([expect.stringMatching(/^a\.md: its front matter is not YAML/)]);
  });
});

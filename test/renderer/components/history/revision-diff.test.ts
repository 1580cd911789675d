import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { diffBlocks } from '../../../../src-renderer/src/components/history/revision-diff';
import { renderBlocks, renderPage } from '../../../../src-renderer/src/components/history/revision-html';

const compare = (then: string, now: string) => parse(diffBlocks(renderBlocks(then, 'then'), renderBlocks(now, 'now')));
const texts = (root: ReturnType<typeof parse>, selector: string) => root.querySelectorAll(selector).map((e) => e.text);

describe('a page at a revision, rendered', () => {
  it('renders GitBook blocks as the site does, images as their description and only web links as links', () => {
    const html = parse(
      renderPage('# Setup\n\n{% hint style="warning" %}\nMind the **gap**.\n{% endhint %}\n\n![A diagram](https://example.com/d.png)\n\n[Install](install.md) and [the site](https://example.com).\n'),
    );
    expect(html.querySelector('h1')?.text).toBe('Setup');
    expect(html.querySelector('h1')?.getAttribute('id')).toBeUndefined();
    expect(html.querySelector('.hint-warning strong')?.text).toBe('gap');
    expect(html.querySelector('img')).toBeNull();
    expect(html.querySelector('.revision-view__image')?.text).toBe('Image: A diagram');
    expect(html.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual(['https://example.com']);
  });
});

describe('the changes from a revision to the page now', () => {
  it('marks the words rewritten inside a paragraph, keeping its formatting', () => {
    const root = compare('The **quick** fox jumps.\n', 'The **quick** cat jumps high.\n');
    expect(texts(root, 'del')).toEqual(['fox']);
    expect(texts(root, 'ins')).toEqual(['cat', ' high']);
    expect(root.querySelector('p strong')?.text).toBe('quick');
    expect(root.querySelector('p')?.text).toBe('The quick foxcat jumps high.');
  });

  it('marks whole blocks added and removed, and leaves unchanged blocks alone', () => {
    const root = compare('# Title\n\nKept.\n\nGone paragraph.\n', '# Title\n\nKept.\n\n{% hint style="info" %}\nNew hint.\n{% endhint %}\n');
    expect(root.querySelectorAll('del.revision-diff__block').map((d) => d.text)).toEqual(['Gone paragraph.']);
    expect(root.querySelector('ins.revision-diff__block .hint')?.text).toBe('New hint.');
    expect(root.querySelector('h1')?.text).toBe('Title');
    expect(root.querySelectorAll('ins, del')).toHaveLength(2);
  });

  it('keeps character references whole and says nothing changed when nothing did', () => {
    const root = compare('Fish & chips\n', 'Fish & peas\n');
    expect(texts(root, 'del')).toEqual(['chips']);
    expect(root.toString()).toContain('&amp;');
    expect(compare('Same.\n', 'Same.\n').querySelectorAll('ins, del')).toHaveLength(0);
  });
});

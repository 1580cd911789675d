import { describe, expect, it } from 'vitest';
import { headingAnchors } from '../../src-shared/gitbook-markdown/headings';
import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import type { Block } from '../../src-shared/gitbook-markdown/types';

/** The anchors of the document's headings, in order. */
function documentAnchors(markdown: string): string[] {
  const walk = (nodes: readonly Block[]): string[] =>
    nodes.flatMap((node) => ('meta' in node && node.meta?.id ? [node.meta.id] : 'nodes' in node && Array.isArray(node.nodes) ? walk(node.nodes as Block[]) : []));
  return walk(markdownToDocument(markdown).nodes);
}

describe('heading anchors', () => {
  it("name headings as the document converter does, so search results open at the page's headings", () => {
    const markdown = [
      '# Install',
      '## Transports <a href="#transports-1" id="transports-1"></a>',
      '## 1. Back up',
      "## Why wouldn't I&#x20;",
      '###',
      '## Install',
      '{% hint style="info" %}',
      '## Inside a hint',
      '{% endhint %}',
      '```',
      '## not a heading',
      '```',
    ].join('\n\n');
    const anchors = headingAnchors(markdown).map((h) => h.anchor);
    expect(anchors).toEqual(['install', 'transports-1', '1-back-up', 'why-wouldn-t-i', 'section', 'install-2', 'inside-a-hint']);
    expect(documentAnchors(markdown)).toEqual(anchors);
  });

  it('keeps the title of a heading without its kept anchor, entities read', () => {
    expect(headingAnchors('## Fish &amp; chips <a href="#fc" id="fc"></a>').map((h) => [h.anchor, h.title])).toEqual([['fc', 'Fish & chips']]);
  });
});

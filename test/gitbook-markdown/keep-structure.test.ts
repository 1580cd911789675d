import { describe, expect, it } from 'vitest';
import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import { renderDocument } from '../../src-shared/gitbook-markdown/html/render-document';

const COLUMNS = ['{% columns %}', '{% column %}', 'Left side', '{% endcolumn %}', '', '{% column %}', 'Right side', '{% endcolumn %}', '{% endcolumns %}', ''].join('\n');
const CODE_IN_HINT = ['{% hint style="info" %}', '```js', 'run()', '```', '{% endhint %}', ''].join('\n');

describe('keepStructure', () => {
  it('keeps columns as columns for the site, where the API document (0.137.0) has their content only', () => {
    expect(markdownToDocument(COLUMNS).nodes.map((b) => b.type)).toEqual(['paragraph', 'paragraph']);
    const kept = markdownToDocument(COLUMNS, { keepStructure: true });
    expect(kept.nodes.map((b) => b.type)).toEqual(['columns']);
    const columns = kept.nodes[0] as { nodes: Array<{ type: string }> };
    expect(columns.nodes.map((c) => c.type)).toEqual(['column', 'column']);
  });

  it('keeps a code block inside a hint instead of turning it into code-marked text', () => {
    const hint = markdownToDocument(CODE_IN_HINT, { keepStructure: true }).nodes[0] as { type: string; nodes: Array<{ type: string }> };
    expect(hint.type).toBe('hint');
    expect(hint.nodes.map((b) => b.type)).toEqual(['code']);
    const fitted = markdownToDocument(CODE_IN_HINT).nodes[0] as { nodes: Array<{ type: string }> };
    expect(fitted.nodes.map((b) => b.type)).toEqual(['paragraph']);
  });
});

describe('the site renders what keepStructure keeps', () => {
  it('draws columns written in markdown as a column grid', () => {
    const html = renderDocument(markdownToDocument(COLUMNS, { keepStructure: true }), { href: (ref) => (ref.kind === 'url' ? ref.url : undefined) });
    expect(html).toContain('Left side');
    expect(html.match(/class="[^"]*\bcolumn\b/g)?.length).toBe(2);
  });
});

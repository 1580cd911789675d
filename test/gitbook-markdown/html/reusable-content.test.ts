import { describe, expect, it } from 'vitest';
import { MAX_INCLUDE_DEPTH } from '../../../src-shared/gitbook-markdown/html/reusable-content';
import { markdownToDocument } from '../../../src-shared/gitbook-markdown/markdown-to-document';
import type { Block, ContentRefReusableContent, Heading, JSONDocument, ReusableContentBlock } from '../../../src-shared/gitbook-markdown/types';
import { doc, expectSafe, key, p, render, text } from './support';

const include = (reusableContent: string, space?: string): ReusableContentBlock => ({
  object: 'block',
  type: 'reusable-content',
  key: key(),
  isVoid: true,
  data: { ref: { kind: 'reusable-content', reusableContent, ...(space ? { space } : {}) } },
});

const heading = (title: string, id: string): Heading => ({ object: 'block', type: 'heading-2', key: key(), isVoid: false, data: {}, meta: { id }, nodes: [text(title)] });

/** A store of reusable contents by id, recording what the renderer asked for. */
function contents(byId: Record<string, Block[]>) {
  const asked: ContentRefReusableContent[] = [];
  return {
    asked,
    reusableContent(ref: ContentRefReusableContent): JSONDocument | undefined {
      asked.push(ref);
      return byId[ref.reusableContent] && doc(...byId[ref.reusableContent]!);
    },
  };
}

describe('reusable content as HTML', () => {
  it("shows the reusable content's document in place, in an element of its own", () => {
    const { root, html } = render(doc(p('Before'), include('rc1'), p('After')), contents({ rc1: [p('Shared ', text('text', 'bold'))] }));
    expect(html).toBe('<p>Before</p><div class="reusable-content"><p>Shared <strong>text</strong></p></div><p>After</p>');
    expectSafe(root);
  });

  it('shows nothing for a reusable content the host does not know, nor without the option', () => {
    expect(render(doc(p('a'), include('missing'), p('b')), contents({})).html).toBe('<p>a</p><p>b</p>');
    expect(render(doc(p('a'), include('rc1'))).html).toBe('<p>a</p>');
  });

  it('shows reusable content included by reusable content, and reusable content inside a hint', () => {
    const store = contents({ outer: [p('outer'), include('inner')], inner: [p('inner')] });
    const hint: Block = { object: 'block', type: 'hint', key: key(), isVoid: false, data: { style: 'info' }, nodes: [include('outer')] };
    const { root } = render(doc(hint), store);
    expect(root.querySelectorAll('.hint .reusable-content').length).toBe(2);
    expect(root.querySelector('.reusable-content .reusable-content')!.text).toBe('inner');
  });

  it('stops at a cycle: a reusable content including itself, or another that includes it back', () => {
    const self = render(doc(include('loop')), contents({ loop: [p('loop text'), include('loop')] }));
    expect(self.html).toBe('<div class="reusable-content"><p>loop text</p></div>');
    const store = contents({ a: [p('A'), include('b')], b: [p('B'), include('a')] });
    const pair = render(doc(include('a')), store);
    expect(pair.html).toBe('<div class="reusable-content"><p>A</p><div class="reusable-content"><p>B</p></div></div>');
    expect(store.asked.map((ref) => ref.reusableContent)).toEqual(['a', 'b']);
  });

  it(`shows reusable contents nested ${MAX_INCLUDE_DEPTH} deep, and nothing deeper`, () => {
    const chain = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`c${i}`, [p(`level ${i}`), include(`c${i + 1}`)]]));
    const { root } = render(doc(include('c0')), contents(chain));
    expect(root.querySelectorAll('.reusable-content')).toHaveLength(MAX_INCLUDE_DEPTH);
    expect(root.querySelectorAll('p').map((para) => para.text)).toEqual(Array.from({ length: MAX_INCLUDE_DEPTH }, (_, i) => `level ${i}`));
  });

  it("gives included headings anchors the page has not taken, and keeps the page's own", () => {
    const shared = [heading('Setup', 'setup'), heading('Usage', 'usage')];
    const store = contents({ rc1: shared });
    const { root } = render(doc(include('rc1'), heading('Setup', 'setup'), include('rc1')), store);
    expect(root.querySelectorAll('h2').map((h) => h.id)).toEqual(['setup-2', 'usage', 'setup', 'setup-3', 'usage-2']);
    // The host's document is not changed.
    expect(shared.map((h) => h.meta?.id)).toEqual(['setup', 'usage']);
  });

  it('asks for a nested reference without a space in the space of the reusable content holding it', () => {
    const store = contents({ outer: [include('inner')], inner: [p('inner')] });
    render(doc(include('outer', 'space-2')), store);
    expect(store.asked).toEqual([
      { kind: 'reusable-content', reusableContent: 'outer', space: 'space-2' },
      { kind: 'reusable-content', reusableContent: 'inner', space: 'space-2' },
    ]);
  });

  it('renders includes written in markdown with the reusable contents converted from theirs', () => {
    const bodies: Record<string, string> = { 'rc-faq': '## FAQ\n\nAsk us.\n' };
    const page = markdownToDocument('## FAQ\n\n{% include "../.gitbook/includes/faq.md" %}\n', {
      keepStructure: true,
      resolveInclude: (path) => (path === '../.gitbook/includes/faq.md' ? { kind: 'reusable-content', reusableContent: 'rc-faq' } : undefined),
    });
    const { root } = render(page, { reusableContent: (ref) => (bodies[ref.reusableContent] ? markdownToDocument(bodies[ref.reusableContent]!, { keepStructure: true }) : undefined) });
    expect(root.querySelectorAll('h2').map((h) => h.id)).toEqual(['faq', 'faq-2']);
    expect(root.querySelector('.reusable-content p')!.text).toBe('Ask us.');
  });
});

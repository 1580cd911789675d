import { describe, expect, it } from 'vitest';
import type { Code, Hint } from '../../../src-shared/gitbook-markdown/types';
import { splitLines } from '../../../src-shared/gitbook-markdown/html/code';
import { doc, expectSafe, key, p, render, renderMarkdown } from './support';

const hint = (style: string): Hint => ({ object: 'block', type: 'hint', key: key(), isVoid: false, data: { style: style as Hint['data']['style'] }, nodes: [p('Note')] });

const code = (lines: string[], data: Code['data']): Code => ({
  object: 'block',
  type: 'code',
  key: key(),
  isVoid: false,
  data,
  nodes: lines.map((line) => ({ object: 'block', type: 'code-line', key: key(), isVoid: false, data: {}, nodes: [{ object: 'text', key: key(), leaves: [{ object: 'leaf', text: line, marks: [] }] }] })),
});

/** A stand-in for highlight.js: wraps `/* … *\/` comments (which may span lines) in a span. */
const highlight = (source: string) => source.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\/\*[\s\S]*?\*\//g, (c) => `<span class="hljs-comment">${c}</span>`);

describe('hints and code blocks as HTML', () => {
  it("draws a hint's custom icon it knows, named and labelled, and keeps the style's icon for any other", () => {
    const rocket = renderMarkdown('{% hint style="success" icon="rocket" %}\nShipped.\n{% endhint %}\n').root.querySelector('[role=note]')!;
    expect(rocket.getAttribute('class')).toBe('hint hint-success hint-custom-icon');
    expect(rocket.getAttribute('data-icon')).toBe('rocket');
    const svg = rocket.querySelector('svg.hint-icon')!;
    expect([svg.getAttribute('role'), svg.getAttribute('aria-label')]).toEqual(['img', 'Success']);
    expect(svg.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(rocket.querySelector('p')!.text).toBe('Shipped.');
    // Font Awesome's spellings of a known icon.
    expect(renderMarkdown('{% hint style="warning" icon="fa-triangle-exclamation" %}\nCareful.\n{% endhint %}\n').root.querySelector('svg.hint-icon')).not.toBeNull();
    const unknown = renderMarkdown('{% hint style="info" icon="hippo&quot;><b>" %}\nHm.\n{% endhint %}\n');
    const note = unknown.root.querySelector('[role=note]')!;
    expect(note.getAttribute('class')).toBe('hint hint-info');
    expect(note.querySelector('svg')).toBeNull();
    expect(note.getAttribute('data-icon')).toBe('hippo"><b>');
    expect(note.querySelector('b')).toBeNull();
    expectSafe(unknown.root);
  });

  it('renders every hint style as a note, and an unknown style as info', () => {
    const { root } = render(doc(...['info', 'success', 'warning', 'danger', 'shout"><script>'].map(hint)));
    expect(root.querySelectorAll('[role=note]').map((n) => n.getAttribute('class'))).toEqual(['hint hint-info', 'hint hint-success', 'hint hint-warning', 'hint hint-danger', 'hint hint-info']);
    expect(renderMarkdown('{% hint style="warning" %}\nBack up first.\n{% endhint %}\n').html).toBe('<div class="hint hint-warning" role="note"><p>Back up first.</p></div>');
  });

  it('renders a code block with its title, wrapping and language, escaped', () => {
    const { html } = render(doc(code(['if (a < b) {', '}'], { syntax: 'JS', title: 'main.js <1>', overflow: 'wrap' })));
    expect(html).toBe('<div class="code-block code-wrap"><div class="code-title">main.js &lt;1&gt;</div><pre><code class="language-js">if (a &lt; b) {\n}</code></pre></div>');
  });

  it("highlights with the host's highlighter, and shows plain text for a language it does not know", () => {
    const calls: string[] = [];
    const options = { highlight: (source: string, language: string) => (calls.push(language), language === 'c' ? highlight(source) : undefined) };
    expect(render(doc(code(['/* hi */ x'], { syntax: 'C' })), options).html).toContain('<code class="hljs language-c"><span class="hljs-comment">/* hi */</span> x</code>');
    expect(render(doc(code(['<b>'], { syntax: 'klingon' })), options).html).toContain('<code class="language-klingon">&lt;b&gt;</code>');
    expect(calls).toEqual(['c', 'klingon']);
  });

  it('numbers lines with one element per line, spans closed and reopened across lines', () => {
    const { root } = render(doc(code(['a /* one', 'two */ b', 'c'], { syntax: 'c', lineNumbers: true })), { highlight });
    const lines = root.querySelectorAll('.code-numbered .code-line');
    expect(lines.map((line) => line.text)).toEqual(['a /* one', 'two */ b', 'c']);
    expect(lines[1]!.innerHTML).toBe('<span class="hljs-comment">two */</span> b');
    expect(splitLines('<span class="a">x\n<span class="b">y\nz</span></span>w')).toEqual([
      '<span class="a">x</span>',
      '<span class="a"><span class="b">y</span></span>',
      '<span class="a"><span class="b">z</span></span>w',
    ]);
  });
});

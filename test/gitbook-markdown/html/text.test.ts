import { describe, expect, it } from 'vitest';
import type { Block } from '../../../src-shared/gitbook-markdown/types';
import { doc, expectSafe, key, link, p, render, renderMarkdown, text } from './support';

describe('text blocks as HTML', () => {
  it('escapes text everywhere, so a page cannot put markup in front of readers', () => {
    const { html, root } = render(doc(p('<script>alert(1)</script> & "quotes" \'too\'', text('<b>bold</b>', 'bold'))));
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &#39;too&#39;');
    expect(html).toContain('<strong>&lt;b&gt;bold&lt;/b&gt;</strong>');
    expect(root.querySelectorAll('script')).toHaveLength(0);
    expectSafe(root);
  });

  it('keeps no handler or script from raw HTML written in markdown', () => {
    const { html, root } = renderMarkdown('Hi <img src=x onerror=alert(1)> there <script>alert(2)</script>\n\n<div onclick="x()">block</div>\n\n<a href="javascript:alert(3)">click</a>\n');
    expect(root.querySelectorAll('script, [onerror], [onclick]')).toHaveLength(0);
    expect(html).not.toMatch(/<script|javascript:/i);
    expect(html).toContain('there &lt;script&gt;alert(2)&lt;/script&gt;');
    expectSafe(root);
  });

  it('gives headings their meta.id as id, at their level', () => {
    const heading: Block = { object: 'block', type: 'heading-2', key: key(), isVoid: false, data: {}, meta: { id: 'set-up"><x' }, nodes: [text('Set up')] };
    const { html } = render(doc(heading));
    expect(html).toBe('<h2 id="set-up&quot;&gt;&lt;x">Set up</h2>');
    expect(renderMarkdown('# Intro\n\n## Intro\n\n#### Deep').html).toBe('<h1 id="intro">Intro</h1><h2 id="intro-2">Intro</h2><h3 id="deep">Deep</h3>');
  });

  it('nests every mark in one order, colours as classes and never as inline style', () => {
    const colour = { object: 'mark' as const, type: 'color' as const, data: { text: 'red' as const, background: '$warning' as const } };
    const { html, root } = render(
      doc(p(text('all', 'bold', 'italic', 'strikethrough', 'code'), text('Ctrl', 'keyboard'), text('2', 'superscript'), text('i', 'subscript'), text('hot', colour))),
    );
    expect(html).toBe('<p><strong><em><s><code>all</code></s></em></strong><kbd>Ctrl</kbd><sup>2</sup><sub>i</sub><mark class="mark-text-red mark-bg-warning">hot</mark></p>');
    expectSafe(root);
  });

  it('turns a line break inside a leaf into <br>', () => {
    expect(render(doc(p('one\ntwo'))).html).toBe('<p>one<br>two</p>');
  });

  it('renders tight lists, ordered lists from their start, and task lists with disabled checkboxes', () => {
    const { html, root } = renderMarkdown('- a\n- b\n\n3. c\n4. d\n\n- [x] done\n- [ ] todo\n');
    expect(html).toContain('<ul><li>a</li><li>b</li></ul>');
    expect(html).toContain('<ol start="3"><li>c</li><li>d</li></ol>');
    const boxes = root.querySelectorAll('.task-list input[type=checkbox]');
    expect(boxes.map((box) => [box.hasAttribute('disabled'), box.hasAttribute('checked')])).toEqual([
      [true, true],
      [true, false],
    ]);
  });

  it('renders quotes and dividers', () => {
    expect(renderMarkdown('> quoted\n\n---\n').html).toBe('<blockquote><p>quoted</p></blockquote><hr>');
  });
});

describe('links as HTML', () => {
  it('leads page and anchor references to where the host says, and outside links with noopener', () => {
    const { root } = render(
      doc(
        p(
          link({ kind: 'page', page: 'p1' }, 'start'),
          link({ kind: 'anchor', anchor: 'setup' }, 'here'),
          link({ kind: 'anchor', anchor: 'auth', page: 'p2' }, 'there'),
          link({ kind: 'url', url: 'https://example.com/a?b=1&c=2' }, 'web'),
          link({ kind: 'url', url: 'mailto:team@example.com' }, 'mail'),
        ),
      ),
    );
    const anchors = root.querySelectorAll('a');
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual(['/docs/getting-started', '#setup', '/docs/api#auth', 'https://example.com/a?b=1&c=2', 'mailto:team@example.com']);
    expect(anchors[3]!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(anchors[0]!.getAttribute('rel')).toBeUndefined();
  });

  it('never links to javascript:, data: or other schemes, however they are spelled', () => {
    const urls = ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', '\u0001javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd'];
    const { root, html } = render(doc(p(...urls.map((url) => link({ kind: 'url', url }, 'x')))));
    expect(root.querySelectorAll('a')).toHaveLength(0);
    expect(root.querySelectorAll('.link-text')).toHaveLength(urls.length);
    expect(html).not.toMatch(/javascript:/i);
    expectSafe(root);
  });

  it('shows the text of a link that leads nowhere the reader can go', () => {
    expect(render(doc(p(link({ kind: 'page', page: 'gone' }, 'old page')))).html).toBe('<p><span class="link-text">old page</span></p>');
  });
});

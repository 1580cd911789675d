import { describe, expect, it } from 'vitest';
import { inlineDecorations } from '../../../../src-renderer/src/editor/live-preview/inline-decorations';
import { decorationsOf, fullTree, previewState } from './support';

const inline = (doc: string, cursor: number) => {
  const state = previewState(doc, cursor);
  return decorationsOf(state, inlineDecorations(state, [{ from: 0, to: doc.length }], fullTree(state)));
};
const hiddenTexts = (doc: string, cursor: number) => inline(doc, cursor).filter((d) => d.kind === 'hidden').map((d) => d.text);

const PAGE = ['# Title', '', 'Some **bold** and *italic*, `code`, ~~gone~~ and [a link](https://example.com).', '', 'Last line.'].join('\n');
const LAST = PAGE.length;

describe('inline live preview', () => {
  it('hides the markup of headings, emphasis, code, strikes and links away from the cursor', () => {
    expect(hiddenTexts(PAGE, LAST)).toEqual(['# ', '**', '**', '*', '*', '`', '`', '~~', '~~', '[', '](https://example.com)']);
  });

  it('shows the markdown as written on the line the cursor is on', () => {
    const onBold = PAGE.indexOf('bold') + 1;
    expect(hiddenTexts(PAGE, onBold)).toEqual(['# ']);
    expect(hiddenTexts(PAGE, 3)).not.toContain('# ');
  });

  it('styles headings by level with line classes, and links and code with marks', () => {
    const found = inline('# One\n\n### Three\n\n[text](x.md) and `c`', 0);
    expect(found.filter((d) => d.kind === 'line' && d.className?.includes('heading')).map((d) => d.className)).toEqual([
      'cm-lp-heading cm-lp-h1',
      'cm-lp-heading cm-lp-h3',
    ]);
    expect(found.find((d) => d.className === 'cm-lp-link')?.text).toBe('text');
    expect(found.find((d) => d.className === 'cm-lp-inline-code')?.text).toBe('`c`');
  });

  it('draws bullets, task boxes, rules and images, and leaves them as text on the cursor line', () => {
    const doc = ['- one', '- [ ] open', '- [x] done', '', '---', '', '![Diagram](.gitbook/assets/d.png)', '', 'end'].join('\n');
    const widgets = inline(doc, doc.length).filter((d) => d.kind === 'widget');
    expect(widgets.map((d) => [d.widget, d.text])).toEqual([
      ['BulletWidget', '-'],
      ['CheckboxWidget', '[ ]'],
      ['CheckboxWidget', '[x]'],
      ['RuleWidget', '---'],
      ['ImageWidget', '![Diagram](.gitbook/assets/d.png)'],
    ]);
    const onImage = inline(doc, doc.indexOf('Diagram')).filter((d) => d.kind === 'widget');
    expect(onImage.map((d) => d.widget)).not.toContain('ImageWidget');
  });

  it('labels a code block with its language and title and hides its fences and code tag lines', () => {
    const doc = ['Intro', '', '{% code title="app.js" %}', '```js', 'let a = 1;', '```', '{% endcode %}', '', 'end'].join('\n');
    const found = inline(doc, 0);
    expect(found.find((d) => d.widget === 'CodeHeaderWidget')?.text).toBe('```js');
    expect(found.filter((d) => d.kind === 'hidden').map((d) => d.text)).toEqual(['{% code title="app.js" %}', '```', '{% endcode %}']);
    expect(found.filter((d) => d.className === 'cm-lp-code-line').length).toBe(3);
    // The cursor in the code shows its fences and tags.
    expect(inline(doc, doc.indexOf('let')).filter((d) => d.kind === 'hidden' || d.kind === 'widget')).toEqual([]);
  });

  it('styles GitBook marks written as HTML and hides their tags', () => {
    const doc = 'A <mark style="color:red;">red</mark> word\n\nend';
    const found = inline(doc, doc.length);
    expect(found.find((d) => d.kind === 'mark' && d.className?.includes('cm-lp-html-mark'))).toMatchObject({ text: 'red', className: 'cm-lp-html cm-lp-html-mark cm-lp-mark-text-red' });
    expect(found.filter((d) => d.kind === 'hidden').map((d) => d.text)).toEqual(['<mark style="color:red;">', '</mark>']);
  });

  it('typesets formulas inside a line, but not in code or escaped', () => {
    const doc = 'Energy $$E = mc^2$$ and `$$x$$` and \\$$y$$ here\n\nend';
    const math = inline(doc, doc.length).filter((d) => d.widget === 'InlineMathWidget');
    expect(math.map((d) => d.text)).toEqual(['$$E = mc^2$$']);
    expect(inline(doc, 0).filter((d) => d.widget === 'InlineMathWidget')).toEqual([]);
  });

  it('leaves the lines of a block drawn as a widget alone', () => {
    const doc = '{% hint style="info" %}\nA **bold** hint\n{% endhint %}\n\nend';
    expect(hiddenTexts(doc, doc.length)).toEqual([]);
    // With the cursor inside, the block is text again, formatted like any other.
    expect(hiddenTexts(doc, 3)).toEqual(['**', '**']);
  });
});

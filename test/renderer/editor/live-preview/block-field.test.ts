import { EditorSelection } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { hintStyleChange } from '../../../../src-renderer/src/editor/live-preview/block-actions';
import { blocksOf, previewBlocks } from '../../../../src-renderer/src/editor/live-preview/block-field';
import { titleFromPath, widgetDocument } from '../../../../src-renderer/src/editor/live-preview/block-html';
import { scanBlocks } from '../../../../src-renderer/src/editor/live-preview/block-scan';
import { decorationsOf, previewState } from './support';

const PAGE = [
  '# Blocks', // 0
  '',
  '{% hint style="warning" %}', // 2
  'Careful.',
  '{% endhint %}',
  '',
  '{% tabs %}', // 6
  '{% tab title="One" %}',
  'First',
  '{% endtab %}',
  '{% endtabs %}',
  '',
  '| A | B |', // 12
  '| - | - |',
  '| 1 | 2 |',
  '',
  '$$', // 16
  'E = mc^2',
  '$$',
  '',
  '```md', // 20
  '{% hint style="info" %}',
  'Not a block: code.',
  '{% endhint %}',
  '```',
  '',
  '<details>', // 26
  '<summary>More</summary>',
  'Hidden text.',
  '</details>',
  '',
  '{% code title="a.js" %}', // 31
  '```js',
  'x',
  '```',
  '{% endcode %}',
  '',
  'A paragraph to type in.', // 37
].join('\n');

const drawn = (state: ReturnType<typeof previewState>) =>
  decorationsOf(state, state.field(previewBlocks).decorations).map((d) => d.text.split('\n')[0]);

describe('finding GitBook blocks', () => {
  it('finds tags, tables, formulas and expandables by line, never inside code, and leaves code tags to the text', () => {
    expect(scanBlocks(PAGE)).toEqual([
      { startLine: 2, endLine: 5, kind: 'hint' },
      { startLine: 6, endLine: 11, kind: 'tabs' },
      { startLine: 12, endLine: 15, kind: 'table' },
      { startLine: 16, endLine: 19, kind: 'math' },
      { startLine: 26, endLine: 30, kind: 'details' },
    ]);
  });

  it('draws only what GitBook reads as a block: plain HTML and paragraphs stay text', () => {
    expect(widgetDocument('<div>just html</div>')).toBeUndefined();
    expect(widgetDocument('Some text')).toBeUndefined();
    expect(widgetDocument('<figure><img src="a.png" alt="A"><figcaption>Cap</figcaption></figure>')?.nodes[0]?.type).toBe('images');
    expect(widgetDocument('{% hint style="info" %}\nHi\n{% endhint %}')?.nodes[0]?.type).toBe('hint');
  });
});

describe('the block widgets', () => {
  it('replace each block while the selection is elsewhere, and show the markdown of the one the cursor is in', () => {
    const end = PAGE.length;
    expect(drawn(previewState(PAGE, end))).toEqual(['{% hint style="warning" %}', '{% tabs %}', '| A | B |', '$$', '<details>']);
    expect(drawn(previewState(PAGE, PAGE.indexOf('Careful')))).toEqual(['{% tabs %}', '| A | B |', '$$', '<details>']);
  });

  it('keep every widget when typing in a paragraph, and redraw only the block that was edited', () => {
    const state = previewState(PAGE, PAGE.length);
    const before = blocksOf(state);
    const typed = state.update({ changes: { from: PAGE.indexOf('to type'), insert: 'words ' } }).state;
    expect(blocksOf(typed).map((b) => b.widget)).toEqual(before.map((b) => b.widget));
    expect(blocksOf(typed)[1]!.from).toBe(before[1]!.from);

    const inHint = typed.update({ changes: { from: PAGE.indexOf('Careful'), insert: 'Very ' } }).state;
    const after = blocksOf(inHint);
    expect(after[0]!.widget).not.toBe(before[0]!.widget);
    expect(after[0]!.widget.source).toContain('Very Careful.');
    expect(after.slice(1).map((b) => b.widget)).toEqual(before.slice(1).map((b) => b.widget));
    expect(after[1]!.from).toBe(before[1]!.from + 'Very '.length);
  });

  it('follow blocks that typing creates', () => {
    const state = previewState('Text\n', 5);
    const typed = state.update({ changes: { from: 5, insert: '\n{% hint style="success" %}\nNew\n{% endhint %}\n' }, selection: EditorSelection.cursor(0) }).state;
    expect(drawn(typed)).toEqual(['{% hint style="success" %}']);

    // A blank line typed above `$$` lines makes them a formula of their own.
    const formula = previewState('Text\n$$\nE = mc^2\n$$\n\nEnd', 0);
    expect(drawn(formula)).toEqual([]);
    const split = formula.update({ changes: { from: 4, insert: '\n' }, selection: EditorSelection.cursor(formula.doc.length + 1) }).state;
    expect(drawn(split)).toEqual(['$$']);
  });
});

describe('block edits', () => {
  it("rewrite a hint's style where it is written, or add it", () => {
    const state = previewState('{% hint style="info" icon="x" %}\nA\n{% endhint %}');
    const changed = state.update(hintStyleChange(state, 0, 'danger')!).state;
    expect(changed.doc.toString()).toBe('{% hint style="danger" icon="x" %}\nA\n{% endhint %}');
    expect(hintStyleChange(changed, 0, 'danger')).toBeUndefined();

    const bare = previewState('{% hint %}\nA\n{% endhint %}');
    expect(bare.update(hintStyleChange(bare, 0, 'success')!).state.doc.line(1).text).toBe('{% hint style="success" %}');
  });

  it('name content-ref pages from their path when the page tree does not', () => {
    expect(titleFromPath('guides/getting-started.md')).toBe('Getting started');
    expect(titleFromPath('../setup/README.md#install')).toBe('Setup');
  });
});

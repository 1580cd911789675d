import { describe, expect, it } from 'vitest';
import type { Block, Columns, Expandable, Stepper, Tabs } from '../../../src-shared/gitbook-markdown/types';
import { doc, expectSafe, key, p, render, renderMarkdown } from './support';

const tabs = (...titles: string[]): Tabs => ({
  object: 'block',
  type: 'tabs',
  key: key(),
  isVoid: false,
  data: {},
  nodes: titles.map((title) => ({ object: 'block', type: 'tabs-item', key: key(), isVoid: false, data: { title }, nodes: [p(`Body of ${title}`)] })),
});

describe('tabs, steppers, expandables and columns as HTML', () => {
  it('renders a tab set that switches without script: a radio group, each label before its panel', () => {
    const { root } = render(doc(tabs('npm', 'yarn <3')));
    const set = root.querySelector('.tabs')!;
    const radios = set.querySelectorAll('input.tabs-radio[type=radio]');
    expect(radios).toHaveLength(2);
    expect(new Set(radios.map((r) => r.getAttribute('name'))).size).toBe(1);
    expect(radios.map((r) => r.hasAttribute('checked'))).toEqual([true, false]);
    // Label, then panel, right after its radio: what `:checked + label + .tabs-panel` shows.
    radios.forEach((radio) => {
      const label = radio.nextElementSibling!;
      const panel = label.nextElementSibling!;
      expect(label.tagName).toBe('LABEL');
      expect(label.getAttribute('for')).toBe(radio.id);
      expect(panel.classList.contains('tabs-panel')).toBe(true);
      expect(radio.getAttribute('aria-controls')).toBe(panel.id);
      expect(panel.getAttribute('aria-labelledby')).toBe(label.id);
    });
    expect(set.querySelectorAll('label').map((l) => l.text)).toEqual(['npm', 'yarn <3']);
    expect(set.querySelectorAll('.tabs-panel').map((panel) => panel.text)).toEqual(['Body of npm', 'Body of yarn <3']);
    expectSafe(root);
  });

  it('gives two tab sets ids of their own, even when their keys clash, and takes an id prefix', () => {
    const first = tabs('a');
    const second = { ...tabs('b'), key: first.key };
    const { root } = render(doc(first, second), { idPrefix: 'page-' });
    const names = root.querySelectorAll('input').map((input) => input.getAttribute('name'));
    expect(names[0]).not.toBe(names[1]);
    expect(names.every((name) => name?.startsWith('page-tabs-'))).toBe(true);
  });

  it('renders tabs written in markdown', () => {
    const { root } = renderMarkdown('{% tabs %}\n{% tab title="One" %}\nFirst\n{% endtab %}\n{% tab title="Two" %}\nSecond\n{% endtab %}\n{% endtabs %}\n');
    expect(root.querySelectorAll('.tabs label').map((l) => l.text)).toEqual(['One', 'Two']);
  });

  it('renders a stepper as an ordered list of steps', () => {
    const stepper: Stepper = {
      object: 'block',
      type: 'stepper',
      key: key(),
      isVoid: false,
      data: {},
      nodes: ['Install', 'Run'].map((word) => ({ object: 'block', type: 'stepper-step', key: key(), isVoid: false, data: {}, nodes: [p(word)] })),
    };
    expect(render(doc(stepper)).html).toBe('<ol class="stepper"><li class="stepper-step"><p>Install</p></li><li class="stepper-step"><p>Run</p></li></ol>');
  });

  it('renders an expandable as details and summary, closed', () => {
    const expandable: Expandable = {
      object: 'block',
      type: 'expandable',
      key: key(),
      isVoid: true,
      data: {},
      fragments: [
        { object: 'fragment', key: key(), fragment: 'expandable-title', type: 'expandable-title', nodes: [p('More <info>')] },
        { object: 'fragment', key: key(), fragment: 'expandable-body', type: 'expandable-body', nodes: [p('Hidden')] },
      ],
    };
    const { html, root } = render(doc(expandable));
    expect(html).toBe('<details class="expandable"><summary>More &lt;info&gt;</summary><div class="expandable-body"><p>Hidden</p></div></details>');
    expect(root.querySelector('details')!.hasAttribute('open')).toBe(false);
    expect(renderMarkdown('<details>\n\n<summary>Read more</summary>\n\nThe body\n\n</details>\n').root.querySelector('summary')!.text).toBe('Read more');
  });

  it('lays columns on a grid by their widths, as classes', () => {
    const column = (width: Columns['nodes'][number]['data']['width'], verticalAlignment?: 'middle'): Columns['nodes'][number] => ({
      object: 'block',
      type: 'column',
      key: key(),
      isVoid: false,
      data: { ...(width === undefined ? {} : { width }), ...(verticalAlignment ? { verticalAlignment } : {}) },
      nodes: [p('x')],
    });
    const columns = (...nodes: Columns['nodes']): Block => ({ object: 'block', type: 'columns', key: key(), isVoid: false, data: {}, nodes });
    const classes = (block: Block) => render(doc(block)).root.querySelectorAll('.column').map((c) => c.getAttribute('class'));
    expect(classes(columns(column(undefined), column(undefined)))).toEqual(['column column-span-30', 'column column-span-30']);
    expect(classes(columns(column({ unit: '%', value: 33.33 }), column(undefined, 'middle')))).toEqual(['column column-span-20', 'column column-span-40 column-middle']);
    expect(classes(columns(column('25%'), column(0.75)))).toEqual(['column column-span-15', 'column column-span-45']);
  });
});

import { describe, expect, it } from 'vitest';
import { documentToMarkdown } from '../../src-shared/gitbook-markdown/to-markdown';
import type { Code, Hint, List, Paragraph, StepperStep, Tabs } from '../../src-shared/gitbook-markdown/types';
import { convert, leavesOf, outline } from './support';

describe('GitBook tags at any depth', () => {
  it('reads a hint inside a tab, and a hint inside a list item', () => {
    const doc = convert('{% tabs %}\n{% tab title="A" %}\n{% hint style="warning" %}\nCareful.\n{% endhint %}\n{% endtab %}\n{% endtabs %}\n\n- step\n\n  {% hint style="success" %}\n  Done.\n  {% endhint %}\n');
    expect(outline(doc.nodes)).toEqual([
      ['tabs', [['tabs-item', [['hint', [['paragraph', 'Careful.']]]]]]],
      ['list-unordered', [['list-item', [['paragraph', 'step'], ['hint', [['paragraph', 'Done.']]]]]]],
    ]);
    expect(((doc.nodes[0] as Tabs).nodes[0]!.nodes[0] as Hint).data.style).toBe('warning');
  });

  it('reads a titled code block inside a step', () => {
    const doc = convert('{% stepper %}\n{% step %}\nRun:\n\n{% code title="run.sh" lineNumbers="true" %}\n```sh\nnpm start\n```\n{% endcode %}\n{% endstep %}\n{% endstepper %}\n');
    const step = (doc.nodes[0] as { nodes: StepperStep[] }).nodes[0]!;
    expect(outline(step.nodes)).toEqual([['paragraph', 'Run:'], ['code', 'npm start']]);
    expect((step.nodes[1] as Code).data).toEqual({ syntax: 'sh', title: 'run.sh', lineNumbers: true });
  });

  it('reads tabs in a list item, keeping each tab as a bold title line and its content (list items admit no tabs)', () => {
    const doc = convert('1. Install it:\n\n   {% tabs %}\n   {% tab title="npm" %}\n   ```sh\n   npm i folio\n   ```\n   {% endtab %}\n\n   {% tab title="yarn" %}\n   `yarn add folio`\n   {% endtab %}\n   {% endtabs %}\n2. Use it.\n');
    const list = doc.nodes[0] as List;
    expect(outline(list.nodes[0]!.nodes)).toEqual([['paragraph', 'Install it:'], ['paragraph', 'npm'], ['code', 'npm i folio'], ['paragraph', 'yarn'], ['paragraph', 'yarn add folio']]);
    expect(leavesOf((list.nodes[0]!.nodes[1] as Paragraph).nodes)).toEqual([['npm', ['bold']]]);
    expect(outline(list.nodes[1]!.nodes)).toEqual([['paragraph', 'Use it.']]);
  });

  it('writes tags in a list item indented under it, and they read back as the same blocks', () => {
    const tabs = convert('{% tabs %}\n{% tab title="npm" %}\nnpm i\n{% endtab %}\n{% endtabs %}\n').nodes[0]!;
    const hint = convert('{% hint style="danger" %}\nNo.\n{% endhint %}\n').nodes[0]!;
    const item = { object: 'block', type: 'list-item', data: {}, nodes: [hint, tabs] };
    const markdown = documentToMarkdown({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'list-unordered', data: {}, nodes: [item] }] });
    expect(markdown).toBe('-\n  {% hint style="danger" %}\n  No.\n  {% endhint %}\n\n  {% tabs %}\n  {% tab title="npm" %}\n  npm i\n  {% endtab %}\n  {% endtabs %}\n');
    expect(outline(convert(markdown).nodes)).toEqual([['list-unordered', [['list-item', [['hint', [['paragraph', 'No.']]], ['paragraph', 'npm'], ['paragraph', 'npm i']]]]]]);
  });

  it('keeps what a block may not hold as something it may: a hint in a quote, an embed in a hint, tabs in a tab', () => {
    const doc = convert(
      '> {% hint style="info" %}\n> quoted hint\n> {% endhint %}\n\n{% hint style="info" %}\n{% embed url="https://v.example/1" %}\n{% endhint %}\n\n{% tabs %}\n{% tab title="Outer" %}\n{% tabs %}\n{% tab title="Inner" %}\ninner text\n{% endtab %}\n{% endtabs %}\n{% endtab %}\n{% endtabs %}\n',
    );
    expect(outline(doc.nodes)).toEqual([
      ['blockquote', [['paragraph', 'quoted hint']]],
      ['hint', [['paragraph', 'https://v.example/1']]],
      ['tabs', [['tabs-item', [['paragraph', 'Inner'], ['paragraph', 'inner text']]]]],
    ]);
    expect((doc.nodes[1] as Hint).nodes[0]).toMatchObject({ nodes: [{}, { type: 'link', data: { ref: { kind: 'url', url: 'https://v.example/1' } } }, {}] });
  });
});

describe('GitBook tags that are not tags', () => {
  it('leaves tags inside fenced code alone, even when the fence sits inside a tag', () => {
    const doc = convert('{% hint style="info" %}\n```md\n{% endhint %}\n{% tabs %}\n```\n{% endhint %}\n');
    expect(outline(doc.nodes)).toEqual([['hint', [['paragraph', '{% endhint %}\n{% tabs %}']]]]);
    const top = convert('```liquid\n{% if customer.total_spent > 100 %}\n{% endif %}\n```\n');
    expect(outline(top.nodes)).toEqual([['code', '{% if customer.total_spent > 100 %}\n{% endif %}']]);
  });

  it('keeps a tag without its closing line as text, on a line of its own', () => {
    const doc = convert('{% tabs %}\n{% tab title="A" %}\nnever closed\n\n{% hint style="info" %}\nalso open\n');
    expect(outline(doc.nodes)).toEqual([
      ['paragraph', '{% tabs %}'],
      ['paragraph', '{% tab title="A" %}'],
      ['paragraph', 'never closed'],
      ['paragraph', '{% hint style="info" %}'],
      ['paragraph', 'also open'],
    ]);
    // Written back escaped, so it reads back as the same text and not as a tag.
    const again = convert(documentToMarkdown(doc));
    expect(outline(again.nodes)).toEqual(outline(doc.nodes));
  });

  it('keeps Liquid and other tags GitBook has no block for as text, as GitBook shows them', () => {
    const doc = convert('{% if visitor.claims.beta %}\nBeta only.\n{% endif %}\n\n_\\{%customer.name%\\}_\n');
    expect(outline(doc.nodes)).toEqual([['paragraph', '{% if visitor.claims.beta %} Beta only. {% endif %}'], ['paragraph', '{%customer.name%}']]);
  });

  it('keeps a tag missing what its block needs as text (an embed without url)', () => {
    expect(outline(convert('{% embed caption="x" %}\n').nodes)).toEqual([['paragraph', '{% embed caption="x" %}']]);
  });
});

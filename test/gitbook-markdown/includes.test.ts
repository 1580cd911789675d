import type { Nodes } from 'mdast';
import { describe, expect, it } from 'vitest';
import type { IncludeResolver } from '../../src-shared/gitbook-markdown/context';
import { markdownToDocument, type MarkdownToDocumentOptions } from '../../src-shared/gitbook-markdown/markdown-to-document';
import { parseGitBookMarkdown } from '../../src-shared/gitbook-markdown/tags/parse';
import type { Expandable, Hint, JSONDocument, List, Paragraph, ReusableContentBlock } from '../../src-shared/gitbook-markdown/types';
import { assertMatchesSchema } from '../support/spec';
import { keysOf, outline, textOf } from './support';

/** Reusable contents of the space as the server would know them: slug → id, from `.gitbook/includes/<slug>.md`. */
const KNOWN: Record<string, string> = { 'feature-request': 'rc-feature', 'support-footer': 'rc-footer' };
const resolveInclude: IncludeResolver = (path) => {
  const slug = /(?:^|\/)\.gitbook\/includes\/([^/]+)\.md$/.exec(path)?.[1];
  const id = slug && KNOWN[slug];
  return id ? { kind: 'reusable-content', reusableContent: id } : undefined;
};

/** Converts and checks the document against GitBook's spec, 0.137.0 and newest. */
function convert(markdown: string, options: MarkdownToDocumentOptions = { resolveInclude }): JSONDocument {
  const doc = markdownToDocument(markdown, options);
  assertMatchesSchema('JSONDocument', doc, '0.137.0');
  assertMatchesSchema('JSONDocument', doc, 'latest');
  return doc;
}

/** The include paths the parser read, each with the type of the node holding it. */
function includesIn(markdown: string): Array<[parent: string, path: string]> {
  const found: Array<[string, string]> = [];
  const visit = (node: Nodes) => {
    for (const child of 'children' in node ? (node.children as Nodes[]) : []) {
      const include = child as unknown as { type: string; path?: string };
      if (include.type === 'gitbookInclude') found.push([(node as { tag?: { name: string } }).tag?.name ?? node.type, include.path!]);
      visit(child);
    }
  };
  visit(parseGitBookMarkdown(markdown));
  return found;
}

const INCLUDE = '{% include "../../.gitbook/includes/feature-request.md" %}';
const FOOTER = '{% include "../../.gitbook/includes/support-footer.md" %}';
const block = (id: string) => ({ object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: id } } });

describe('reading {% include %} lines', () => {
  it('reads an include line as a block of its own in every container a block may stand in', () => {
    const markdown = [
      INCLUDE,
      `{% hint style="info" %}\n${INCLUDE}\n{% endhint %}`,
      `{% tabs %}\n{% tab title="A" %}\n${INCLUDE}\n{% endtab %}\n{% endtabs %}`,
      `{% stepper %}\n{% step %}\n${INCLUDE}\n{% endstep %}\n{% endstepper %}`,
      `{% columns %}\n{% column %}\n${INCLUDE}\n{% endcolumn %}\n{% endcolumns %}`,
      `<details>\n\n<summary>More</summary>\n\n${INCLUDE}\n\n</details>`,
      `- item\n\n  ${INCLUDE}`,
      `> ${INCLUDE}`,
    ].join('\n\n');
    const path = '../../.gitbook/includes/feature-request.md';
    expect(includesIn(markdown)).toEqual([
      ['root', path],
      ['hint', path],
      ['tab', path],
      ['step', path],
      ['column', path],
      ['gitbookDetails', path],
      ['listItem', path],
      ['blockquote', path],
    ]);
  });

  it('reads single quotes and any whitespace inside the braces, and an include right after a line of text', () => {
    expect(includesIn("{%include 'a.md'%}\n\n{%-   include \t \"b c.md\"   -%}\n\nSome text\n{% include \"c.md\" %}\n")).toEqual([
      ['root', 'a.md'],
      ['root', 'b c.md'],
      ['root', 'c.md'],
    ]);
  });

  it('leaves as text what is no include line: more on the line, no quotes, no path, in code', () => {
    const markdown = ['{% include "a.md" %} and more', '{% include a.md %}', '{% include "" %}', '```\n{% include "a.md" %}\n```', '    {% include "a.md" %}', '`{% include "a.md" %}`'].join('\n\n');
    expect(includesIn(markdown)).toEqual([]);
    expect(outline(convert(markdown).nodes)).toEqual([
      ['paragraph', '{% include "a.md" %} and more'],
      ['paragraph', '{% include a.md %}'],
      ['paragraph', '{% include "" %}'],
      ['code', '{% include "a.md" %}'],
      ['code', '{% include "a.md" %}'],
      ['paragraph', '{% include "a.md" %}'],
    ]);
  });

  it('ends the paragraph before an include line, and the text after it starts a new one', () => {
    const doc = convert(`Before\n${INCLUDE}\nAfter\n`);
    expect(doc.nodes.map((node) => node.type)).toEqual(['paragraph', 'reusable-content', 'paragraph']);
  });
});

describe('includes in the document', () => {
  it("becomes GitBook's reusable-content block, naming the reusable content the resolver finds", () => {
    const doc = convert(`# Title\n\n${INCLUDE}\n`);
    expect(doc.nodes[1]).toEqual({ ...block('rc-feature'), key: doc.nodes[1]!.key });
  });

  it('passes the path as written to the resolver and keeps the space it answers', () => {
    const asked: string[] = [];
    const doc = convert("{% include '../x/.gitbook/includes/other.md' %}\n", {
      resolveInclude: (path) => (asked.push(path), { kind: 'reusable-content', reusableContent: 'rc-other', space: 'space-2' }),
    });
    expect(asked).toEqual(['../x/.gitbook/includes/other.md']);
    expect((doc.nodes[0] as ReusableContentBlock).data.ref).toEqual({ kind: 'reusable-content', reusableContent: 'rc-other', space: 'space-2' });
  });

  it('leaves out an include the resolver does not know, or any include without a resolver, the other keys unchanged', () => {
    const markdown = `Intro\n\n${INCLUDE}\n\n{% include "../../.gitbook/includes/missing.md" %}\n\nOutro\n`;
    const resolved = convert(markdown);
    expect(resolved.nodes.map((node) => node.type)).toEqual(['paragraph', 'reusable-content', 'paragraph']);
    const unresolved = convert(markdown, {});
    expect(outline(unresolved.nodes)).toEqual([
      ['paragraph', 'Intro'],
      ['paragraph', 'Outro'],
    ]);
    // The same keys for the same blocks, with a resolver or without (block-ranges.ts converts without one).
    expect(keysOf(unresolved.nodes[1])).toEqual(keysOf(resolved.nodes[2]));
  });

  it("keeps an include in an expandable's body, where both specs admit one", () => {
    const doc = convert(`<details>\n\n<summary>More</summary>\n\n${INCLUDE}\n\n</details>\n`);
    expect((doc.nodes[0] as Expandable).fragments[1].nodes).toMatchObject([block('rc-feature')]);
  });

  it('writes an include where the spec admits none (hint, tab, list item, quote) as its line of text', () => {
    const doc = convert([`{% hint style="info" %}\n${INCLUDE}\n{% endhint %}`, `{% tabs %}\n{% tab title="A" %}\n{%include 'a/.gitbook/includes/support-footer.md'%}\n{% endtab %}\n{% endtabs %}`, `- item\n\n  ${INCLUDE}`, `> ${INCLUDE}`].join('\n\n'));
    expect(outline(doc.nodes)).toEqual([
      ['hint', [['paragraph', INCLUDE]]],
      ['tabs', [['tabs-item', [['paragraph', '{% include "a/.gitbook/includes/support-footer.md" %}']]]]],
      ['list-unordered', [['list-item', [['paragraph', 'item'], ['paragraph', INCLUDE]]]]],
      ['blockquote', [['paragraph', INCLUDE]]],
    ]);
  });

  it('leaves an unknown include out of a container too, which keeps a line so it is no empty box', () => {
    const doc = convert(`{% hint style="info" %}\n${INCLUDE}\n{% endhint %}\n`, {});
    const line = (doc.nodes[0] as Hint).nodes[0] as Paragraph;
    expect(line.type).toBe('paragraph');
    expect(textOf(line.nodes)).toBe('');
  });

  it('keeps an include in place in any container with keepStructure, for the site', () => {
    const doc = markdownToDocument(`{% hint style="info" %}\n${INCLUDE}\n{% endhint %}\n\n- item\n\n  ${FOOTER}\n`, { resolveInclude, keepStructure: true });
    expect((doc.nodes[0] as Hint).nodes).toMatchObject([block('rc-feature')]);
    expect((doc.nodes[1] as List).nodes[0]!.nodes[1]).toMatchObject(block('rc-footer'));
  });
});

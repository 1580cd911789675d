import { describe, expect, it } from 'vitest';
import type { RefResolver } from '../../src-shared/gitbook-markdown/context';
import { markdownToDocument } from '../../src-shared/gitbook-markdown/markdown-to-document';
import { documentToMarkdown } from '../../src-shared/gitbook-markdown/to-markdown';
import type { RefWriter } from '../../src-shared/gitbook-markdown/to-markdown-inline';
import type { Block, Code, Embed, Expandable, FileBlock, Hint, IntegrationBlock, JSONDocument, OpenAPIBlock, Paragraph, Tabs } from '../../src-shared/gitbook-markdown/types';
import { assertMatchesSchema } from '../support/spec';
import { convert, leavesOf, outline, textOf } from './support';

/** markdown → document (checked against the spec) → markdown, which must be what GitBook wrote. */
function same(markdown: string) {
  const doc = convert(markdown);
  expect(documentToMarkdown(doc)).toBe(markdown);
  return doc;
}

/** Files of the space, as the server's resolver would find them (`.gitbook/assets/<name>` is file `<name>`). */
const resolveRef: RefResolver = (url) => {
  const match = /(?:^|\/)\.gitbook\/assets\/(.+)$/.exec(url);
  return match ? { kind: 'file', file: match[1]! } : undefined;
};
const writeRef: RefWriter = (ref) => (ref.kind === 'file' ? `../../.gitbook/assets/${ref.file}` : undefined);

function withSpaceFiles(markdown: string): JSONDocument {
  const doc = markdownToDocument(markdown, { resolveRef });
  assertMatchesSchema('JSONDocument', doc, '0.137.0');
  assertMatchesSchema('JSONDocument', doc, 'latest');
  return doc;
}

// GitbookIO/git-sync-normalization: what Git Sync writes for hints, tabs and code blocks.
const HINTS = '{% hint style="info" %}\nThis is info\n{% endhint %}\n\n{% hint style="danger" %}\nThis is danger\n{% endhint %}\n\n{% hint style="info" %}\n### This is a heading\n\nThis is a line\n\nThis is a second line\n{% endhint %}\n';
const TABS = '# Tabs\n\n{% tabs %}\n{% tab title="First Tab" %}\nThis is the content for the first tab.\n\nHere\'s a link:\n\n{% embed url="https://docs.gitbook.com" %}\n{% endtab %}\n\n{% tab title="Second Tab" %}\nThis is the content of the second tab.\n{% endtab %}\n{% endtabs %}\n';
const CODE =
  '# Code block\n\n### Example with tabs\n\n{% tabs %}\n{% tab title="Ruby" %}\n```ruby\ndef greeting(name)\n  puts "Hello #{name}"\nend\n```\n{% endtab %}\n\n{% tab title="Elixir" %}\n```elixir\ngreeting = fn (name) -> "Hello, #{name}!" end\n```\n{% endtab %}\n{% endtabs %}\n\n### Example with filename\n\n{% code title="greeting.rb" %}\n```ruby\ngreeting("Anna")\n```\n{% endcode %}\n\n{% code title="index.js" overflow="wrap" lineNumbers="true" %}\n```javascript\nimport App from \'./App\';\n```\n{% endcode %}\n';

describe('GitBook tags: hints, tabs, code', () => {
  it("reads Git Sync's hints, styles kept, and writes them back byte for byte", () => {
    const doc = same(HINTS);
    expect(outline(doc.nodes)).toEqual([
      ['hint', [['paragraph', 'This is info']]],
      ['hint', [['paragraph', 'This is danger']]],
      ['hint', [['heading-3', 'This is a heading'], ['paragraph', 'This is a line'], ['paragraph', 'This is a second line']]],
    ]);
    expect((doc.nodes[1] as Hint).data).toEqual({ style: 'danger' });
  });

  it('shows an unknown hint style as info and keeps the icon attribute', () => {
    const doc = convert('{% hint style="tip" icon="lightbulb" %}\nt\n{% endhint %}\n');
    expect((doc.nodes[0] as Hint).data).toEqual({ style: 'info', icon: 'lightbulb' });
    expect(documentToMarkdown(doc)).toBe('{% hint style="info" icon="lightbulb" %}\nt\n{% endhint %}\n');
  });

  it("reads Git Sync's tab sets (an embed in a tab) and writes them back byte for byte", () => {
    const doc = same(TABS);
    const tabs = doc.nodes[1] as Tabs;
    expect(tabs.nodes.map((tab) => tab.data.title)).toEqual(['First Tab', 'Second Tab']);
    expect(outline(tabs.nodes[0]!.nodes)).toEqual([['paragraph', 'This is the content for the first tab.'], ['paragraph', "Here's a link:"], 'embed']);
  });

  it("reads code titles, wrapping and line numbers into the code block's data, and writes them back byte for byte", () => {
    const doc = same(CODE);
    const codes = doc.nodes.filter((n): n is Code => n.type === 'code');
    expect(codes.map((c) => c.data)).toEqual([
      { syntax: 'ruby', title: 'greeting.rb' },
      { syntax: 'javascript', title: 'index.js', overflow: 'wrap', lineNumbers: true },
    ]);
    expect(outline((doc.nodes[2] as Tabs).nodes[1]!.nodes)).toEqual([['code', 'greeting = fn (name) -> "Hello, #{name}!" end']]);
  });

  it('keeps a written fullWidth="false" (Beefree)', () => {
    const doc = same('{% code fullWidth="false" %}\n```javascript\nvar beeConfig = {};\n```\n{% endcode %}\n');
    expect((doc.nodes[0] as Code).data).toEqual({ syntax: 'javascript', fullWidth: false });
  });
});

describe('GitBook tags: steppers and columns (GitBook docs syntax)', () => {
  const STEPPER = '{% stepper %}\n{% step %}\n### Install\n\nRun the installer.\n{% endstep %}\n\n{% step %}\n### Configure\n\n```sh\nfolio serve\n```\n{% endstep %}\n{% endstepper %}\n';

  it('reads a stepper whose step holds code, and writes it back byte for byte', () => {
    const doc = same(STEPPER);
    expect(outline(doc.nodes)).toEqual([
      ['stepper', [['stepper-step', [['heading-3', 'Install'], ['paragraph', 'Run the installer.']]], ['stepper-step', [['heading-3', 'Configure'], ['code', 'folio serve']]]]],
    ]);
  });

  const COLUMNS = '{% columns %}\n{% column width="50%" valign="middle" %}\n\n### Left\n\nText.\n{% endcolumn %}\n\n{% column %}\n\nRight.\n{% endcolumn %}\n{% endcolumns %}\n';

  it('writes a column set in GitBook\'s spelling, width and alignment included', () => {
    const column = (nodes: Block[], data = {}) => ({ object: 'block', type: 'column', isVoid: false, data, nodes });
    const heading = convert('### Left\n\nText.\n').nodes;
    const right = convert('Right.\n').nodes;
    const columns = { object: 'block', type: 'columns', isVoid: false, data: {}, nodes: [column(heading, { width: { unit: '%', value: 50 }, verticalAlignment: 'middle' }), column(right)] };
    expect(documentToMarkdown({ object: 'document', data: {}, nodes: [columns] })).toBe(COLUMNS);
  });

  it('reads a column set as its content, since the 0.137.0 spec admits columns in no document', () => {
    expect(outline(convert(COLUMNS).nodes)).toEqual([['heading-3', 'Left'], ['paragraph', 'Text.'], ['paragraph', 'Right.']]);
  });
});

describe('GitBook tags: embeds, files, content references, OpenAPI, integrations', () => {
  it("reads embeds with a caption or full width (Mirror, Beefree) and writes them back byte for byte", () => {
    const markdown = '{% embed url="https://www.youtube.com/watch?v=fu7w9vlG7yQ" %}\nSkip halfway through to see new NT under bad network conditions.\n{% endembed %}\n\n{% embed url="https://codepen.io/zairro/pen/EaVQdyj" fullWidth="false" %}\n';
    const [captioned, wide] = same(markdown).nodes as [Embed, Embed];
    expect(captioned.data).toEqual({ url: 'https://www.youtube.com/watch?v=fu7w9vlG7yQ' });
    expect(textOf(captioned.fragments![0]!.nodes[0]!.nodes)).toBe('Skip halfway through to see new NT under bad network conditions.');
    expect(wide).toMatchObject({ data: { url: 'https://codepen.io/zairro/pen/EaVQdyj', fullWidth: false } });
    expect(wide.fragments).toBeUndefined();
  });

  it('reads the older caption attribute, written back in the newer form', () => {
    const doc = convert('{% embed url="https://www.youtube.com/watch?v=lTRiuFIWV54" caption="Study music" %}\n');
    expect(documentToMarkdown(doc)).toBe('{% embed url="https://www.youtube.com/watch?v=lTRiuFIWV54" %}\nStudy music\n{% endembed %}\n');
  });

  it("reads a content reference (Beefree), its URL through the context's resolver, and writes it back byte for byte", () => {
    const markdown = '{% content-ref url="alternate-text-generation-with-ai.md" %}\n[alternate-text-generation-with-ai.md](alternate-text-generation-with-ai.md)\n{% endcontent-ref %}\n';
    expect(same(markdown).nodes[0]).toMatchObject({ type: 'content-ref', isVoid: true, data: { ref: { kind: 'url', url: 'alternate-text-generation-with-ai.md' } } });
    const resolved = markdownToDocument(markdown, { resolveRef: (url) => ({ kind: 'page', page: `id-of-${url}` }) });
    expect(resolved.nodes[0]).toMatchObject({ data: { ref: { kind: 'page', page: 'id-of-alternate-text-generation-with-ai.md' } } });
  });

  const FILE = '{% file src="../../.gitbook/assets/ScriptTemplates.zip" %}\nScriptTemplates Unity Package\n{% endfile %}\n';

  it('reads a file of the space (Mirror) as a file block with its caption, and writes it back byte for byte', () => {
    const doc = withSpaceFiles(FILE);
    const file = doc.nodes[0] as FileBlock;
    expect(file.data.ref).toEqual({ kind: 'file', file: 'ScriptTemplates.zip' });
    expect(textOf(file.fragments![0]!.nodes[0]!.nodes)).toBe('ScriptTemplates Unity Package');
    expect(documentToMarkdown(doc, { writeRef })).toBe(FILE);
  });

  it('keeps a file that is no file of the space as a link to it (the spec admits only space files)', () => {
    const paragraph = convert(FILE).nodes[0] as Paragraph;
    expect(paragraph.type).toBe('paragraph');
    expect(paragraph.nodes[1]).toMatchObject({ type: 'link', data: { ref: { kind: 'url', url: '../../.gitbook/assets/ScriptTemplates.zip' } } });
    expect(textOf(paragraph.nodes)).toBe('ScriptTemplates Unity Package');
  });

  it("reads Beefree's openapi tags as swagger blocks and writes them back byte for byte", () => {
    const markdown = '{% openapi src="../../.gitbook/assets/template_brand.yaml" path="/v1/template/brand" method="post" %}\n[template_brand.yaml](../../.gitbook/assets/template_brand.yaml)\n{% endopenapi %}\n';
    const block = same(markdown).nodes[0] as OpenAPIBlock;
    expect(block.data).toEqual({ ref: { kind: 'url', url: '../../.gitbook/assets/template_brand.yaml' }, path: '/v1/template/brand', method: 'post' });
    const doc = withSpaceFiles(markdown);
    expect((doc.nodes[0] as OpenAPIBlock).data.ref).toEqual({ kind: 'file', file: 'template_brand.yaml' });
    expect(documentToMarkdown(doc, { writeRef })).toBe(markdown);
  });

  it("reads an integration block (Beefree's GitHub files) and writes it back byte for byte", () => {
    const doc = same('{% @github-files/github-code-block url="https://github.com/BeefreeSDK/beefree-react-demo" %}\n');
    expect((doc.nodes[0] as IntegrationBlock).data).toEqual({ integration: 'github-files', block: 'github-code-block', props: { url: 'https://github.com/BeefreeSDK/beefree-react-demo' } });
  });

  it('reads attribute lists with single quotes, bare values and spaces around "="', () => {
    const doc = convert("{% embed   url = 'https://a.example/x?a=1&b=2'   fullWidth=true %}\n");
    expect((doc.nodes[0] as Embed).data).toEqual({ url: 'https://a.example/x?a=1&b=2', fullWidth: true });
  });
});

describe('GitBook expandables and math', () => {
  it('reads <details> with an HTML summary (Beefree) as an expandable, and writes it back byte for byte', () => {
    const markdown = '<details>\n\n<summary>Example template with custom <code>&#x3C;head></code> HTML</summary>\n\nThe following JSON shows an example.\n\n```json\n{ "page": {} }\n```\n\n</details>\n';
    const doc = same(markdown);
    const expandable = doc.nodes[0] as Expandable;
    expect(leavesOf(expandable.fragments[0].nodes[0]!.nodes)).toEqual([
      ['Example template with custom ', []],
      ['<head>', ['code']],
      [' HTML', []],
    ]);
    expect(outline(expandable.fragments[1].nodes)).toEqual([['paragraph', 'The following JSON shows an example.'], ['code', '{ "page": {} }']]);
  });

  it('reads $$ on lines of their own (Mirror) as a math block and $$ in text as inline math, both written back byte for byte', () => {
    const doc = same('$$\nE = mc^2\n$$\n\nEnergy is $$m c^2$$ here, and \\$$ is money.\n');
    expect(outline(doc.nodes)).toEqual([['math', 'E = mc^2'], ['paragraph', 'Energy is [img] here, and $$ is money.']]);
    expect((doc.nodes[1] as Paragraph).nodes[1]).toMatchObject({ type: 'inline-math', data: { formula: 'm c^2' } });
  });
});

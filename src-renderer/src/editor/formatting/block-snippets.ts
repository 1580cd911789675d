/**
 * Every block the `/` menu inserts, in the exact spelling GitBook's Git Sync writes (its samples in
 * GitbookIO/git-sync-normalization, the corpora, and Folio's serializer, which writes them back byte for
 * byte). `body` is the writer's selection (or a placeholder); `selectBody` says where the cursor goes.
 */
export interface BlockSnippet {
  id: BlockId;
  label: string;
  /** What else a writer may type after `/` to find it. */
  keywords: string;
  detail: string;
  /** The markdown, with `body` in it. */
  markdown(body: string): string;
  /** What is selected after inserting when there was no selection, to type over. */
  placeholder: string;
}

export type BlockId =
  | 'paragraph'
  | 'heading-1'
  | 'heading-2'
  | 'heading-3'
  | 'bulleted-list'
  | 'numbered-list'
  | 'task-list'
  | 'quote'
  | 'code'
  | 'table'
  | 'image'
  | 'hint'
  | 'tabs'
  | 'stepper'
  | 'expandable'
  | 'content-ref'
  | 'embed'
  | 'file'
  | 'math'
  | 'cards'
  | 'columns'
  | 'divider'
  | 'reusable-content';

const lines = (...parts: string[]) => parts.join('\n');

/** A fence longer than any run of backticks in the code, so the code cannot close it. */
function fenceFor(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

const SNIPPETS: BlockSnippet[] = [
  { id: 'paragraph', label: 'Text', keywords: 'paragraph plain', detail: 'Plain text', placeholder: '', markdown: (body) => body },
  { id: 'heading-1', label: 'Heading 1', keywords: 'title h1', detail: 'Large heading', placeholder: 'Heading', markdown: (body) => `# ${body}` },
  { id: 'heading-2', label: 'Heading 2', keywords: 'h2 section', detail: 'Medium heading', placeholder: 'Heading', markdown: (body) => `## ${body}` },
  { id: 'heading-3', label: 'Heading 3', keywords: 'h3', detail: 'Small heading', placeholder: 'Heading', markdown: (body) => `### ${body}` },
  { id: 'bulleted-list', label: 'Bulleted list', keywords: 'unordered bullets ul', detail: 'A list with bullets', placeholder: 'Item', markdown: (body) => `* ${body}` },
  { id: 'numbered-list', label: 'Numbered list', keywords: 'ordered ol', detail: 'A numbered list', placeholder: 'Item', markdown: (body) => `1. ${body}` },
  { id: 'task-list', label: 'Task list', keywords: 'todo checkbox checklist', detail: 'Items to tick off', placeholder: 'Task', markdown: (body) => `* [ ] ${body}` },
  { id: 'quote', label: 'Quote', keywords: 'blockquote citation', detail: 'A quotation', placeholder: 'Quote', markdown: (body) => `> ${body}` },
  {
    id: 'code',
    label: 'Code block',
    keywords: 'fence snippet pre',
    detail: 'Code with highlighting',
    placeholder: 'code',
    markdown: (body) => lines(fenceFor(body), body, fenceFor(body)),
  },
  {
    id: 'table',
    label: 'Table',
    keywords: 'grid rows columns',
    detail: 'A table of two columns',
    placeholder: 'Column 1',
    markdown: (body) => {
      const first = body.padEnd(8);
      const width = first.length;
      return lines(`| ${first} | ${'Column 2'.padEnd(width)} |`, `| ${'-'.repeat(width)} | ${'-'.repeat(width)} |`, `| ${' '.repeat(width)} | ${' '.repeat(width)} |`, `| ${' '.repeat(width)} | ${' '.repeat(width)} |`);
    },
  },
  { id: 'image', label: 'Image', keywords: 'picture photo figure upload', detail: 'Upload an image', placeholder: '', markdown: (body) => body },
  {
    id: 'hint',
    label: 'Hint',
    keywords: 'callout info note warning danger success',
    detail: 'A callout (info)',
    placeholder: 'Hint text',
    markdown: (body) => lines('{% hint style="info" %}', body, '{% endhint %}'),
  },
  {
    id: 'tabs',
    label: 'Tabs',
    keywords: 'tab switcher',
    detail: 'Content in tabs',
    placeholder: 'Content of the first tab',
    markdown: (body) => lines('{% tabs %}', '{% tab title="First tab" %}', body, '{% endtab %}', '', '{% tab title="Second tab" %}', 'Content of the second tab', '{% endtab %}', '{% endtabs %}'),
  },
  {
    id: 'stepper',
    label: 'Stepper',
    keywords: 'steps guide walkthrough',
    detail: 'Numbered steps',
    placeholder: 'First step',
    markdown: (body) => lines('{% stepper %}', '{% step %}', `### ${body}`, '', 'What to do.', '{% endstep %}', '', '{% step %}', '### Second step', '', 'What to do next.', '{% endstep %}', '{% endstepper %}'),
  },
  {
    id: 'expandable',
    label: 'Expandable',
    keywords: 'details collapse toggle accordion summary',
    detail: 'A section that opens',
    placeholder: 'Hidden content',
    markdown: (body) => lines('<details>', '', '<summary>Title</summary>', '', body, '', '</details>'),
  },
  {
    id: 'content-ref',
    label: 'Page reference',
    keywords: 'content-ref link card page',
    detail: 'A card linking a page',
    placeholder: 'README.md',
    markdown: (body) => lines(`{% content-ref url="${body}" %}`, `[${body}](${body})`, '{% endcontent-ref %}'),
  },
  {
    id: 'embed',
    label: 'Embed',
    keywords: 'video youtube url iframe',
    detail: 'A video or web page',
    placeholder: 'https://www.youtube.com/watch?v=lTRiuFIWV54',
    markdown: (body) => `{% embed url="${body}" %}`,
  },
  {
    id: 'file',
    label: 'File',
    keywords: 'attachment download upload',
    detail: 'A file of the space to download',
    placeholder: 'file.pdf',
    markdown: (body) => lines(`{% file src=".gitbook/assets/${body}" %}`, body, '{% endfile %}'),
  },
  { id: 'math', label: 'Math', keywords: 'formula tex latex katex equation', detail: 'A TeX formula', placeholder: 'E = mc^2', markdown: (body) => lines('$$', body, '$$') },
  {
    id: 'cards',
    label: 'Cards',
    keywords: 'card grid table',
    detail: 'Cards in a grid',
    placeholder: 'First card',
    markdown: (body) =>
      '<table data-view="cards"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody>' +
      `<tr><td><strong>${escapeHtml(body)}</strong></td><td>What it is about.</td><td></td></tr>` +
      '<tr><td><strong>Second card</strong></td><td>What it is about.</td><td></td></tr></tbody></table>',
  },
  {
    id: 'columns',
    label: 'Columns',
    keywords: 'layout side by side two',
    detail: 'Two columns side by side',
    placeholder: 'Left column',
    markdown: (body) => lines('{% columns %}', '{% column %}', body, '{% endcolumn %}', '', '{% column %}', 'Right column', '{% endcolumn %}', '{% endcolumns %}'),
  },
  { id: 'divider', label: 'Divider', keywords: 'hr rule separator line', detail: 'A horizontal rule', placeholder: '', markdown: () => '---' },
  // Chosen in a picker of the space's reusable contents (the page answers the request: components/reusable-contents).
  { id: 'reusable-content', label: 'Reusable content', keywords: 'include snippet shared', detail: 'Content written once, shown in many pages', placeholder: '', markdown: (body) => body },
];

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');
}

export const BLOCK_SNIPPETS: readonly BlockSnippet[] = SNIPPETS;

export function blockSnippet(id: BlockId): BlockSnippet {
  return SNIPPETS.find((snippet) => snippet.id === id)!;
}

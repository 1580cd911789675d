import type { Blockquote, Code, Heading, Html, List, ListItem, Nodes, Paragraph, Parent, PhrasingContent, Root, RootContent, Table, TableCell, TableRow } from 'mdast';
import MarkdownIt, { type Env, type MarkdownIt as Parser, type Token } from 'markdown-it';

/**
 * Markdown parsing for the document format: markdown-it (CommonMark, with GFM tables,
 * strikethrough and autolinks) turned into an mdast tree, the vocabulary the converters use.
 *
 * Why not micromark (mdast-util-from-markdown): measured on this project's machine, micromark
 * 4.0.3 took ~7 ms per KB of dense markdown and is quadratic in the number of lists and quotes
 * (4,000 small lists: 6.9 s; 8,000: 28 s), which a body of up to 5 MB turns into a stalled
 * server. markdown-it parsed the same inputs 7-100x faster, linearly (4,000 lists: 0.07 s).
 * markdown-it nests at most 100 levels (its guard against stack overflow): anything nested
 * deeper is not parsed, a limit no real page reaches.
 */
const md = newMarkdownIt();

/** A markdown-it configured as Folio reads markdown; GitBook's own syntax is added on top by plugins (tags/). */
export function newMarkdownIt(): Parser {
  const parser = new MarkdownIt({ html: true, linkify: true });
  parser.linkify.set({ fuzzyLink: true, fuzzyEmail: true });
  return parser;
}

export function parseTokens(source: string, env: Env = {}): Token[] {
  return md.parse(source, env);
}

/**
 * The mdast tree of a markdown body. markdown-it resolves reference links and images in place;
 * the link reference definitions themselves are appended to the root as `definition` nodes, so a
 * walk still sees every URL the body names (links extraction relies on it). They render nothing.
 */
export function parseMarkdown(source: string, parser: Parser = md): Root {
  const env: Env = {};
  const root = tokensToMdast(parser.parse(source, env));
  for (const [label, { href, title }] of Object.entries(env.references ?? {})) {
    root.children.push({ type: 'definition', identifier: label.toLowerCase(), label, url: href, title: title || null });
  }
  return root;
}

/** Every node of a tree, parents before children. */
export function* walk(node: Nodes): Generator<Nodes> {
  yield node;
  if ('children' in node) for (const child of node.children) yield* walk(child);
}

function attr(token: Token, name: string): string | null {
  const value = token.attrGet(name);
  return value === null ? null : String(value);
}

type Container = Root | Blockquote | List | ListItem | Table | TableRow;

function tokensToMdast(tokens: Token[]): Root {
  const root: Root = { type: 'root', children: [] };
  const stack: Array<Container | Paragraph | Heading | TableCell> = [root];
  const open = (node: Container | Paragraph | Heading | TableCell) => {
    (stack.at(-1) as Parent).children.push(node as RootContent);
    stack.push(node);
  };
  const add = (node: RootContent) => (stack.at(-1) as Parent).children.push(node);
  let align: Table['align'] = [];
  for (const token of tokens) {
    const rootChildren = root.children.length;
    switch (token.type) {
      case 'paragraph_open':
        open({ type: 'paragraph', children: [] });
        break;
      case 'heading_open':
        open({ type: 'heading', depth: Number(token.tag.slice(1)) as Heading['depth'], children: [] });
        break;
      case 'blockquote_open':
        open({ type: 'blockquote', children: [] });
        break;
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = token.type === 'ordered_list_open';
        open({ type: 'list', ordered, start: ordered ? Number(attr(token, 'start') ?? 1) : null, spread: false, children: [] });
        break;
      }
      case 'list_item_open':
        open({ type: 'listItem', checked: null, spread: false, children: [] });
        break;
      case 'list_item_close':
        taskMarker(stack.pop() as ListItem);
        break;
      case 'table_open':
        align = [];
        open({ type: 'table', align, children: [] });
        break;
      case 'tr_open':
        open({ type: 'tableRow', children: [] });
        break;
      case 'th_open':
      case 'td_open': {
        const style = /text-align:\s*(left|center|right)/.exec(attr(token, 'style') ?? '');
        if (token.type === 'th_open') align.push((style?.[1] as 'left' | 'center' | 'right' | undefined) ?? null);
        open({ type: 'tableCell', children: [] });
        break;
      }
      case 'paragraph_close':
      case 'heading_close':
      case 'blockquote_close':
      case 'bullet_list_close':
      case 'ordered_list_close':
      case 'table_close':
      case 'tr_close':
      case 'th_close':
      case 'td_close':
        stack.pop();
        break;
      case 'inline':
        (stack.at(-1) as Paragraph).children.push(...phrasing(token.children ?? []));
        break;
      case 'fence': {
        const [lang, ...meta] = token.info.trim().split(/\s+/);
        add({ type: 'code', lang: lang || null, meta: meta.join(' ') || null, value: token.content.replace(/\n$/, '') } satisfies Code);
        break;
      }
      case 'code_block':
        add({ type: 'code', lang: null, meta: null, value: token.content.replace(/\n$/, '') });
        break;
      case 'hr':
        add({ type: 'thematicBreak' });
        break;
      case 'html_block':
        add({ type: 'html', value: token.content.replace(/\n+$/, '') } satisfies Html);
        break;
      // A plugin's block, already an mdast node (GitBook's tags, expandables: see tags/).
      case 'folio_block_open':
        open(token.meta as unknown as Container);
        break;
      case 'folio_block_close':
        stack.pop();
        break;
      case 'folio_block':
        add(token.meta as unknown as RootContent);
        break;
      default:
        // thead/tbody wrappers carry nothing the document needs.
        break;
    }
    const added = root.children[rootChildren];
    if (added && token.map) topLevelLines.set(added, [token.map[0], token.map[1]]);
  }
  return root;
}

/**
 * The source lines (markdown-it's `map`: first line, line after the last) of each top-level node, kept beside
 * the tree rather than in it so every output built from the tree stays as it was. Comments anchored to text
 * map a text offset to the document block holding it through these (block-ranges.ts).
 */
export const topLevelLines = new WeakMap<RootContent, readonly [number, number]>();

/** GFM task list items: `[ ]`, `[x]` or `[X]` then whitespace, at the start of the item's first paragraph. */
function taskMarker(item: ListItem): void {
  const first = item.children[0];
  if (first?.type !== 'paragraph') return;
  const [text, next] = first.children;
  const match = text?.type === 'text' ? /^\[([ xX])\]([ \t]+|$)/.exec(text.value) : null;
  if (!match || text?.type !== 'text') return;
  // Right after the marker must come whitespace, a line break or nothing.
  const lineEnds = !next || next.type === 'break' || (next.type === 'text' && next.value.startsWith('\n'));
  if (match[2] === '' && !lineEnds) return;
  item.checked = match[1] !== ' ';
  text.value = text.value.slice(match[0].length);
}

/** GFM links bare text only when it starts with `www.` or a scheme, or is an e-mail address. */
const GFM_AUTOLINK = /^(https?:\/\/|ftp:\/\/|www\.)/i;

function phrasing(tokens: Token[]): PhrasingContent[] {
  const root: { children: PhrasingContent[] } = { children: [] };
  const stack: Array<{ children: PhrasingContent[]; unwrap?: boolean }> = [root];
  const add = (node: PhrasingContent) => stack.at(-1)!.children.push(node);
  const open = (node: PhrasingContent & { children: PhrasingContent[] }, unwrap = false) => {
    add(node);
    stack.push(Object.assign(node, unwrap ? { unwrap } : {}));
  };
  tokens.forEach((token, i) => {
    switch (token.type) {
      case 'text':
        add({ type: 'text', value: token.content });
        break;
      case 'softbreak':
        add({ type: 'text', value: '\n' });
        break;
      case 'hardbreak':
        add({ type: 'break' });
        break;
      case 'code_inline':
        add({ type: 'inlineCode', value: token.content });
        break;
      case 'html_inline':
        add({ type: 'html', value: token.content });
        break;
      case 'folio_inline':
        // A plugin's inline, already an mdast node (GitBook's inline math: see tags/).
        add(token.meta as unknown as PhrasingContent);
        break;
      case 'em_open':
        open({ type: 'emphasis', children: [] });
        break;
      case 'strong_open':
        open({ type: 'strong', children: [] });
        break;
      case 's_open':
        open({ type: 'delete', children: [] });
        break;
      case 'link_open': {
        const href = attr(token, 'href') ?? '';
        const bare = token.markup === 'linkify' && !href.startsWith('mailto:');
        // A fuzzy link GFM would not make (`example.com`) stays text.
        const unwrap = bare && !GFM_AUTOLINK.test(tokens[i + 1]?.content ?? '');
        open({ type: 'link', url: href, title: attr(token, 'title'), children: [] }, unwrap);
        break;
      }
      case 'em_close':
      case 'strong_close':
      case 's_close':
      case 'link_close': {
        const node = stack.pop()!;
        if (node.unwrap) {
          const siblings = stack.at(-1)!.children;
          siblings.splice(siblings.length - 1, 1, ...node.children);
        }
        break;
      }
      case 'image':
        add({ type: 'image', url: attr(token, 'src') ?? '', title: attr(token, 'title'), alt: plainText(token.children ?? []) });
        break;
      default:
        if (token.content) add({ type: 'text', value: token.content });
        break;
    }
  });
  return root.children;
}

/** The text of inline tokens, as an image's alt text is written. */
function plainText(tokens: Token[]): string {
  return tokens.map((t) => (t.type === 'image' ? plainText(t.children ?? []) : t.type === 'softbreak' || t.type === 'hardbreak' ? ' ' : t.content)).join('');
}

/** The text of an mdast node as a reader sees it (image alt text included). */
export function textContent(node: RootContent | PhrasingContent): string {
  if ('value' in node) return node.value;
  if (node.type === 'image') return node.alt ?? '';
  return 'children' in node ? (node.children as Array<RootContent | PhrasingContent>).map(textContent).join('') : '';
}

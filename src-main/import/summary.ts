import type { Token } from 'markdown-it';
import { parseTokens } from '../../src-shared/gitbook-markdown/parse';

/** A `##` (or deeper) heading of SUMMARY.md: a GitBook page group holding the entries under it. */
interface SummaryGroup {
  kind: 'group';
  title: string;
  /** From the heading's anchor (`## Title <a href="#slug" id="slug"></a>`, as GitBook writes it). */
  slug?: string;
  children: SummaryEntry[];
}

/** A list item: its link text as plain text, and its link target as written (none if it has no link). */
export interface SummaryEntry {
  kind: 'entry';
  title: string;
  href?: string;
  children: SummaryEntry[];
}

export type SummaryNode = SummaryGroup | SummaryEntry;

/**
 * Reads SUMMARY.md as GitBook does, from markdown-it's token stream rather than line patterns, so
 * escapes (`\[`), inline markup, entities, reference links and any indentation mean what markdown
 * says. The `#` title is ignored; each `##`/`###` heading starts a group that holds the list items
 * after it, up to the next heading or a `---` rule (GitBook's groups are one level deep); nested
 * lists are child pages. Headings and link texts become plain text: inline HTML (the anchors GitBook
 * appends to group headings) is dropped, never kept as a title.
 */
export function parseSummary(markdown: string): SummaryNode[] {
  const top: SummaryNode[] = [];
  let container: SummaryEntry[] | SummaryNode[] = top;
  const items: SummaryEntry[] = [];
  const filled = new WeakSet<SummaryEntry>();
  let heading: { level: number } | undefined;
  for (const token of parseTokens(markdown)) {
    switch (token.type) {
      case 'heading_open':
        if (items.length === 0) heading = { level: Number(token.tag.slice(1)) };
        break;
      case 'heading_close':
        heading = undefined;
        break;
      case 'hr':
        if (items.length === 0) container = top;
        break;
      case 'list_item_open': {
        const entry: SummaryEntry = { kind: 'entry', title: '', children: [] };
        (items.at(-1)?.children ?? container).push(entry);
        items.push(entry);
        break;
      }
      case 'list_item_close':
        items.pop();
        break;
      case 'inline': {
        const item = items.at(-1);
        if (item && !filled.has(item)) {
          filled.add(item);
          Object.assign(item, entryText(token.children ?? []));
        } else if (!item && heading && heading.level > 1) {
          const group: SummaryGroup = { kind: 'group', title: plainText(token.children ?? []) || 'Untitled group', children: [] };
          const slug = anchorId(token.children ?? []);
          if (slug) group.slug = slug;
          top.push(group);
          container = group.children;
        }
        break;
      }
    }
  }
  return top;
}

/** The first link of an item: its text and target; an item without a link is its text alone. */
function entryText(children: Token[]): { title: string; href?: string } {
  const start = children.findIndex((t) => t.type === 'link_open');
  if (start < 0) return { title: plainText(children) };
  let depth = 0;
  let end = start;
  for (; end < children.length; end += 1) {
    if (children[end]!.type === 'link_open') depth += 1;
    else if (children[end]!.type === 'link_close' && --depth === 0) break;
  }
  return { title: plainText(children.slice(start + 1, end)), href: String(children[start]!.attrGet('href') ?? '') };
}

/**
 * Inline tokens as the text a reader sees: escapes and entities resolved (markdown-it did), code
 * kept, emphasis markers and inline HTML dropped, an image by its alt text, runs of space collapsed.
 */
export function plainText(children: Token[]): string {
  let out = '';
  for (const token of children) {
    if (token.type === 'text' || token.type === 'code_inline') out += token.content;
    else if (token.type === 'softbreak' || token.type === 'hardbreak') out += ' ';
    else if (token.type === 'image') out += plainText(token.children ?? []);
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** The slug GitBook gives a group in the anchor it appends to the heading (`<a ... id="slug">`). */
function anchorId(children: Token[]): string | undefined {
  for (const token of children) {
    const id = token.type === 'html_inline' ? /\bid\s*=\s*["']([^"']+)["']/i.exec(token.content)?.[1] : undefined;
    if (id?.trim()) return id.trim();
  }
  return undefined;
}

/** The text of a markdown heading line (`# Install \[beta\]` → `Install [beta]`), parsed as markdown. */
export function headingText(line: string): string {
  const inline = parseTokens(line).find((t) => t.type === 'inline');
  return inline ? plainText(inline.children ?? []) : '';
}

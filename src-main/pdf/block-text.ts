import type { Block, Fragment, InlineContent } from '../../src-shared/gitbook-markdown/types';
import { inlineText } from './runs';

/** Anything of a document that holds text: a block, a fragment, an inline or a text node. */
type Node = Block | Fragment | InlineContent | { nodes?: unknown; fragments?: unknown };

/**
 * The plain text of a block and everything in it (its nodes and fragments), paragraphs on lines of
 * their own: what is printed when a block cannot be laid out, and the text of table cells.
 */
export function blockText(node: Node): string {
  const lines: string[] = [];
  const visit = (current: Node) => {
    const data = (current as { data?: { formula?: unknown } }).data;
    if ('object' in current && current.object === 'text') {
      lines.push(current.leaves.map((leaf) => leaf.text).join(''));
      return;
    }
    const type = 'type' in current ? String(current.type) : '';
    if (type === 'paragraph' || type === 'code-line' || type.startsWith('heading-')) {
      lines.push(inlineText((current as { nodes: InlineContent[] }).nodes));
      return;
    }
    if (typeof data?.formula === 'string') lines.push(data.formula);
    for (const key of ['nodes', 'fragments'] as const) {
      const children = (current as Record<string, unknown>)[key];
      if (Array.isArray(children)) for (const child of children) visit(child as Node);
    }
  };
  visit(node);
  return lines.join('\n').replace(/\n{2,}/g, '\n').trim();
}

/** The text of a fragment's blocks (captions, cells), a line each. */
export function fragmentText(fragment: Fragment<{ object: 'block' }> | undefined): string {
  return fragment ? blockText(fragment as Fragment) : '';
}

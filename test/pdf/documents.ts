import type {
  Block,
  ContentRef,
  DocumentText,
  Fragment,
  InlineContent,
  JSONDocument,
  MarkType,
  Paragraph,
  TableCellBlock,
} from '../../src-shared/gitbook-markdown/types';

/** Builders of GitBook documents by hand, for blocks the markdown converter may not produce yet. */

let next = 0;
const key = () => `t${(next += 1)}`;

export function doc(...nodes: Block[]): JSONDocument {
  return { object: 'document', data: {}, nodes };
}

export function text(value: string, ...marks: MarkType[]): DocumentText {
  return { object: 'text', key: key(), leaves: [{ object: 'leaf', text: value, marks: marks.map((type) => ({ object: 'mark', type })) }] };
}

export function colored(value: string, color: 'red' | 'green' | 'blue'): DocumentText {
  return { object: 'text', key: key(), leaves: [{ object: 'leaf', text: value, marks: [{ object: 'mark', type: 'color', data: { text: color, background: 'default' } }] }] };
}

export function link(ref: ContentRef, value: string): InlineContent {
  return { object: 'inline', type: 'link', key: key(), isVoid: false, data: { ref }, nodes: [text(value)] };
}

export function p(...nodes: Array<InlineContent | string>): Paragraph {
  return { object: 'block', type: 'paragraph', key: key(), isVoid: false, data: {}, nodes: nodes.map((n) => (typeof n === 'string' ? text(n) : n)) };
}

export function h(level: 1 | 2 | 3, value: string, id = value.toLowerCase().replace(/\s+/g, '-')): Block {
  return { object: 'block', type: `heading-${level}`, key: key(), isVoid: false, data: {}, meta: { id }, nodes: [text(value)] };
}

export function fragment<Node extends { object: 'block' } = Paragraph>(name: string, ...nodes: Node[]): Fragment<Node> {
  return { object: 'fragment', key: key(), fragment: name, nodes };
}

export function tabs(...items: Array<[string, ...Block[]]>): Block {
  return {
    object: 'block',
    type: 'tabs',
    key: key(),
    isVoid: false,
    data: {},
    nodes: items.map(([title, ...nodes]) => ({ object: 'block', type: 'tabs-item', key: key(), isVoid: false, data: { title }, nodes })),
  };
}

export function stepper(...steps: Block[][]): Block {
  return {
    object: 'block',
    type: 'stepper',
    key: key(),
    isVoid: false,
    data: {},
    nodes: steps.map((nodes) => ({ object: 'block', type: 'stepper-step', key: key(), isVoid: false, data: {}, nodes })),
  };
}

export function expandable(title: string, ...body: Block[]): Block {
  return {
    object: 'block',
    type: 'expandable',
    key: key(),
    isVoid: true,
    data: {},
    fragments: [
      { object: 'fragment', key: key(), fragment: 'expandable-title', type: 'expandable-title', nodes: [p(title)] },
      { object: 'fragment', key: key(), fragment: 'expandable-body', type: 'expandable-body', nodes: body },
    ],
  };
}

export function columns(...cols: Block[][]): Block {
  return {
    object: 'block',
    type: 'columns',
    key: key(),
    isVoid: false,
    data: {},
    nodes: cols.map((nodes) => ({ object: 'block', type: 'column', key: key(), isVoid: false, data: {}, nodes })),
  };
}

/** A cards table: each card a title, a description and where it leads. */
export function cards(...items: Array<{ title: string; description: string; target?: ContentRef }>): Block {
  const records: Record<string, { orderIndex: string; values: Record<string, string | ContentRef> }> = {};
  const fragments: Array<Fragment<TableCellBlock>> = [];
  items.forEach((item, i) => {
    const values: Record<string, string | ContentRef> = { title: `r${i}-title`, description: `r${i}-description` };
    if (item.target) values.target = item.target;
    fragments.push(fragment(`r${i}-title`, p(item.title)), fragment(`r${i}-description`, p(item.description)));
    // Keys out of order: the cards follow orderIndex.
    records[`z${items.length - i}`] = { orderIndex: `a${i}`, values };
  });
  return {
    object: 'block',
    type: 'table',
    key: key(),
    isVoid: true,
    data: {
      view: { type: 'cards', columns: ['title', 'description', 'target'], cardSize: 'medium', targetDefinition: 'target' },
      records,
      definition: {
        title: { id: 'title', title: 'Title', type: 'text', textAlignment: 'left' },
        description: { id: 'description', title: 'Description', type: 'text', textAlignment: 'left' },
        target: { id: 'target', title: 'Target', type: 'content-ref' },
      },
    },
    fragments,
  };
}

/** Block of any other kind, given its type and data (void blocks). */
export function voidBlock(type: string, data: Record<string, unknown>, fragments?: Fragment[]): Block {
  return { object: 'block', type, key: key(), isVoid: true, data, ...(fragments ? { fragments } : {}) } as unknown as Block;
}

/** Where each of `parts` is found in `haystack`, each after the previous: -1 from the first missing one. */
export function positionsInOrder(haystack: string, parts: readonly string[]): number[] {
  let from = 0;
  return parts.map((part) => {
    const at = from < 0 ? -1 : haystack.indexOf(part, from);
    from = at < 0 ? -1 : at + part.length;
    return at;
  });
}

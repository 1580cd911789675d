import { arrayOf, isObject, type Json, stringOf } from '../to-markdown-inline';
import { colorOpenTag } from './write-inline';

/**
 * The marks markdown has no syntax for (colour, keyboard, superscript, subscript), which GitBook
 * writes in markdown as HTML tags around the markdown of the text:
 * `<mark style="color:red;">**RED**</mark>`, `<kbd>Ctrl</kbd>`, `x<sup>2</sup>`.
 *
 * `groupHtmlMarks` gathers runs of inline content sharing such a mark under one wrapper node (the
 * mark taken off its leaves), outermost mark first, so the markdown writer writes each run once
 * between its tags, like a link around its text.
 */
interface HtmlMarkWrapper {
  object: 'inline';
  type: '#html-mark';
  open: string;
  close: string;
  /** The mark types the tags stand for (for checking what the markdown reads back as). */
  types: string[];
  nodes: unknown[];
}

/** Outermost first. */
const HTML_MARKS: ReadonlyArray<[type: string, open: string, close: string]> = [
  ['color', '', '</mark>'],
  ['keyboard', '<kbd>', '</kbd>'],
  ['superscript', '<sup>', '</sup>'],
  ['subscript', '<sub>', '</sub>'],
];

interface Unit {
  node: unknown;
  /** The unit's HTML marks, outermost first, each as [key, open tag, close tag, type]. */
  marks: Array<[key: string, open: string, close: string, type: string]>;
}

export const isHtmlMarkWrapper = (node: Json): boolean => node.type === '#html-mark';

function htmlMarksOf(marks: unknown): Unit['marks'] {
  const list = arrayOf(marks).filter(isObject);
  return HTML_MARKS.flatMap(([type, open, close]): Unit['marks'] => {
    const mark = list.find((m) => m.type === type);
    if (!mark) return [];
    const tag = type === 'color' ? colorOpenTag(mark.data) : open;
    return tag ? [[tag, tag, close, type]] : [];
  });
}

const withoutHtmlMarks = (marks: unknown) => arrayOf(marks).filter((m) => !(isObject(m) && HTML_MARKS.some(([type]) => type === m.type)));

function unitsOf(nodes: readonly unknown[]): Unit[] {
  return nodes.flatMap((node): Unit[] => {
    if (!isObject(node)) return [{ node, marks: [] }];
    if (node.object === 'text' || Array.isArray(node.leaves)) {
      return arrayOf(node.leaves)
        .filter(isObject)
        .map((leaf) => ({ node: { object: 'text', leaves: [{ ...leaf, marks: withoutHtmlMarks(leaf.marks) }] }, marks: htmlMarksOf(leaf.marks) }));
    }
    if (node.object === undefined && typeof node.text === 'string') return [{ node: { ...node, marks: withoutHtmlMarks(node.marks) }, marks: htmlMarksOf(node.marks) }];
    return [{ node, marks: [] }];
  });
}

export function groupHtmlMarks(nodes: readonly unknown[]): unknown[] {
  const units = unitsOf(nodes);
  return units.some((unit) => unit.marks.length > 0) ? group(units) : [...nodes];
}

function group(units: readonly Unit[]): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < units.length; ) {
    const outer = units[i]!.marks[0];
    if (!outer) {
      out.push(units[i]!.node);
      i += 1;
      continue;
    }
    let end = i;
    while (end < units.length && units[end]!.marks[0]?.[0] === outer[0]) end += 1;
    const inner = units.slice(i, end).map((unit) => ({ node: unit.node, marks: unit.marks.slice(1) }));
    const wrapper: HtmlMarkWrapper = { object: 'inline', type: '#html-mark', open: outer[1], close: outer[2], types: [outer[3]], nodes: group(inner) };
    out.push(wrapper);
    i = end;
  }
  return out;
}

export function wrapperParts(node: Json): { open: string; close: string; types: string[] } {
  return { open: stringOf(node.open) ?? '', close: stringOf(node.close) ?? '', types: arrayOf(node.types).filter((t): t is string => typeof t === 'string') };
}

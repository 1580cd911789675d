import type { PhrasingContent, RootContent } from 'mdast';
import { type HTMLElement, type Node, NodeType, parse } from 'node-html-parser';

/**
 * The HTML GitBook writes inside its markdown (`<figure>`, `<table>`, `<mark>`, `<a href>` …), read
 * into the mdast tree the converters walk. HTML markup is parsed by node-html-parser (it runs in the
 * browser too); the result is one vocabulary whether the HTML came as one block (parsed at once) or
 * as inline tags interleaved with markdown (paired by `nestInlineHtml`).
 */

/** An HTML element: its children are mdast phrasing (text, markdown emphasis) and further elements. */
export interface HtmlElementNode {
  type: 'folioHtmlElement';
  /** The tag name, lower case. */
  tag: string;
  /** Attributes, entities decoded; an attribute written without a value is "". */
  attrs: Record<string, string>;
  /** The tags as written, restored as text where the element means nothing to the document. */
  open: string;
  close: string;
  children: PhrasingContent[];
  /** The parsed element, when the HTML was parsed as a whole (a table in a cell is read from it). */
  dom?: HTMLElement;
}

/**
 * `<div align="left">` on a line of its own, markdown, then `</div>`: GitBook's older way of aligning
 * an image (the markdown between is converted as usual; the attributes apply to its images).
 */
export interface HtmlContainerNode {
  type: 'folioHtmlContainer';
  attrs: Record<string, string>;
  children: RootContent[];
}

declare module 'mdast' {
  interface PhrasingContentMap {
    folioHtmlElement: HtmlElementNode;
  }
  interface RootContentMap {
    folioHtmlElement: HtmlElementNode;
    folioHtmlContainer: HtmlContainerNode;
  }
}

/** HTML parsed as GitBook's markup: `<pre>` is parsed too (GitBook marks bold code lines in it). */
export function parseHtml(html: string): HTMLElement {
  return parse(html, { comment: false, blockTextElements: { script: true, noscript: true, style: true } });
}

export const isElement = (node: Node): node is HTMLElement => node.nodeType === NodeType.ELEMENT_NODE;

export const tagOf = (element: HTMLElement): string => (element.rawTagName ?? '').toLowerCase();

/** The element children of a node, blank text between them left out (and other text refused: undefined). */
export function elementsOnly(node: HTMLElement): HTMLElement[] | undefined {
  const elements: HTMLElement[] = [];
  for (const child of node.childNodes) {
    if (isElement(child)) elements.push(child);
    else if (child.nodeType === NodeType.TEXT_NODE && child.text.trim() !== '') return undefined;
  }
  return elements;
}

export function openTag(element: HTMLElement): string {
  return `<${element.rawTagName}${element.rawAttrs ? ` ${element.rawAttrs}` : ''}>`;
}

/** DOM nodes as mdast phrasing: text (entities decoded) and elements. */
export function domPhrasing(nodes: readonly Node[]): PhrasingContent[] {
  return nodes.flatMap((node): PhrasingContent[] => {
    if (isElement(node)) return [elementNode(node)];
    if (node.nodeType === NodeType.TEXT_NODE) return node.text === '' ? [] : [{ type: 'text', value: node.text }];
    return [];
  });
}

export function elementNode(element: HTMLElement): HtmlElementNode {
  const tag = tagOf(element);
  return {
    type: 'folioHtmlElement',
    tag,
    attrs: { ...element.attributes },
    open: openTag(element),
    close: VOID_TAGS.has(tag) ? '' : `</${element.rawTagName}>`,
    children: domPhrasing(element.childNodes),
    dom: element,
  };
}

export const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'img', 'source', 'hr', 'wbr']);

import type { RefResolver } from '../../../../src-shared/gitbook-markdown/context';
import { renderDocument, type DocumentLinks } from '../../../../src-shared/gitbook-markdown/html/render-document';
import { markdownToDocument } from '../../../../src-shared/gitbook-markdown/markdown-to-document';
import { walk } from '../../../../src-shared/gitbook-markdown/parse';
import { parseGitBookMarkdown } from '../../../../src-shared/gitbook-markdown/tags/parse';
import type { Block, ContentRef, ContentRefReusableContent, JSONDocument } from '../../../../src-shared/gitbook-markdown/types';
import { resolveIncludeBySlug } from './includes';

/**
 * A GitBook block's markdown as the HTML the published site shows (one renderer for the site and the
 * editor: src-shared/gitbook-markdown/html), read with `keepStructure` so every block stays where it is
 * written. Pure strings: the widget (block-widget.ts) puts the result in the page.
 */

/** Block types the live preview draws as themselves; anything else stays editable text. */
const WIDGET_TYPES = new Set<Block['type']>([
  'hint',
  'tabs',
  'stepper',
  'columns',
  'expandable',
  'table',
  'images',
  'embed',
  'file',
  'math',
  'content-ref',
  'openapi-operation',
  'swagger',
  'integration',
  'reusable-content',
]);

/** How the editor names the pages a content-ref leads to (the page tree, when the caller knows it). */
export type PageTitleOf = (path: string) => string | undefined;

/**
 * A relative link to a markdown file is a page of the space: the editor has no resolver of paths to
 * page ids, so the path itself stands for the page (its title comes from `pageTitle` or the link's text).
 */
export const resolveInEditor: RefResolver = (url, usage) => {
  if (usage !== 'link' || /^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(url)) return undefined;
  return /\.md(?:#.*)?$/i.test(url) ? { kind: 'page', page: url } : undefined;
};

/** The document of a block's markdown, or undefined when it is not a block the preview draws. */
export function widgetDocument(markdown: string): JSONDocument | undefined {
  // Includes are named by their slug here (includes.ts): whether one exists is known only when it is drawn.
  const doc = markdownToDocument(markdown, { keepStructure: true, resolveRef: resolveInEditor, resolveInclude: resolveIncludeBySlug });
  return doc.nodes.length > 0 && doc.nodes.every((node) => WIDGET_TYPES.has(node.type)) ? doc : undefined;
}

/** The first block's type (what the widget is called and styled as). */
export function widgetType(doc: JSONDocument): Block['type'] {
  return doc.nodes[0]!.type;
}

/**
 * The HTML of a block's document. `idPrefix` keeps the ids tabs make up apart between widgets;
 * `linkTexts` name content-ref pages by the text of the link GitBook writes inside the tag;
 * `reusableContent` gives the document an include shows (by slug), when it is known.
 */
export function widgetHtml(
  doc: JSONDocument,
  options: {
    idPrefix: string;
    pageTitle?: PageTitleOf;
    linkTexts?: ReadonlyMap<string, string>;
    reusableContent?: (ref: ContentRefReusableContent) => JSONDocument | undefined;
  },
): string {
  const links: DocumentLinks = {
    href: hrefInEditor,
    pageTitle: (ref) => {
      const page = ref.page ?? '';
      return options.pageTitle?.(page) ?? options.linkTexts?.get(page) ?? titleFromPath(page);
    },
  };
  return renderDocument(doc, links, { idPrefix: options.idPrefix, reusableContent: options.reusableContent });
}

/** Where a reference leads, as written (links in widgets are not followed in the editor; see block-widget.ts). */
function hrefInEditor(ref: ContentRef): string | undefined {
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'page':
      return ref.page;
    case 'anchor':
      return `${ref.page ?? ''}#${ref.anchor}`;
    case 'file':
      return `.gitbook/assets/${encodeURIComponent(ref.file)}`;
    default:
      return undefined;
  }
}

/** `guides/getting-started.md` → "Getting started"; a README is named by its folder. */
export function titleFromPath(path: string): string | undefined {
  const parts = path.split('#', 1)[0]!.split('/').filter((part) => part && part !== '.' && part !== '..');
  let name = parts.pop()?.replace(/\.md$/i, '');
  if (name?.toLowerCase() === 'readme') name = parts.pop();
  if (!name) return undefined;
  const words = decodeURIComponentSafe(name).replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : undefined;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The text of each link in a block's markdown, by URL: GitBook writes a content-ref's page title as the link inside it. */
export function linkTextsOf(markdown: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const node of walk(parseGitBookMarkdown(markdown))) {
    if (node.type !== 'link' || texts.has(node.url)) continue;
    const text = [...walk(node)].map((child) => (child.type === 'text' || child.type === 'inlineCode' ? child.value : '')).join('').trim();
    if (text) texts.set(node.url, text);
  }
  return texts;
}

import type { RefUsage } from '../../src-shared/gitbook-markdown/context';
import type { ContentRef } from '../../src-shared/gitbook-markdown/types';
import type { ResolvedImage } from './figures';

/**
 * What the PDF is told about the space its pages come from, to follow references. Every part is
 * optional: without them links stay the URLs they were written as.
 */
export interface PdfReferences {
  /** A URL written on page `pageId` as a page, anchor or file reference (undefined: a plain URL). */
  resolve?(url: string, usage: RefUsage, pageId: string): ContentRef | undefined;
  /** A page's title, and its address for when the page is not printed in this PDF. */
  page?(pageId: string): { title: string; url?: string } | undefined;
  /** A file's name and download address. */
  file?(fileId: string): { name: string; url?: string } | undefined;
  /** A file's bytes, for images given as file references. */
  fileImage?(fileId: string): ResolvedImage | undefined;
  /** The title an embedded URL's page gives itself, when already fetched (src-main/embeds/). */
  embedTitle?(url: string): string | undefined;
}

/** Where a run of text leads: a URL, or a named destination in this PDF. */
export type LinkTarget = { link?: string; goTo?: string };

const ABSOLUTE = /^(https?|mailto|ftp):/i;

/**
 * The PDF's links: references to pages printed in it become links to the place they are printed
 * (named destinations at each page's title and heading), the others their URL.
 */
export class PdfLinks {
  /** Where each printed page starts: its PDF page index and height on it. */
  private readonly starts = new Map<string, { pageIndex: number; y: number }>();
  private readonly defined = new Set<string>();
  /** Destinations linked to, with the page they belong to. */
  private readonly wanted = new Map<string, string>();
  private current = '';

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    readonly references: PdfReferences,
    /** The ids of the pages this PDF prints. */
    private readonly printed: ReadonlySet<string>,
  ) {}

  /** The page now being printed (its id, or a key of its own for pages without one). */
  get page(): string {
    return this.current;
  }

  startPage(key: string, pageIndex: number): void {
    this.current = key;
    this.starts.set(key, { pageIndex, y: this.doc.y });
    this.defineHere(pageDestination(key));
  }

  /** A heading of the current page starts here. */
  heading(anchor: string): void {
    this.defineHere(anchorDestination(this.current, anchor));
  }

  target(ref: ContentRef): LinkTarget {
    switch (ref.kind) {
      case 'url':
        if (ref.url.startsWith('#') && ref.url.length > 1) return this.goTo(anchorDestination(this.current, decodeSafe(ref.url.slice(1))), this.current);
        return ABSOLUTE.test(ref.url) ? { link: ref.url } : {};
      case 'page':
        if (this.printed.has(ref.page)) return this.goTo(pageDestination(ref.page), ref.page);
        return this.external(this.references.page?.(ref.page)?.url);
      case 'anchor': {
        const page = ref.page ?? this.current;
        if (page === this.current || this.printed.has(page)) return this.goTo(anchorDestination(page, ref.anchor), page);
        const url = this.references.page?.(page)?.url;
        return this.external(url ? `${url}#${encodeURIComponent(ref.anchor)}` : undefined);
      }
      case 'file':
        return this.external(this.references.file?.(ref.file)?.url);
    }
  }

  /** The URL printed after a link's text, for readers of paper: only for links written as URLs. */
  urlSuffix(ref: ContentRef, text: string): string | undefined {
    if (ref.kind !== 'url' || !ref.url || ref.url.startsWith('#')) return undefined;
    const shown = ref.url.replace(/^mailto:/i, '');
    return text === ref.url || text === shown ? undefined : shown;
  }

  /** What a reference is called: the page's title, the file's name, or the URL. */
  title(ref: ContentRef): string {
    switch (ref.kind) {
      case 'url':
        return ref.url;
      case 'page':
        return this.references.page?.(ref.page)?.title || 'Page';
      case 'anchor': {
        const page = this.references.page?.(ref.page ?? this.current)?.title;
        return page ? `${page} (${ref.anchor})` : ref.anchor;
      }
      case 'file':
        return this.references.file?.(ref.file)?.name || 'File';
    }
  }

  /** Gives every destination linked to but never reached (a heading that is not there) its page's start. */
  finish(): void {
    for (const [name, page] of this.wanted) {
      const start = this.starts.get(page);
      if (this.defined.has(name) || !start) continue;
      this.doc.switchToPage(start.pageIndex);
      this.doc.addNamedDestination(name, 'XYZ', null, start.y, null);
      this.defined.add(name);
    }
  }

  private goTo(name: string, page: string): LinkTarget {
    this.wanted.set(name, page);
    return { goTo: name };
  }

  private external(url: string | undefined): LinkTarget {
    return url ? { link: url } : {};
  }

  private defineHere(name: string): void {
    if (this.defined.has(name)) return;
    this.doc.addNamedDestination(name, 'XYZ', null, this.doc.y, null);
    this.defined.add(name);
  }
}

const pageDestination = (page: string) => `page:${page}`;
const anchorDestination = (page: string, anchor: string) => `anchor:${page}#${anchor}`;

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

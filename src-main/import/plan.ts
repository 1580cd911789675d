import type { PageLayoutOptions } from './page-options';

/**
 * What an importer produces, whatever the source: a tree of pages with markdown bodies, and the
 * files they use. Writing a plan into content is one transaction and one revision (write-plan.ts).
 */
export interface ImportedPage {
  /** A document (the default), a group (SUMMARY.md's `##` headings) or a link (to `href`, without a body). */
  kind?: 'document' | 'group' | 'link';
  title: string;
  /** Slug to keep, so that relative links between imported pages still resolve (else from the title). */
  slug?: string;
  markdown: string;
  emoji?: string;
  /** A name from GitBook's icon set (front matter `icon` that is not an emoji). */
  icon?: string;
  description?: string;
  hidden?: boolean;
  /** Link pages: where the entry points (a URL, or `file.md#anchor` as the source wrote it). */
  href?: string;
  /** Layout options the source set (GitBook's front matter `layout`); the others keep their defaults. */
  layout?: PageLayoutOptions;
  /** The page's cover: one of the plan's files (by name) or a URL, and its vertical offset. */
  cover?: { file?: string; url?: string; yPos: number };
  /** Front matter `metadata`, kept as given. */
  metadata?: Record<string, unknown>;
  children: ImportedPage[];
  /** Made by the importer to hold others (a SUMMARY.md heading, a folder): not a resource of the source. */
  synthetic?: boolean;
  /** A page read from a repository's file: that file, relative to the content root (`manual/README.md`); Git Sync matches pages by it. */
  file?: string;
}

export interface ImportedFile {
  /** Name in the space; links to `.gitbook/assets/<name>` in the imported markdown resolve to it. */
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/** A reusable content: Git Sync's `.gitbook/includes/{slug}.md`, which pages place with `{% include %}`. */
export interface ImportedReusable {
  /** The file's name without `.md`: what includes name it by, and the name an export writes back. */
  slug: string;
  title: string;
  markdown: string;
}

export interface ImportPlan {
  pages: ImportedPage[];
  files: ImportedFile[];
  /** Reusable contents the source holds (a repository's `.gitbook/includes/`). */
  reusables?: ImportedReusable[];
  /** Resources found at the source (pages and files), imported or not. */
  totalResources: number;
  /** What could not be imported, in words (shown to the writer). */
  failures: string[];
  /** Old addresses of the source's pages (`.gitbook.yaml` `redirects`), kept for the space's published site. */
  redirects?: ImportedRedirect[];
}

/** `source` (a path of the published site, without the leading `/`) leads to `page` when it was imported, else to `path`. */
export interface ImportedRedirect {
  source: string;
  page?: ImportedPage;
  /** The target as the source named it (a file path relative to the content root). */
  path: string;
}

/** Pages that came from a resource of the source (synthetic parents do not count). */
export function countPages(pages: ImportedPage[]): number {
  return pages.reduce((n, page) => n + (page.synthetic ? 0 : 1) + countPages(page.children), 0);
}

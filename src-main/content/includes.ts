import type { IncludeResolver } from '../../src-shared/gitbook-markdown/context';
import type { IncludeWriter } from '../../src-shared/gitbook-markdown/to-markdown-inline';

/**
 * How pages place reusable contents: `{% include "…/.gitbook/includes/{slug}.md" %}`, the path relative to the
 * page's file as Git Sync writes it. Folio finds the reusable content by the slug alone, so an include keeps
 * working when its page moves, and writes `.gitbook/includes/{slug}.md` from the top (an export gives it the
 * page file's depth: export/include-files.ts).
 */
export interface IncludeScope {
  /** Reusable content ids by slug, lowercased. */
  idBySlug: ReadonlyMap<string, string>;
  slugById: ReadonlyMap<string, string>;
}

export function includeScopeOf(reusables: ReadonlyArray<{ reusable_id: string; slug: string }>): IncludeScope {
  return {
    idBySlug: new Map(reusables.map((r) => [r.slug.toLowerCase(), r.reusable_id])),
    slugById: new Map(reusables.map((r) => [r.reusable_id, r.slug])),
  };
}

/** The slug an include names (`../.gitbook/includes/setup.md` → `setup`), whatever folder it is written from. */
export function includedSlug(path: string): string | undefined {
  return /(?:^|\/)\.gitbook\/includes\/([^/]+)\.md$/i.exec(path)?.[1];
}

export function includeResolver(scope: IncludeScope): IncludeResolver {
  return (path) => {
    const slug = includedSlug(path);
    const id = slug === undefined ? undefined : scope.idBySlug.get(slug.toLowerCase());
    return id === undefined ? undefined : { kind: 'reusable-content', reusableContent: id };
  };
}

/** Writes a document's reusable-content block back as an include of this space's content (another space's is left out). */
export function includeWriter(scope: IncludeScope): IncludeWriter {
  return (ref) => {
    const slug = ref.space === undefined ? scope.slugById.get(ref.reusableContent) : undefined;
    return slug === undefined ? undefined : `.gitbook/includes/${slug}.md`;
  };
}

/** How deep includes inside included content are followed (as the site's renderer: MAX_INCLUDE_DEPTH). */
const MAX_EXPANSION_DEPTH = 5;
const INCLUDE_LINE = /^([ \t]*)\{%-?\s*include\s+(["'])([^"']+)\2\s*-?%\}[ \t]*$/gm;

/**
 * The markdown with each include line replaced by the reusable content's own markdown, for readers that take
 * markdown rather than GitBook's document (the PDF). An unknown include, a cycle, or one past the depth
 * limit is left out, as the site leaves it out.
 */
export function expandIncludes(markdown: string, markdownOfSlug: (slug: string) => string | undefined, seen: readonly string[] = []): string {
  if (seen.length >= MAX_EXPANSION_DEPTH) return markdown.replace(INCLUDE_LINE, '');
  return markdown.replace(INCLUDE_LINE, (_line, indent: string, _quote: string, path: string) => {
    const slug = includedSlug(path)?.toLowerCase();
    const included = slug === undefined || seen.includes(slug) ? undefined : markdownOfSlug(slug);
    if (included === undefined) return '';
    const expanded = expandIncludes(included, markdownOfSlug, [...seen, slug!]).replace(/\n+$/, '');
    return indent ? expanded.replace(/^(?=.)/gm, indent) : expanded;
  });
}

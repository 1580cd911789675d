import { assetReferences } from './asset-references';
import { MARKDOWN, pageFromMarkdown } from './markdown-page';
import type { ImportPlan } from './plan';

// Addresses that name no file beside the page: a scheme (https:, mailto:), a protocol-relative URL, an anchor.
const ELSEWHERE = /^[a-z][a-z0-9+.-]*:|^\/\/|^#/i;

/**
 * One markdown file as one page (title from its front matter, its `# heading`, else its name). The
 * images and files it names beside it are not in a single file, so they cannot come along: each is
 * reported, in words, so the writer knows to import the folder (or a zip of it) instead. Links to other
 * markdown pages are kept as written (a later import of those pages may resolve them) and not reported.
 */
export function planOfSingleMarkdown(name: string, text: string): ImportPlan {
  const failures: string[] = [];
  const page = pageFromMarkdown(name, text, { failures });
  for (const address of new Set(filesBeside(page.markdown))) {
    failures.push(`${name}: "${address}" was not imported: a single file brings no images or files with it (import its folder, or a zip of it, to bring them)`);
  }
  return { pages: [page], files: [], totalResources: 1, failures };
}

/** The page's references to files next to it (images, downloads), as written. */
function filesBeside(markdown: string): string[] {
  return assetReferences(markdown)
    .map((address) => address.trim())
    .filter((address) => address && !ELSEWHERE.test(address) && !MARKDOWN.test(address.replace(/[?#].*$/, '')));
}

import type { AssetCollector } from './asset-collector';
import { splitFrontMatter } from './front-matter';
import type { ImportedReusable } from './plan';
import type { SourceTree } from './source';

/** Where GitBook's Git Sync keeps a space's reusable contents, one markdown file each. */
const INCLUDES = /^\.gitbook\/includes\/([^/]+)\.md$/i;

const decoder = new TextDecoder();

/**
 * The reusable contents of a repository: every `.gitbook/includes/{slug}.md`, its title from front matter
 * (`title:`, as GitBook writes it; else the slug), its body what follows, less the one blank line GitBook
 * writes under the front matter. Files the bodies use are imported as pages' are.
 */
export async function readIncludes(tree: SourceTree, assets: AssetCollector, failures: string[]): Promise<ImportedReusable[]> {
  const reusables: ImportedReusable[] = [];
  for (const path of tree.paths.filter((p) => INCLUDES.test(p)).sort()) {
    const slug = INCLUDES.exec(path)![1]!;
    const front = splitFrontMatter(decoder.decode(await tree.read(path)));
    if (front.problem) failures.push(`${path}: ${front.problem}`);
    const body = front.body.replace(/^[ \t]*\r?\n/, '');
    reusables.push({ slug, title: front.fields.title?.trim() || slug.replace(/[-_]+/g, ' '), markdown: assets.rewrite(path, body) });
  }
  return reusables;
}

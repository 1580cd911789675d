import type { PageView } from '../content/presenter';
import { assetLinksRelativeTo } from './asset-links';
import { includeFileText, includeLinksRelativeTo } from './include-files';
import { gitbookFrontMatter } from './front-matter';
import { type ExportPage, exportTree, flattenTree } from './page-tree';
import { escapeTitle, summaryMarkdown } from './summary';

/** One file of the exported repository: its path from the repository's top, and its bytes. */
export interface RepositoryFile {
  path: string;
  bytes: Uint8Array;
}

interface RepositoryInput {
  pages: PageView[];
  markdownOf(pageId: string): string;
  /** The space's files: each becomes `.gitbook/assets/<name>`. */
  files: Array<{ id: string; name: string; bytes(): Uint8Array | undefined }>;
  /** The space's reusable contents: each becomes `.gitbook/includes/<slug>.md`. */
  reusables?: Array<{ slug: string; title: string; markdown: string }>;
  /** `.gitbook.yaml`, when the space has settings GitBook's defaults do not give. */
  config?: string;
}

type FileNames = (fileId: string) => string | undefined;

const encoder = new TextEncoder();

/**
 * A space as the repository GitBook's Git Sync would write: `.gitbook.yaml` (only when needed),
 * `README.md` and every page's file (page-tree.ts), `SUMMARY.md`, `.gitbook/includes/` holding every
 * reusable content, and `.gitbook/assets/` holding every file under its name. Files come in a fixed
 * order (config, pages in tree order, SUMMARY.md, includes by slug, assets by name), so exporting the
 * same content twice gives the same archive.
 */
export function buildRepository(input: RepositoryInput): RepositoryFile[] {
  const tree = exportTree(input.pages);
  const out: RepositoryFile[] = [];
  const text = (path: string, content: string) => out.push({ path, bytes: encoder.encode(content) });
  const names = new Map(input.files.map((file) => [file.id, file.name]));
  const fileName: FileNames = (id) => names.get(id);
  if (input.config) text('.gitbook.yaml', input.config);
  for (const page of flattenTree(tree)) {
    if (page.file) text(page.file, pageFileText({ ...page, file: page.file }, input.markdownOf(page.id), fileName));
  }
  text('SUMMARY.md', summaryMarkdown(tree));
  for (const reusable of [...(input.reusables ?? [])].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))) {
    const path = `.gitbook/includes/${reusable.slug}.md`;
    text(path, includeFileText(reusable, path));
  }
  const written = new Set<string>();
  for (const file of [...input.files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (written.has(file.name)) continue;
    const bytes = file.bytes();
    if (!bytes) continue;
    written.add(file.name);
    out.push({ path: `.gitbook/assets/${file.name}`, bytes });
  }
  return out;
}

/**
 * A page's file: GitBook's front matter, the title as the `# heading` GitBook writes (the import takes
 * it out of the body, with the blank line under it), and the body as stored, its files linked
 * relative to the file (asset-links.ts). Importing the file gives back the same page.
 */
export function pageFileText(page: Pick<ExportPage, 'title' | 'meta'> & { file: string }, markdown: string, fileName: FileNames): string {
  const body = includeLinksRelativeTo(page.file, assetLinksRelativeTo(page.file, markdown));
  const frontMatter = gitbookFrontMatter(page.meta, { filePath: page.file, fileName });
  return `${frontMatter}# ${escapeTitle(page.title)}\n${body ? `\n${body}` : ''}`;
}

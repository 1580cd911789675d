import { posix } from 'node:path';
import type { AssetCollector } from './asset-collector';
import { splitFrontMatter } from './front-matter';
import type { FrontMatterCover } from './page-options';
import type { ImportedPage } from './plan';
import { headingText } from './summary';

export const MARKDOWN = /\.(md|markdown)$/i;
const README = /^readme$/i;

interface PageOptions {
  /** Notes the files the page uses and points its links at them. */
  assets?: AssetCollector;
  /** The title SUMMARY.md gives the page (it wins over the file's own). */
  title?: string;
  children?: ImportedPage[];
  /** Where to say what could not be read as GitBook meant it (a front matter that is not YAML). */
  failures?: string[];
}

/**
 * One markdown file as one page. Its title: SUMMARY.md's, else front matter `title`, else its first
 * `# heading` (as plain text: `\[` is `[`), else its file name. The heading is taken out of the body,
 * as GitBook writes the title there. Front matter gives description, hidden and icon (an emoji icon
 * is the page's emoji), and the page options: layout, cover (a file the import brings, or a URL) and
 * metadata.
 */
export function pageFromMarkdown(path: string, source: string, options: PageOptions = {}): ImportedPage {
  const front = splitFrontMatter(source);
  if (front.problem) options.failures?.push(`${path}: ${front.problem}`);
  let markdown = front.body;
  // The heading is one line (`[ \t]`: `\s` would run on and swallow an empty `###` under it); the one blank
  // line after it is GitBook's separator, further ones are the body's own (an export writes them back).
  const heading = /^\s*#[ \t]+(.+?)[ \t]*#*[ \t]*(\r?\n|$)/.exec(markdown);
  if (heading) markdown = markdown.slice(heading[0].length).replace(/^[ \t]*\r?\n/, '');
  const base = posix.basename(path).replace(MARKDOWN, '');
  const folder = posix.basename(posix.dirname(path));
  const fallback = README.test(base) ? (folder && folder !== '.' ? folder : 'Introduction') : base;
  const { title: frontTitle, cover, ...fields } = front.fields;
  return {
    title: (options.title || frontTitle || (heading && headingText(heading[0].trim())) || fallback.replace(/[-_]+/g, ' ')).trim() || 'Untitled',
    slug: fileSlug(path),
    markdown: options.assets ? options.assets.rewrite(path, markdown) : markdown,
    ...fields,
    ...(cover ? { cover: coverOf(path, cover, options) } : {}),
    children: options.children ?? [],
  };
}

/** Front matter's cover as one of the import's files, or a URL; one that is neither keeps only its offset, and is reported. */
function coverOf(path: string, cover: FrontMatterCover, options: PageOptions): NonNullable<ImportedPage['cover']> {
  if (!cover.src) return { yPos: cover.yPos };
  const found = options.assets ? options.assets.reference(path, cover.src) : /^https?:\/\//i.test(cover.src) ? { url: cover.src } : undefined;
  if (!found) options.failures?.push(`${path}: its cover "${cover.src}" is not in the folder`);
  return { ...found, yPos: cover.yPos };
}

/**
 * The slug GitBook gives a page from its file: the file's name (`guides/setup.md` → `setup`), a
 * README its folder's name (`guides/README.md` → `guides`); none for the top README. Page paths are
 * the slugs from the root, so a repository whose folders follow its page tree (as GitBook writes
 * them) gets the paths of its files back, and relative links between folders resolve. Letters,
 * digits and the characters a URL path takes as they are (`vue.js-guide`, `scene-+-distance`) are
 * kept as written; anything else (spaces, `/`, `?`, `#`, `%`, quotes) becomes `-`.
 */
function fileSlug(path: string): string | undefined {
  const base = posix.basename(path).replace(MARKDOWN, '');
  const name = README.test(base) ? posix.basename(posix.dirname(path)) : base;
  return name && name !== '.' ? cleanSlug(name) : undefined;
}

export function cleanSlug(name: string): string | undefined {
  const slug = name
    // Accents dropped as Folio's slugs drop them (`Ünïcode` → `Unicode`): page URLs stay ASCII.
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}._~+()!,;=@-]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100);
  return slug || undefined;
}

import { EditorSelection, type EditorState, type TransactionSpec } from '@codemirror/state';

/** Where a page sits in GitBook's file layout: its path (`a/b`) and whether it has pages below it. */
export interface PageFileLocation {
  path: string;
  hasChildren: boolean;
  /** The space's first page: GitBook writes it as the top `README.md`, whatever its path. */
  isFirst: boolean;
}

/** The page's markdown file: `a/b.md`, `a/b/README.md` with children, `README.md` for the first page. */
export function fileOf(page: PageFileLocation): string[] {
  if (page.isFirst || page.path === '') return ['README.md'];
  const parts = page.path.split('/');
  return page.hasChildren ? [...parts, 'README.md'] : [...parts.slice(0, -1), `${parts.at(-1)}.md`];
}

/**
 * The link a page writes to another page, as GitBook's Git Sync writes it and as import and `/v1` resolve
 * it into a page reference (src-main/links/resolve.ts, content-refs.ts): the other page's file, relative
 * to the folder of this page's file.
 */
export function relativePageLink(from: PageFileLocation, to: PageFileLocation): string {
  const fromFile = fileOf(from);
  const fromDir = fromFile.slice(0, -1);
  const target = fileOf(to);
  let common = 0;
  while (common < fromDir.length && common < target.length - 1 && fromDir[common] === target[common]) common += 1;
  return [...fromDir.slice(common).map(() => '..'), ...target.slice(common)].map((s) => s.replace(/[%#?]/g, encodeURIComponent)).join('/');
}

/** Markdown link text: brackets and backslashes escaped. */
const linkText = (text: string) => text.replace(/[[\]\\]/g, (c) => `\\${c}`);
/** A destination with spaces or parentheses goes in angle brackets, as GitBook writes it. */
const destination = (url: string) => (/[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url);

/**
 * Links the selection to `url` as one edit (`[selected](url)`), or inserts `[text](url)` at the cursor
 * when nothing is selected. The cursor ends after the link, to go on typing.
 */
export function insertLink(state: EditorState, url: string, text: string): TransactionSpec {
  const spec = state.changeByRange((range) => {
    const label = range.empty ? linkText(text || url) : state.sliceDoc(range.from, range.to);
    const insert = `[${label}](${destination(url)})`;
    return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.cursor(range.from + insert.length) };
  });
  return { ...spec, userEvent: 'input', scrollIntoView: true };
}

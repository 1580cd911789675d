import { posix } from 'node:path';
import { assetReferences } from './asset-references';
import type { ImportedFile } from './plan';
import { contentTypeOf, type SourceTree } from './source';

const MARKDOWN = /\.(md|markdown)$/i;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:|^#|^\/\//i;
// How Folio (links, the site, the PDF, the editor) finds a file: the name after `.gitbook/assets/`.
const ASSETS = /(?:^|\/)\.gitbook\/assets\/([^/?#]+)$/;

/**
 * The files imported pages use, each imported once (at its first use) under a unique name, whichever
 * pages and forms name it. Pages are read first, noting each file they use; the bytes are read
 * afterwards, by `load`, so that only files some page uses are read and counted against the import's
 * size limit: a repository's unused assets neither cost memory nor get the import refused.
 *
 * A reference that already names its file as `…/.gitbook/assets/<name>` (GitBook's own layout, at any
 * depth) is left as written, byte for byte; any other (an `images/` folder, a name two folders share) is
 * pointed at `.gitbook/assets/<name>`, where Folio looks for the space's files.
 */
export class AssetCollector {
  private readonly named: Array<{ path: string; name: string }> = [];
  private readonly byPath = new Map<string, string>();
  private readonly names = new Set<string>();

  constructor(private readonly tree: SourceTree) {}

  /** Notes the files a page body uses and returns the body, with the references that need it rewritten. */
  rewrite(pagePath: string, markdown: string): string {
    const renames = new Map<string, string>();
    for (const reference of assetReferences(markdown)) {
      const written = decodedTarget(reference);
      const name = written === undefined ? undefined : this.use(pagePath, written);
      if (!name || ASSETS.exec(written!)?.[1] === name) continue;
      renames.set(written!, `.gitbook/assets/${encodeURIComponent(name)}`);
    }
    return renames.size > 0 ? rewriteTargets(markdown, renames) : markdown;
  }

  /** A single address the page names outside its body (front matter `cover`): a file of the folder by name, or a URL. */
  reference(pagePath: string, address: string): { file: string } | { url: string } | undefined {
    if (/^https?:\/\//i.test(address)) return { url: address };
    const written = decodedTarget(address);
    const name = written === undefined ? undefined : this.use(pagePath, written);
    return name ? { file: name } : undefined;
  }

  /** How many files the pages use (read or not yet). */
  get count(): number {
    return this.named.length;
  }

  /** Reads the files the pages use, in the order they were first used. */
  async load(): Promise<ImportedFile[]> {
    const files: ImportedFile[] = [];
    for (const { path, name } of this.named) files.push({ name, contentType: contentTypeOf(path), bytes: await this.tree.read(path) });
    return files;
  }

  /** The file a page's reference names (relative to the page, or `/` the content root), noted once; none if it is not a file of the folder. */
  private use(pagePath: string, written: string): string | undefined {
    if (!written || MARKDOWN.test(written)) return undefined;
    const dir = posix.dirname(pagePath);
    const relative = written.startsWith('/') ? written.replace(/^\/+/, '') : posix.join(dir === '.' ? '' : dir, written);
    // Climbing past the top stays at the top, as a URL path does (`/a/../../x` is `/x`): GitBook writes
    // some references one `../` too many and still shows them.
    const path = posix.normalize(relative).replace(/^\.\//, '').replace(/^(\.\.\/)+/, '');
    return this.add(path);
  }

  private add(path: string): string | undefined {
    const known = this.byPath.get(path);
    if (known) return known;
    if (!this.tree.has(path)) return undefined;
    const base = posix.basename(path);
    let name = base;
    for (let n = 2; this.names.has(name); n += 1) name = base.replace(/(\.[^.]*)?$/, `-${n}$1`);
    this.names.add(name);
    this.named.push({ path, name });
    this.byPath.set(path, name);
    return name;
  }
}

/** An address as a path (escapes and percent-encoding resolved, query and fragment dropped); none for URLs and anchors. */
function decodedTarget(address: string): string | undefined {
  // A destination may escape punctuation (`image\_1.png`, as GitBook writes names): markdown reads `_`.
  const raw = address.trim().replace(/^<|>$/g, '').replace(/\\([!-/:-@[-`{-~])/g, '$1');
  if (!raw || EXTERNAL.test(raw)) return undefined;
  try {
    return decodeURIComponent(raw.split(/[?#]/)[0]!);
  } catch {
    return undefined;
  }
}

// Where a reference sits in the text, to put the new address there: a markdown destination, or a quoted
// attribute value (HTML, and GitBook's block tags). Which ones are files was decided from the parsed
// tokens; these only find the spot to write.
const DESTINATION = /(!?\[(?:\\.|[^\]\\])*\]\()(<[^>]+>|[^)\s]+)/g;
const QUOTED = /(\b(?:src|href|srcset|poster)\s*=\s*)(["'])(.*?)\2/g;

function rewriteTargets(markdown: string, renames: Map<string, string>): string {
  const renamed = (raw: string) => {
    const written = decodedTarget(raw);
    return written === undefined ? undefined : renames.get(written);
  };
  return markdown
    .replace(DESTINATION, (whole, head: string, target: string) => {
      const to = renamed(target);
      return to ? `${head}${to}` : whole;
    })
    .replace(QUOTED, (whole, head: string, quote: string, value: string) => {
      const to = renamed(value);
      return to ? `${head}${quote}${to}${quote}` : whole;
    });
}

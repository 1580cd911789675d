import { posix } from 'node:path';
import type { ImportedFile } from './plan';
import { contentTypeOf, type SourceTree } from './source';

const MARKDOWN = /\.(md|markdown)$/i;

/**
 * The files imported pages use, each imported once under a unique name. Pages are rewritten first
 * (naming each file they use); the bytes are read afterwards, by `load`, so that only files some
 * page uses are read and counted against the import's size limit: a repository's unused assets
 * neither cost memory nor get the import refused.
 */
export class AssetCollector {
  private readonly named: Array<{ path: string; name: string }> = [];
  private readonly byPath = new Map<string, string>();
  private readonly names = new Set<string>();

  constructor(private readonly tree: SourceTree) {}

  /** Points links and images at files of the folder to `.gitbook/assets/<name>`, noting those files. */
  rewrite(pagePath: string, markdown: string): string {
    const dir = posix.dirname(pagePath);
    // Link text may hold escaped brackets (`![a \[b\]](x.png)`).
    const link = /(!?\[(?:\\.|[^\]\\])*\]\()(<[^>]+>|[^)\s]+)((?:\s+"[^"]*")?\))/g;
    const replace = (whole: string, head: string, target: string, tail: string) => {
      // A destination may escape punctuation (`image\_1.png`, as GitBook writes names): markdown reads `_`.
      const raw = target.replace(/^<|>$/g, '').replace(/\\([!-/:-@[-`{-~])/g, '$1');
      if (/^[a-z][a-z0-9+.-]*:|^#|^\/\//i.test(raw) || MARKDOWN.test(raw.split('#')[0]!)) return whole;
      let decoded: string;
      try {
        decoded = decodeURIComponent(raw.split(/[?#]/)[0]!);
      } catch {
        return whole;
      }
      const resolved = posix.normalize(posix.join(dir === '.' ? '' : dir, decoded)).replace(/^\.\//, '');
      const name = this.add(resolved);
      return name ? `${head}.gitbook/assets/${encodeURIComponent(name)}${tail}` : whole;
    };
    let out = markdown.replace(link, replace);
    out = out.replace(/(<img[^>]*\ssrc=")([^"]+)(")/g, (whole, head: string, src: string, tail: string) => {
      const replaced = replace(whole, '', src, '');
      return replaced === whole ? whole : `${head}${replaced}${tail}`;
    });
    return out;
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

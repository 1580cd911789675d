/**
 * A page's links to the space's files, as the page's file in a repository needs them. Folio finds a
 * file by the name after `.gitbook/assets/`, at any depth; GitBook's Git Sync writes the path
 * relative to the page's file (`guides/setup.md` says `../.gitbook/assets/<name>`). The import keeps
 * such links as written (import/asset-collector.ts), and the editor writes `.gitbook/assets/<name>`
 * from the top. So each `(../)*.gitbook/assets/` at the start of a link — a markdown destination, or
 * a `src`/`href`/`srcset`/`poster` attribute (HTML, `{% file %}`, `{% openapi %}`) — that climbs fewer
 * folders than the page file's depth is given that depth. One that climbs as many or more already
 * reaches the top (a URL's `..` stops there, as GitBook's own repositories rely on) and is kept as
 * written: an imported page is written back byte for byte, and an edited or deeper-moved page gets
 * links that resolve in the repository.
 */
const DESTINATION = /(!?\[(?:\\.|[^\]\\])*\]\(<?)([^)\s>]+)/g;
const QUOTED = /(\b(?:src|href|srcset|poster)\s*=\s*["'])([^"']+)/g;
const ASSETS = /^((?:\.\.\/)*)\.gitbook\/assets\//;

/** `markdown` with its `.gitbook/assets/` links relative to `filePath` (a path in the repository). */
export function assetLinksRelativeTo(filePath: string, markdown: string): string {
  const depth = filePath.split('/').length - 1;
  const prefix = `${'../'.repeat(depth)}.gitbook/assets/`;
  const relative = (whole: string, head: string, target: string) => {
    const up = ASSETS.exec(target)?.[1];
    return up === undefined || up.length / 3 >= depth ? whole : `${head}${prefix}${target.slice(up.length + '.gitbook/assets/'.length)}`;
  };
  return markdown.replace(DESTINATION, relative).replace(QUOTED, relative);
}

/** Where a file of the space sits relative to the page file `filePath`. */
export function assetPathFrom(filePath: string, name: string): string {
  return `${'../'.repeat(filePath.split('/').length - 1)}.gitbook/assets/${name}`;
}

import type { MaterializedPage } from '../content/materialize';

interface LinkTargets {
  pages: MaterializedPage[];
  /** Files of the batch by ref, and of the change request by id: their names in the space. */
  fileNameByRef: Map<string, string>;
  fileNameById: Map<string, string>;
}

const LINK = /(!?)\[([^\]]*)\]\(([^)\s]+)((?:\s+"[^"]*")?)\)/g;

/**
 * GitBook's link resolution for markdown sent to a change request: `/pages/<pageId>`,
 * `/pages/<slug path>`, `/pages/<path>.md` or `/pages/<path>/README.md`, relative `.md` links
 * against the page being edited, `./<ref>` for a file of the same batch and `/files/<fileId>`.
 * Resolved links are written as Folio stores them (`/<path>` for pages, `.gitbook/assets/<name>`
 * for files); a page link that matches nothing is left as plain text; external URLs stay.
 */
export function resolveContentLinks(markdown: string, pagePath: string | null, targets: LinkTargets): string {
  const byId = new Map(targets.pages.map((p) => [p.id, p]));
  const byPath = new Map(targets.pages.map((p) => [p.path, p]));
  const hasChildren = new Set(targets.pages.flatMap((p) => (p.parent ? [p.parent] : [])));
  const self = pagePath === null ? undefined : byPath.get(pagePath);

  return markdown.replace(LINK, (whole, bang: string, text: string, url: string, title: string) => {
    if (/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(url)) return whole;
    const [target = '', anchor] = url.split('#', 2);
    const hash = anchor ? `#${anchor}` : '';
    const link = (href: string) => `${bang}[${text}](${href}${title})`;

    const fileRef = /^\.\/([^/]+)$/.exec(target)?.[1];
    const refName = fileRef !== undefined ? targets.fileNameByRef.get(fileRef) : undefined;
    if (refName) return link(`.gitbook/assets/${encodeURIComponent(refName)}`);
    const fileId = /^\/files\/([^/]+)$/.exec(target)?.[1];
    if (fileId) {
      const name = targets.fileNameById.get(fileId);
      return name ? link(`.gitbook/assets/${encodeURIComponent(name)}`) : bang ? '' : text;
    }
    if (!target.startsWith('/pages/') && !/\.md$|^\.\.?\//.test(target)) return whole;

    const page = target.startsWith('/pages/')
      ? (byId.get(target.slice('/pages/'.length)) ?? byPath.get(normalize('', target.slice('/pages/'.length))))
      : byPath.get(normalize(self ? (hasChildren.has(self.id) ? self.path : self.path.split('/').slice(0, -1).join('/')) : '', target));
    if (!page) return bang ? whole : text;
    return link(`/${page.path}${hash}`);
  });
}

function normalize(baseDir: string, relative: string): string {
  const parts = baseDir ? baseDir.split('/') : [];
  for (const segment of decodeURIComponent(relative).split('/')) {
    if (!segment || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return parts.join('/').replace(/\.md$/i, '').replace(/(^|\/)README$/i, '');
}

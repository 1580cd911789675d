import type { PageView } from '../content/presenter';
import { assetLinksRelativeTo } from './asset-links';
import { exportTree, flattenTree } from './page-tree';

/**
 * The `markdown` /v1 presents for a page: its body as the page's Git Sync file holds it under the
 * title (GET …/content/page/{id}/export gives the whole file, front matter and title included). Links
 * to the space's files are written relative to that file (`../.gitbook/assets/x.png` from
 * `guides/setup.md`), as GitBook's Git Sync writes them, so a tool can put the text straight into the
 * repository. Where the file sits depends on the whole tree (the first page is README.md), so the tree
 * is read only for a body that links a file, and once per request.
 */
export function gitSyncMarkdownOf(treePages: () => readonly PageView[], markdownOf: (pageId: string) => string): (pageId: string) => string {
  let files: Map<string, string> | undefined;
  return (pageId) => {
    const body = markdownOf(pageId);
    if (!body.includes('.gitbook/assets/')) return body;
    files ??= new Map(
      flattenTree(exportTree([...treePages()]))
        .filter((page) => page.file !== undefined)
        .map((page) => [page.id, page.file!]),
    );
    const file = files.get(pageId);
    return file === undefined ? body : assetLinksRelativeTo(file, body);
  };
}

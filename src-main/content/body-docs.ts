import type * as Y from 'yjs';

/** The Yjs documents of content: one per tree (its pages and files), one per page body (docs/content.md). */
export const treeDocId = (treeId: string) => `tree:${treeId}`;
export const bodyDocId = (treeId: string, pageId: string) => `body:${treeId}:${pageId}`;
export const BODY_TEXT = 'markdown';

export function bodyText(doc: Y.Doc): Y.Text {
  return doc.getText(BODY_TEXT);
}

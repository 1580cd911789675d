import * as Y from 'yjs';
import { readPages } from './tree-model';

/**
 * The reusable contents of a content tree, as its `tree:{treeId}` document keeps them: a map of id to a map of
 * fields, beside `pages` and `files`, so they fork, merge and sync with the tree (last writer wins per field).
 * The body is a body document like a page's. `slug` names the file Git Sync writes (`.gitbook/includes/{slug}.md`)
 * and the path pages include it by.
 */
export interface ReusableRecord {
  id: string;
  title: string;
  slug: string;
  createdAt: string;
  updatedAt: string;
}

function reusablesOf(doc: Y.Doc): Y.Map<Y.Map<unknown>> {
  return doc.getMap<Y.Map<unknown>>('reusables');
}

export function readReusables(doc: Y.Doc): ReusableRecord[] {
  const out: ReusableRecord[] = [];
  reusablesOf(doc).forEach((fields, id) => {
    const title = fields.get('title');
    // A record another replica has not finished writing.
    if (typeof title !== 'string') return;
    out.push({
      id,
      title,
      slug: String(fields.get('slug') ?? id),
      createdAt: String(fields.get('createdAt') ?? ''),
      updatedAt: String(fields.get('updatedAt') ?? ''),
    });
  });
  return out;
}

/** Call inside a document transaction. */
export function writeReusable(doc: Y.Doc, id: string, fields: Partial<Omit<ReusableRecord, 'id'>>): void {
  const map = reusablesOf(doc);
  let record = map.get(id);
  if (!record) {
    record = new Y.Map<unknown>();
    map.set(id, record);
  }
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && record.get(key) !== value) record.set(key, value);
  }
}

/** Call inside a document transaction. */
export function removeReusable(doc: Y.Doc, id: string): void {
  reusablesOf(doc).delete(id);
}

/** Every id of the tree with a body document: its pages' and its reusable contents'. */
export function bodyOwnerIds(doc: Y.Doc): string[] {
  return [...readPages(doc).map((page) => page.id), ...readReusables(doc).map((reusable) => reusable.id)];
}

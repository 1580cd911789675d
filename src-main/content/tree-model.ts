import { generateKeyBetween } from 'fractional-indexing';
import * as Y from 'yjs';

/**
 * The page tree of a content tree, as stored in its `tree:{treeId}` Yjs document: a map of page id
 * to a map of fields. Every field merges on its own (last writer wins per field), the parent is a
 * field, and order is a fractional index, so concurrent renames, moves and inserts all converge.
 */
type PageKind = 'document' | 'group' | 'link';

export interface PageFields {
  kind: PageKind;
  title: string;
  slug: string;
  parent: string | null;
  order: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden?: boolean;
  /** Link pages only: where the entry points. */
  href?: string;
  /** Layout, cover and other GitBook page options, kept as given. */
  options?: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** What a page row keeps in its `meta` JSON column (the read model's copy of these fields). */
export type PageMeta = Pick<PageRecord, 'emoji' | 'icon' | 'description' | 'hidden' | 'href' | 'options'>;

/** A page's own fields as a read-model row or a revision recorded them (its place and times aside). */
export type RecordedFields = Omit<PageFields, 'parent' | 'order' | 'createdAt' | 'updatedAt'>;

export function recordedFields(row: { kind: string; title: string; slug: string; meta: string }): RecordedFields {
  const meta = JSON.parse(row.meta) as PageMeta;
  return {
    kind: row.kind as PageKind,
    title: row.title,
    slug: row.slug,
    emoji: meta.emoji,
    icon: meta.icon,
    description: meta.description,
    hidden: meta.hidden,
    href: meta.href,
    options: meta.options,
  };
}

export interface PageRecord extends PageFields {
  id: string;
}

export function pagesOf(doc: Y.Doc): Y.Map<Y.Map<unknown>> {
  return doc.getMap<Y.Map<unknown>>('pages');
}

export function readPages(doc: Y.Doc): PageRecord[] {
  const out: PageRecord[] = [];
  pagesOf(doc).forEach((fields, id) => {
    const record = recordOf(id, fields);
    if (record) out.push(record);
  });
  return out;
}

/** One page's record, without reading the others (undefined if absent or not finished). */
export function readPage(doc: Y.Doc, id: string): PageRecord | undefined {
  const fields = pagesOf(doc).get(id);
  return fields ? recordOf(id, fields) : undefined;
}

function recordOf(id: string, fields: Y.Map<unknown>): PageRecord | undefined {
  const get = <T>(key: string) => fields.get(key) as T;
  const title = get<string>('title');
  if (typeof title !== 'string') return undefined; // a record another replica has not finished writing
  return {
    id,
    kind: (get<PageKind>('kind') ?? 'document') as PageKind,
    title,
    slug: get<string>('slug') ?? '',
    parent: get<string | null>('parent') ?? null,
    order: get<string>('order') ?? 'a0',
    emoji: get<string | undefined>('emoji'),
    icon: get<string | undefined>('icon'),
    description: get<string | undefined>('description'),
    hidden: get<boolean | undefined>('hidden'),
    href: get<string | undefined>('href'),
    options: get<Record<string, unknown> | undefined>('options'),
    createdAt: get<string>('createdAt'),
    updatedAt: get<string>('updatedAt'),
  };
}

/** Call inside a document transaction. */
export function writePage(doc: Y.Doc, id: string, fields: Partial<PageFields>): void {
  const pages = pagesOf(doc);
  let record = pages.get(id);
  if (!record) {
    record = new Y.Map<unknown>();
    pages.set(id, record);
  }
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) record.delete(key);
    else if (record.get(key) !== value) record.set(key, value);
  }
}

/** Removes the page and every page below it. */
export function removePageAndDescendants(doc: Y.Doc, id: string): string[] {
  const pages = readPages(doc);
  const removed = [id, ...descendantsOf(pages, id)];
  const map = pagesOf(doc);
  for (const pageId of removed) map.delete(pageId);
  return removed;
}

export function descendantsOf(pages: PageRecord[], id: string): string[] {
  const children = new Map<string, string[]>();
  for (const page of pages) {
    if (!page.parent) continue;
    children.set(page.parent, [...(children.get(page.parent) ?? []), page.id]);
  }
  const out: string[] = [];
  const stack = [...(children.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    if (out.includes(next) || next === id) continue;
    out.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}

/** An order key placing a page among its siblings: before/after one of them, else last. */
/** What placing a page among its siblings needs of each page. */
export type PagePlace = Pick<PageRecord, 'id' | 'parent' | 'order'>;

export function orderKeyFor(
  pages: PagePlace[],
  parent: string | null,
  placement: { before?: string; after?: string } = {},
  movingId?: string,
): string {
  const siblings = pages
    .filter((p) => p.parent === parent && p.id !== movingId)
    .sort((a, b) => compareOrder(a, b));
  const anchorId = placement.before ?? placement.after;
  if (!anchorId) return generateKeyBetween(siblings.at(-1)?.order ?? null, null);
  const anchor = siblings.find((p) => p.id === anchorId);
  if (!anchor) throw new Error(`no sibling ${anchorId}`);
  // Keys strictly below / above the anchor: concurrent inserts can leave equal keys side by side.
  if (placement.before) {
    const lower = siblings.filter((p) => p.order < anchor.order).at(-1)?.order ?? null;
    return generateKeyBetween(lower, anchor.order);
  }
  const upper = siblings.find((p) => p.order > anchor.order)?.order ?? null;
  return generateKeyBetween(anchor.order, upper);
}

/** The greatest order key among the children of `parent`, if it has any. */
export function lastOrderKey(pages: PageRecord[], parent: string | null): string | null {
  let last: string | null = null;
  for (const page of pages) if (page.parent === parent && (last === null || page.order > last)) last = page.order;
  return last;
}

/** Siblings sort by order key; equal keys (concurrent inserts at one spot) by id, the same everywhere. */
export function compareOrder(a: { order: string; id: string }, b: { order: string; id: string }): number {
  if (a.order !== b.order) return a.order < b.order ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A file of a content tree: its record in the tree document (its bytes live in `blobs` by hash). */
export interface FileRecord {
  id: string;
  name: string;
  contentType: string;
  hash: string;
  size: number;
  width?: number;
  height?: number;
  createdAt: string;
}

export function filesOf(doc: Y.Doc): Y.Map<Y.Map<unknown>> {
  return doc.getMap<Y.Map<unknown>>('files');
}

export function readFiles(doc: Y.Doc): FileRecord[] {
  const out: FileRecord[] = [];
  filesOf(doc).forEach((fields, id) => {
    const hash = fields.get('hash');
    if (typeof hash !== 'string') return;
    out.push({
      id,
      name: String(fields.get('name') ?? id),
      contentType: String(fields.get('contentType') ?? 'application/octet-stream'),
      hash,
      size: Number(fields.get('size') ?? 0),
      width: fields.get('width') as number | undefined,
      height: fields.get('height') as number | undefined,
      createdAt: String(fields.get('createdAt') ?? ''),
    });
  });
  return out;
}

/** Call inside a document transaction. */
export function writeFile(doc: Y.Doc, file: FileRecord): void {
  const record = new Y.Map<unknown>();
  for (const [key, value] of Object.entries(file)) if (key !== 'id' && value !== undefined) record.set(key, value);
  filesOf(doc).set(file.id, record);
}

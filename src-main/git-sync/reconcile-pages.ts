import { isDeepStrictEqual } from 'node:util';
import { generateNKeysBetween } from 'fractional-indexing';
import type * as Y from 'yjs';
import { pagesOf, readPages, writePage, type PageFields, type PageRecord, type RecordedFields } from '../content/tree-model';
import type { ImportedPage } from '../import/plan';
import { importedPageFields } from '../import/write-plan';
import { newId } from '../store/ids';

/** What reconciling the page tree did: every plan page's id, and which pages were made, rewritten, moved or removed. */
interface PageTreeChanges {
  ids: Map<ImportedPage, string>;
  created: Set<string>;
  /** Matched pages whose own fields (title, slug, emoji, options...) changed. */
  updated: Set<string>;
  /** Matched pages given another parent or another place among their siblings. */
  moved: Set<string>;
  deleted: string[];
}

/**
 * Makes the page records of a tree document those of the plan, inside the caller's transaction on it.
 * Matched pages (`matched`, from reconcile-match.ts) keep their ids and get only the fields that differ
 * written; the others are created as writeImportPlan creates them; current pages no plan page matched are
 * removed, one by one, so that a matched page below one of them survives (it is moved to its new parent).
 */
export function reconcilePageRecords(
  doc: Y.Doc,
  plan: readonly ImportedPage[],
  matched: ReadonlyMap<ImportedPage, string>,
  fileIds: ReadonlyMap<string, string>,
  now: string,
): PageTreeChanges {
  const records = new Map(readPages(doc).map((record) => [record.id, record]));
  const changes: PageTreeChanges = { ids: new Map(), created: new Set(), updated: new Set(), moved: new Set(), deleted: [] };
  const place = (pages: readonly ImportedPage[], parent: string | null) => {
    const ids = pages.map((page) => matched.get(page) ?? newId());
    const orders = siblingOrders(ids.map((id) => records.get(id)).map((record) => (record?.parent === parent ? record.order : undefined)));
    pages.forEach((page, i) => {
      const id = ids[i]!;
      changes.ids.set(page, id);
      const wanted = importedPageFields(page, fileIds);
      const current = records.get(id);
      if (!current) {
        writePage(doc, id, { ...wanted, parent, order: orders[i]!, createdAt: now, updatedAt: now });
        changes.created.add(id);
      } else {
        const differing = differingFields(current, wanted);
        const moved = current.parent !== parent || current.order !== orders[i];
        if (moved) Object.assign(differing, { parent, order: orders[i]! });
        if (Object.keys(differing).length > 0) writePage(doc, id, { ...differing, updatedAt: now });
        if (moved) changes.moved.add(id);
        if (Object.keys(differing).some((key) => key !== 'parent' && key !== 'order')) changes.updated.add(id);
      }
      place(page.children, id);
    });
  };
  place(plan, null);
  const kept = new Set(changes.ids.values());
  const map = pagesOf(doc);
  for (const id of records.keys()) {
    if (kept.has(id)) continue;
    map.delete(id);
    changes.deleted.push(id);
  }
  return changes;
}

const FIELDS = ['kind', 'title', 'slug', 'emoji', 'icon', 'description', 'hidden', 'href'] as const;

/** The fields of `wanted` the record does not have yet (options compared as the JSON they are). */
function differingFields(current: PageRecord, wanted: RecordedFields): Partial<PageFields> {
  const out: Partial<PageFields> = {};
  for (const key of FIELDS) if (current[key] !== wanted[key]) Object.assign(out, { [key]: wanted[key] });
  if (!isDeepStrictEqual(asJson(current.options), asJson(wanted.options))) out.options = wanted.options;
  // writePage deletes a field given as undefined: only the fields that differ may be passed.
  return out;
}

const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * Order keys for siblings in the plan's order, given the keys they have now under this parent (undefined
 * for a page new here). The longest run of current keys already in order is kept, so that an unchanged
 * family writes nothing and a page moved among its siblings is the only one to get a new key; the others
 * get keys between their kept neighbours.
 */
export function siblingOrders(current: ReadonlyArray<string | undefined>): string[] {
  const keep = new Set(longestIncreasing(current));
  const out: string[] = [];
  let i = 0;
  while (i < current.length) {
    if (keep.has(i)) {
      out.push(current[i]!);
      i += 1;
      continue;
    }
    let end = i;
    while (end < current.length && !keep.has(end)) end += 1;
    const lower = i > 0 ? out[i - 1]! : null;
    const upper = end < current.length ? current[end]! : null;
    out.push(...generateNKeysBetween(lower, upper, end - i));
    i = end;
  }
  return out;
}

/** Indexes of a longest strictly increasing subsequence of the defined keys (patience sorting, n log n). */
function longestIncreasing(keys: ReadonlyArray<string | undefined>): number[] {
  const tails: number[] = []; // tails[k]: index ending the best run of length k + 1
  const previous = new Map<number, number>();
  keys.forEach((key, i) => {
    if (key === undefined) return;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[tails[mid]!]! < key) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous.set(i, tails[lo - 1]!);
    tails[lo] = i;
  });
  const out: number[] = [];
  for (let at = tails.at(-1); at !== undefined; at = previous.get(at)) out.push(at);
  return out.reverse();
}

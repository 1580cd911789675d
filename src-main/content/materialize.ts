import { slugify } from '../../src-shared/gitbook-markdown/headings';
import { compareOrder, type PageRecord } from './tree-model';

export interface MaterializedPage extends PageRecord {
  /** The parent actually used: a missing or cyclic parent puts the page at the root. */
  parent: string | null;
  /** Index among its siblings. */
  position: number;
  depth: number;
  /** Unique among its siblings. */
  slug: string;
  /** Slugs from the root, joined by '/'. */
  path: string;
}

/**
 * Turns the page records of a tree document into the tree readers see, whatever concurrent edits
 * did to it: a page whose parent is gone, or that sits in a parent cycle, is shown at the root
 * rather than lost; equal slugs among siblings get -2, -3... in sibling order. Pure and
 * deterministic, so every replica materialises the same tree from the same document.
 */
export function materialize(records: PageRecord[]): MaterializedPage[] {
  const byId = new Map(records.map((r) => [r.id, r]));
  const parentOf = (r: PageRecord): string | null => (r.parent && byId.has(r.parent) && !inCycle(r.id) ? r.parent : null);

  const cycleMembers = new Set<string>();
  function inCycle(id: string): boolean {
    if (cycleMembers.has(id)) return true;
    const seen = new Set<string>([id]);
    let current = byId.get(id)?.parent ?? null;
    while (current && byId.has(current)) {
      if (current === id) {
        for (const member of seen) cycleMembers.add(member);
        return true;
      }
      if (seen.has(current)) return false; // a cycle above, not through this page
      seen.add(current);
      current = byId.get(current)!.parent;
    }
    return false;
  }

  const children = new Map<string | null, PageRecord[]>();
  for (const record of records) {
    const parent = parentOf(record);
    const siblings = children.get(parent);
    if (siblings) siblings.push(record);
    else children.set(parent, [record]);
  }

  const out: MaterializedPage[] = [];
  const walk = (parent: string | null, depth: number, parentPath: string) => {
    const siblings = (children.get(parent) ?? []).sort(compareOrder);
    const used = new Set<string>();
    siblings.forEach((record, position) => {
      const slug = uniqueSlug(baseSlug(record), used);
      const path = parentPath ? `${parentPath}/${slug}` : slug;
      out.push({ ...record, parent, position, depth, slug, path });
      walk(record.id, depth + 1, path);
    });
  };
  walk(null, 0, '');
  return out;
}

/** The slug a page asks for, before siblings with the same one make it unique. */
export function baseSlug(record: Pick<PageRecord, 'slug' | 'title'>): string {
  return record.slug || slugify(record.title) || 'page';
}

/** `slug`, else `slug-2`, `slug-3`... whichever no earlier sibling took; records it as taken. */
export function uniqueSlug(slug: string, used: Set<string>): string {
  let candidate = slug;
  for (let n = 2; used.has(candidate); n += 1) candidate = `${slug}-${n}`;
  used.add(candidate);
  return candidate;
}

/**
 * The page tree as the renderer keeps it: pages by id, each with the ids of its children in order. Every
 * change returns a new tree that shares the untouched page objects, so memoized rows of a 10,000-page
 * tree re-render only where something changed.
 */

/** GitBook's page types: documents open in the editor, groups are headers, links point elsewhere. */
type PageType = 'document' | 'group' | 'link';

export interface TreePage {
  id: string;
  title: string;
  emoji?: string;
  type: PageType;
  parent: string | null;
  /** Child ids in order. */
  children: string[];
  hidden: boolean;
  /** Link pages only: where the entry points. */
  href?: string;
  /** GitBook's path (`parent-slug/slug`), when the server sent it: where links to the page point. */
  path?: string;
}

export interface PageTreeData {
  pages: Record<string, TreePage>;
  roots: string[];
}

export const EMPTY_TREE: PageTreeData = { pages: {}, roots: [] };

/** Where a page goes: before or after a page (among its siblings), or inside it (as its last child). */
export interface DropTarget {
  position: 'before' | 'after' | 'inside';
  pageId: string;
}

/** The nested pages of `content.outline` (or `content.pages`, which has the same fields and more), flattened by id. */
export function parsePresentedPages(presented: unknown[]): PageTreeData {
  const pages: Record<string, TreePage> = {};
  const walk = (items: unknown[], parent: string | null): string[] => {
    const ids: string[] = [];
    for (const item of items) {
      if (!item || typeof item !== 'object') continue;
      const raw = item as Record<string, unknown>;
      if (typeof raw.id !== 'string') continue;
      const page: TreePage = {
        id: raw.id,
        title: typeof raw.title === 'string' ? raw.title : '',
        type: raw.type === 'group' || raw.type === 'link' ? raw.type : 'document',
        parent,
        children: [],
        hidden: raw.hidden === true,
      };
      if (typeof raw.emoji === 'string' && raw.emoji) page.emoji = raw.emoji;
      if (typeof raw.href === 'string') page.href = raw.href;
      if (typeof raw.path === 'string') page.path = raw.path;
      pages[page.id] = page;
      ids.push(page.id);
      page.children = walk(Array.isArray(raw.pages) ? raw.pages : [], page.id);
    }
    return ids;
  };
  const roots = walk(presented, null);
  return { pages, roots };
}

export function siblingsOf(tree: PageTreeData, parent: string | null): string[] {
  return parent === null ? tree.roots : (tree.pages[parent]?.children ?? []);
}

/** The parents of a page, nearest first. */
export function ancestorsOf(tree: PageTreeData, pageId: string): string[] {
  const out: string[] = [];
  let current = tree.pages[pageId]?.parent ?? null;
  while (current !== null && !out.includes(current)) {
    out.push(current);
    current = tree.pages[current]?.parent ?? null;
  }
  return out;
}

/** The page and every page below it. */
export function subtreeOf(tree: PageTreeData, pageId: string): string[] {
  const out: string[] = [];
  const stack = [pageId];
  while (stack.length) {
    const id = stack.pop()!;
    const page = tree.pages[id];
    if (!page) continue;
    out.push(id);
    stack.push(...page.children);
  }
  return out;
}

/** A new tree where `parent`'s children (or the roots) are `children`. */
function withChildren(tree: PageTreeData, parent: string | null, children: string[]): PageTreeData {
  if (parent === null) return { ...tree, roots: children };
  const page = tree.pages[parent];
  if (!page) return tree;
  return { ...tree, pages: { ...tree.pages, [parent]: { ...page, children } } };
}

export function updatePage(tree: PageTreeData, pageId: string, change: Partial<Pick<TreePage, 'title' | 'emoji'>>): PageTreeData {
  const page = tree.pages[pageId];
  if (!page) return tree;
  const next: TreePage = { ...page, ...change };
  if (!next.emoji) delete next.emoji;
  return { ...tree, pages: { ...tree.pages, [pageId]: next } };
}

/** Adds a page among the children of `parent`: after `after` when given and found there, else last. */
export function insertPage(tree: PageTreeData, page: TreePage, after?: string): PageTreeData {
  const withPage = { ...tree, pages: { ...tree.pages, [page.id]: page } };
  const siblings = [...siblingsOf(withPage, page.parent)];
  const at = after ? siblings.indexOf(after) : -1;
  siblings.splice(at < 0 ? siblings.length : at + 1, 0, page.id);
  return withChildren(withPage, page.parent, siblings);
}

export function removeSubtree(tree: PageTreeData, pageId: string): PageTreeData {
  const page = tree.pages[pageId];
  if (!page) return tree;
  const pages = { ...tree.pages };
  for (const id of subtreeOf(tree, pageId)) delete pages[id];
  const next = { ...tree, pages };
  return withChildren(next, page.parent, siblingsOf(tree, page.parent).filter((id) => id !== pageId));
}

/** Whether moving the page there means anything: never into itself or one of its own pages, never beside itself. */
export function canMove(tree: PageTreeData, pageId: string, target: DropTarget): boolean {
  const page = tree.pages[pageId];
  const anchor = tree.pages[target.pageId];
  if (!page || !anchor || pageId === target.pageId) return false;
  if (ancestorsOf(tree, target.pageId).includes(pageId)) return false;
  // Links point elsewhere: GitBook gives them no pages of their own.
  if (target.position === 'inside' && anchor.type === 'link') return false;
  return true;
}

/** The parent a page gets when dropped there. */
function parentFor(tree: PageTreeData, target: DropTarget): string | null {
  return target.position === 'inside' ? target.pageId : (tree.pages[target.pageId]?.parent ?? null);
}

/** The tree with the page moved there (callers check canMove first). */
export function movePage(tree: PageTreeData, pageId: string, target: DropTarget): PageTreeData {
  const page = tree.pages[pageId];
  if (!page) return tree;
  const parent = parentFor(tree, target);
  let next = withChildren(tree, page.parent, siblingsOf(tree, page.parent).filter((id) => id !== pageId));
  next = { ...next, pages: { ...next.pages, [pageId]: { ...page, parent } } };
  const siblings = [...siblingsOf(next, parent)];
  if (target.position === 'inside') siblings.push(pageId);
  else {
    const at = siblings.indexOf(target.pageId);
    siblings.splice(target.position === 'before' ? at : at + 1, 0, pageId);
  }
  return withChildren(next, parent, siblings);
}

/** movePage's input for a drop: the parent and the sibling it goes before or after (none: last). */
export function moveInput(tree: PageTreeData, target: DropTarget): { parent: string | null; before?: string; after?: string } {
  const parent = parentFor(tree, target);
  if (target.position === 'before') return { parent, before: target.pageId };
  if (target.position === 'after') return { parent, after: target.pageId };
  return { parent };
}

/**
 * The keyboard's alternative to drag and drop: up or down among its siblings, into the previous sibling
 * (as its last page), or out of its parent (right after it). Undefined where the page cannot go.
 */
export function keyboardMoveTarget(tree: PageTreeData, pageId: string, direction: 'up' | 'down' | 'in' | 'out'): DropTarget | undefined {
  const page = tree.pages[pageId];
  if (!page) return undefined;
  const siblings = siblingsOf(tree, page.parent);
  const index = siblings.indexOf(pageId);
  const previous = siblings[index - 1];
  if (direction === 'up') return previous ? { position: 'before', pageId: previous } : undefined;
  if (direction === 'down') {
    const next = siblings[index + 1];
    return next ? { position: 'after', pageId: next } : undefined;
  }
  if (direction === 'in') {
    const target: DropTarget | undefined = previous ? { position: 'inside', pageId: previous } : undefined;
    return target && canMove(tree, pageId, target) ? target : undefined;
  }
  return page.parent ? { position: 'after', pageId: page.parent } : undefined;
}

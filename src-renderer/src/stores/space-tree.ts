import type { Collection, Space } from '../api/types';

/** A collection with what it holds, each kind in the order the lists returned it (their positions). */
export interface CollectionNode {
  collection: Collection;
  collections: CollectionNode[];
  spaces: Space[];
}

interface SpaceTree {
  /** Top-level collections. */
  collections: CollectionNode[];
  /** Spaces in no collection. */
  rootSpaces: Space[];
}

/**
 * Groups the flat lists (`collections.list` with nested, `spaces.list`) into a tree, keeping each list's
 * order. Something whose parent is not in the list (it could not be loaded) shows at the top level rather
 * than not at all.
 */
export function buildSpaceTree(collections: readonly Collection[], spaces: readonly Space[]): SpaceTree {
  const nodes = new Map<string, CollectionNode>();
  for (const collection of collections) nodes.set(collection.id, { collection, collections: [], spaces: [] });

  const tree: SpaceTree = { collections: [], rootSpaces: [] };
  for (const node of nodes.values()) {
    const parent = node.collection.parent ? nodes.get(node.collection.parent) : undefined;
    // A cycle cannot come from the server; guarding keeps a corrupt answer from hiding collections.
    if (parent && !isWithin(parent, node.collection.id, nodes)) parent.collections.push(node);
    else tree.collections.push(node);
  }
  for (const space of spaces) {
    const parent = space.parent ? nodes.get(space.parent) : undefined;
    (parent ? parent.spaces : tree.rootSpaces).push(space);
  }
  return tree;
}

/** Whether `node` is `id` or lies under it. */
function isWithin(node: CollectionNode, id: string, nodes: Map<string, CollectionNode>): boolean {
  const seen = new Set<string>();
  for (let current: CollectionNode | undefined = node; current; ) {
    if (current.collection.id === id) return true;
    if (seen.has(current.collection.id)) return false;
    seen.add(current.collection.id);
    current = current.collection.parent ? nodes.get(current.collection.parent) : undefined;
  }
  return false;
}

/** Spaces anywhere under the collection, nested collections included. */
export function countSpaces(node: CollectionNode): number {
  return node.spaces.length + node.collections.reduce((sum, child) => sum + countSpaces(child), 0);
}

/** Where new content can go, depth-first in tree order: each collection with its depth, for an indented picker. */
export function flattenCollections(nodes: readonly CollectionNode[], depth = 0): Array<{ collection: Collection; depth: number }> {
  return nodes.flatMap((node) => [{ collection: node.collection, depth }, ...flattenCollections(node.collections, depth + 1)]);
}

/** The collection and its ancestors, outermost first (for a breadcrumb). */
export function collectionPath(collections: readonly Collection[], id: string | undefined): Collection[] {
  const byId = new Map(collections.map((c) => [c.id, c]));
  const path: Collection[] = [];
  for (let current = id ? byId.get(id) : undefined; current && !path.includes(current); ) {
    path.unshift(current);
    current = current.parent ? byId.get(current.parent) : undefined;
  }
  return path;
}

import { describe, expect, it } from 'vitest';
import { buildSpaceTree, collectionPath, countSpaces, flattenCollections } from '../../../src-renderer/src/stores/space-tree';
import { collection, space } from '../fake-client';

const guides = collection('c-guides', 'Guides');
const reference = collection('c-reference', 'Reference');
const advanced = collection('c-advanced', 'Advanced', { parent: 'c-guides' });

describe('the space tree', () => {
  it('groups spaces by collection and nests collections, keeping the order of each list', () => {
    const tree = buildSpaceTree(
      [guides, reference, advanced],
      [
        space('s-handbook', 'Handbook'),
        space('s-api', 'API', { parent: 'c-guides' }),
        space('s-start', 'Start', { parent: 'c-guides' }),
        space('s-deep', 'Deep', { parent: 'c-advanced' }),
        space('s-faq', 'FAQ'),
      ],
    );
    expect(tree.rootSpaces.map((s) => s.title)).toEqual(['Handbook', 'FAQ']);
    expect(tree.collections.map((n) => n.collection.title)).toEqual(['Guides', 'Reference']);
    const [guidesNode, referenceNode] = tree.collections;
    expect(guidesNode!.spaces.map((s) => s.title)).toEqual(['API', 'Start']);
    expect(guidesNode!.collections.map((n) => n.collection.title)).toEqual(['Advanced']);
    expect(guidesNode!.collections[0]!.spaces.map((s) => s.title)).toEqual(['Deep']);
    expect(referenceNode!.spaces).toEqual([]);
    expect(countSpaces(guidesNode!)).toBe(3);
    expect(flattenCollections(tree.collections).map(({ collection: c, depth }) => `${depth}:${c.title}`)).toEqual([
      '0:Guides',
      '1:Advanced',
      '0:Reference',
    ]);
  });

  it('shows at the top level what belongs to a collection it was not given', () => {
    const tree = buildSpaceTree([advanced], [space('s-lost', 'Lost', { parent: 'c-gone' })]);
    expect(tree.collections.map((n) => n.collection.id)).toEqual(['c-advanced']);
    expect(tree.rootSpaces.map((s) => s.id)).toEqual(['s-lost']);
  });

  it('does not lose collections to a cycle', () => {
    const a = collection('c-a', 'A', { parent: 'c-b' });
    const b = collection('c-b', 'B', { parent: 'c-a' });
    expect(flattenCollections(buildSpaceTree([a, b], []).collections)).toHaveLength(2);
  });

  it('gives the path of a collection, outermost first', () => {
    expect(collectionPath([guides, reference, advanced], 'c-advanced').map((c) => c.title)).toEqual(['Guides', 'Advanced']);
    expect(collectionPath([guides], undefined)).toEqual([]);
  });
});

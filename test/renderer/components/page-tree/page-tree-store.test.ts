import { describe, expect, it, vi } from 'vitest';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { type PageTreeData, keyboardMoveTarget } from '../../../../src-renderer/src/components/page-tree/tree-data';
import { visibleRows } from '../../../../src-renderer/src/components/page-tree/visible-rows';
import { createPageTreeStore } from '../../../../src-renderer/src/components/page-tree/page-tree-store';
import { deferred, serverError, unauthorizedError } from '../../fake-client';
import { type FakePage, fakePageTreeClient, serverOutline } from '../../page-tree-fake';

const SEED: FakePage[] = [
  { id: 'intro', title: 'Introduction' },
  { id: 'guide', title: 'Guide' },
  { id: 'install', title: 'Install', parent: 'guide' },
  { id: 'configure', title: 'Configure', parent: 'guide' },
  { id: 'deep', title: 'Deep', parent: 'configure' },
  { id: 'faq', title: 'FAQ' },
];

async function setup(seed = SEED, counts: Record<string, number> = {}) {
  const fake = fakePageTreeClient(seed, counts);
  const navigation = createNavigationStore();
  const onUnauthorized = vi.fn();
  const store = createPageTreeStore({ client: fake.client, onUnauthorized, navigation });
  navigation.getState().enterSpace('space-1');
  await vi.waitFor(() => expect(store.getState().load.status).toBe('ready'));
  return { ...fake, navigation, store, onUnauthorized };
}

/** The tree's titles as the store has them: nested arrays for pages with children. */
function outline(tree: PageTreeData, ids = tree.roots): unknown[] {
  return ids.map((id) => {
    const page = tree.pages[id]!;
    return page.children.length ? [page.title, outline(tree, page.children)] : page.title;
  });
}

const shown = (state: { tree: PageTreeData; expanded: Record<string, boolean> }) =>
  visibleRows(state.tree, state.expanded).map((r) => `${'  '.repeat(r.level - 1)}${state.tree.pages[r.id]!.title}`);

describe('page tree store', () => {
  it('loads the open space’s tree without bodies, with comment counts, first level only', async () => {
    const { store, client } = await setup(SEED, { install: 2 });
    expect(client.content.outline.query).toHaveBeenCalledWith({ spaceId: 'space-1' });
    expect(outline(store.getState().tree)).toEqual(['Introduction', ['Guide', ['Install', ['Configure', ['Deep']]]], 'FAQ']);
    expect(store.getState().commentCounts).toEqual({ install: 2 });
    expect(shown(store.getState())).toEqual(['Introduction', 'Guide', 'FAQ']);
  });

  it('follows the change request being edited and reloads when content changes elsewhere', async () => {
    const { store, client, navigation } = await setup();
    navigation.getState().openChangeRequest('cr-1');
    await vi.waitFor(() => expect(client.content.outline.query).toHaveBeenLastCalledWith({ spaceId: 'space-1', changeRequestId: 'cr-1' }));
    navigation.getState().contentChanged();
    expect(client.content.outline.query).toHaveBeenCalledTimes(3);
    await vi.waitFor(() => expect(store.getState().load.status).toBe('ready'));
  });

  it('drops an answer that arrives after a newer request', async () => {
    const { store, client, navigation } = await setup();
    const slow = deferred<Awaited<ReturnType<typeof client.content.outline.query>>>();
    client.content.outline.query.mockImplementationOnce(() => slow.promise);
    navigation.getState().openChangeRequest('cr-1');
    navigation.getState().openChangeRequest(undefined);
    await vi.waitFor(() => expect(store.getState().load.status).toBe('ready'));
    slow.resolve({ revision: 'old', pages: [{ id: 'stale', title: 'Stale', type: 'document', pages: [] }], commentCounts: {} });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(outline(store.getState().tree)).not.toContain('Stale');
  });

  it('keeps what is expanded across reloads, forgets it for another space, and opens the way to the open page', async () => {
    const { store, navigation } = await setup();
    store.getState().toggle('guide');
    navigation.getState().contentChanged();
    await vi.waitFor(() => expect(shown(store.getState())).toEqual(['Introduction', 'Guide', '  Install', '  Configure', 'FAQ']));
    navigation.getState().openPage('deep');
    expect(shown(store.getState())).toContain('    Deep');
    navigation.getState().enterSpace('space-2');
    expect(store.getState().expanded).toEqual({});
  });

  it('shows a load failure in words, and reports a rejected token', async () => {
    const fake = fakePageTreeClient(SEED);
    fake.client.content.outline.query.mockRejectedValueOnce(unauthorizedError());
    const navigation = createNavigationStore();
    const onUnauthorized = vi.fn();
    const store = createPageTreeStore({ client: fake.client, onUnauthorized, navigation });
    navigation.getState().enterSpace('space-1');
    await vi.waitFor(() => expect(store.getState().load).toEqual({ status: 'error', message: 'Missing or invalid API token' }));
    expect(onUnauthorized).toHaveBeenCalledWith('Missing or invalid API token');
  });

  it('creates a page at the root, as a child and after a page, and opens it with its title to type', async () => {
    const { store, client, navigation, pages } = await setup();
    const root = await store.getState().createPage();
    expect(client.content.createPage.mutate).toHaveBeenLastCalledWith({ spaceId: 'space-1', title: 'Untitled', parent: null });
    expect(navigation.getState().pageId).toBe(root);
    expect(store.getState().focusTitleId).toBe(root);
    expect(store.getState().renamingId).toBeUndefined();
    store.getState().titleFocused();
    expect(store.getState().focusTitleId).toBeUndefined();
    const child = await store.getState().createPage({ parent: 'guide' });
    expect(shown(store.getState())).toContain('  Untitled');
    await store.getState().createPage({ after: 'install' });
    expect(client.content.createPage.mutate).toHaveBeenLastCalledWith({ spaceId: 'space-1', title: 'Untitled', parent: 'guide', after: 'install' });
    const expected = ['Introduction', ['Guide', ['Install', 'Untitled', ['Configure', ['Deep']], 'Untitled']], 'FAQ', 'Untitled'];
    expect(outline(store.getState().tree)).toEqual(expected);
    expect(serverOutline(pages)).toEqual(expected);
    expect(child).toBeTruthy();
  });

  it('renames and sets or clears an emoji at once, taking it back with the reason when refused', async () => {
    const { store, client, pages, navigation } = await setup();
    store.getState().startRename('faq');
    expect(await store.getState().rename('faq', '  Questions  ')).toBe(true);
    expect(store.getState().renamingId).toBeUndefined();
    expect(pages.find((p) => p.id === 'faq')!.title).toBe('Questions');
    expect(await store.getState().rename('faq', '   ')).toBe(false);
    expect(store.getState().errors.rename).toBe('Give the page a title.');

    await store.getState().setEmoji('faq', '❓');
    expect(store.getState().tree.pages.faq!.emoji).toBe('❓');
    expect(client.content.updatePage.mutate).toHaveBeenLastCalledWith({ spaceId: 'space-1', pageId: 'faq', emoji: '❓' });
    await store.getState().setEmoji('faq', null);
    expect(store.getState().tree.pages.faq!.emoji).toBeUndefined();
    expect(client.content.updatePage.mutate).toHaveBeenLastCalledWith({ spaceId: 'space-1', pageId: 'faq', emoji: null });

    // The open page's title changed outside the editor: it is told to reload (a content change).
    navigation.getState().openPage('faq');
    const version = navigation.getState().contentVersion;
    await store.getState().rename('faq', 'Questions and answers');
    expect(navigation.getState().contentVersion).toBe(version + 1);
    // Renamed in the editor's own title: the tree follows, the open page is not reloaded under the writer.
    expect(await store.getState().rename('faq', 'Q&A', { fromEditor: true })).toBe(true);
    expect(store.getState().tree.pages.faq!.title).toBe('Q&A');
    expect(navigation.getState().contentVersion).toBe(version + 1);
    await store.getState().rename('faq', 'Questions');

    client.content.updatePage.mutate.mockRejectedValueOnce(serverError('This space is locked', 'FORBIDDEN', 403));
    const renaming = store.getState().rename('faq', 'Nope');
    expect(store.getState().tree.pages.faq!.title).toBe('Nope');
    expect(await renaming).toBe(false);
    expect(store.getState().tree.pages.faq!.title).toBe('Questions');
    expect(store.getState().errors.rename).toBe('Could not rename “Questions”: This space is locked');
  });

  it('moves before, after and inside a page, mapping each drop to the server’s parent and sibling', async () => {
    const { store, client, pages } = await setup();
    await store.getState().move('faq', { position: 'before', pageId: 'intro' });
    expect(client.content.movePage.mutate).toHaveBeenLastCalledWith({ spaceId: 'space-1', pageId: 'faq', parent: null, before: 'intro' });
    await store.getState().move('intro', { position: 'after', pageId: 'install' });
    expect(client.content.movePage.mutate).toHaveBeenLastCalledWith({ spaceId: 'space-1', pageId: 'intro', parent: 'guide', after: 'install' });
    await store.getState().move('deep', { position: 'inside', pageId: 'faq' });
    expect(client.content.movePage.mutate).toHaveBeenLastCalledWith({ spaceId: 'space-1', pageId: 'deep', parent: 'faq' });
    const expected = [['FAQ', ['Deep']], ['Guide', ['Install', 'Introduction', 'Configure']]];
    expect(outline(store.getState().tree)).toEqual(expected);
    expect(serverOutline(pages)).toEqual(expected);
    expect(store.getState().expanded.faq).toBe(true);
  });

  it('puts a refused move back and says why, and never asks to move a page into its own pages', async () => {
    const { store, client } = await setup();
    const before = outline(store.getState().tree);
    const answer = deferred<never>();
    client.content.movePage.mutate.mockImplementationOnce(() => answer.promise);
    const moving = store.getState().move('faq', { position: 'before', pageId: 'intro' });
    expect(outline(store.getState().tree)[0]).toBe('FAQ');
    expect(store.getState().pending.move).toBe(true);
    answer.reject(serverError('You need the "edit" role', 'FORBIDDEN', 403));
    expect(await moving).toBe(false);
    expect(outline(store.getState().tree)).toEqual(before);
    expect(store.getState().errors.move).toBe('Could not move “FAQ”: You need the "edit" role');

    client.content.movePage.mutate.mockClear();
    expect(await store.getState().move('guide', { position: 'inside', pageId: 'deep' })).toBe(false);
    expect(client.content.movePage.mutate).not.toHaveBeenCalled();
    expect(store.getState().errors.move).toMatch(/cannot go there/);
  });

  it('does not let a tree read during a move paint the old order over it', async () => {
    const { store, client, navigation } = await setup();
    const answer = deferred<{ revision?: string }>();
    const move = client.content.movePage.mutate.getMockImplementation()!;
    client.content.movePage.mutate.mockImplementationOnce(async (input) => {
      await answer.promise;
      return move(input);
    });
    const moving = store.getState().move('faq', { position: 'before', pageId: 'intro' });
    navigation.getState().contentChanged();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(outline(store.getState().tree)[0]).toBe('FAQ');
    answer.resolve({});
    expect(await moving).toBe(true);
    await vi.waitFor(() => expect(client.content.outline.query).toHaveBeenCalledTimes(3));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(outline(store.getState().tree)[0]).toBe('FAQ');
  });

  it('moves with the keyboard: up and down among siblings, into the previous sibling, out one level', async () => {
    const { store } = await setup();
    await store.getState().moveWithKeyboard('faq', 'up');
    expect(outline(store.getState().tree)).toEqual(['Introduction', 'FAQ', ['Guide', ['Install', ['Configure', ['Deep']]]]]);
    await store.getState().moveWithKeyboard('faq', 'in');
    expect(outline(store.getState().tree)).toEqual([['Introduction', ['FAQ']], ['Guide', ['Install', ['Configure', ['Deep']]]]]);
    await store.getState().moveWithKeyboard('install', 'down');
    await store.getState().moveWithKeyboard('deep', 'out');
    expect(outline(store.getState().tree)).toEqual([['Introduction', ['FAQ']], ['Guide', ['Configure', 'Deep', 'Install']]]);
    expect(await store.getState().moveWithKeyboard('intro', 'up')).toBe(false);
    expect(keyboardMoveTarget(store.getState().tree, 'intro', 'out')).toBeUndefined();
  });

  it('deletes a page with its subtree, closes it if open, and undoes it with restorePage', async () => {
    const { store, client, navigation, pages } = await setup();
    navigation.getState().openPage('deep');
    expect(await store.getState().deletePage('guide')).toBe(true);
    expect(outline(store.getState().tree)).toEqual(['Introduction', 'FAQ']);
    expect(navigation.getState().pageId).toBeUndefined();
    expect(store.getState().lastDeleted).toEqual({ id: 'guide', title: 'Guide', pageCount: 4, wasOpen: true });

    expect(await store.getState().undoDelete()).toBe(true);
    expect(client.content.restorePage.mutate).toHaveBeenCalledWith({ spaceId: 'space-1', pageId: 'guide' });
    expect(outline(store.getState().tree)).toEqual(serverOutline(pages));
    expect(outline(store.getState().tree)[1]).toEqual(['Guide', ['Install', ['Configure', ['Deep']]]]);
    expect(store.getState().lastDeleted).toBeUndefined();
    expect(store.getState().notice).toBe('Restored the page “Guide”.');
    expect(navigation.getState().pageId).toBe('guide');
  });

  it('keeps the undo offer when restoring fails, with the reason', async () => {
    const { store, client } = await setup();
    await store.getState().deletePage('faq');
    client.content.restorePage.mutate.mockRejectedValueOnce(serverError('This space is locked', 'FORBIDDEN', 403));
    expect(await store.getState().undoDelete()).toBe(false);
    expect(store.getState().errors.restore).toBe('This space is locked');
    expect(store.getState().lastDeleted?.id).toBe('faq');
    store.getState().dismissUndo();
    expect(store.getState().lastDeleted).toBeUndefined();
  });

  it('opens documents, opens and closes groups, and leaves links alone', async () => {
    const { store, navigation } = await setup([
      { id: 'group', title: 'Basics', type: 'group' },
      { id: 'doc', title: 'Start', parent: 'group' },
      { id: 'link', title: 'Website', type: 'link', href: 'https://example.com' },
    ]);
    expect(shown(store.getState())).toEqual(['Basics', '  Start', 'Website']);
    store.getState().open('link');
    expect(navigation.getState().pageId).toBeUndefined();
    store.getState().open('doc');
    expect(navigation.getState().pageId).toBe('doc');
    store.getState().open('group');
    expect(shown(store.getState())).toEqual(['Basics', 'Website']);
    expect(store.getState().tree.pages.link).toMatchObject({ type: 'link', href: 'https://example.com' });
  });

  // How fast this is, is measured by bench/benchmarks/renderer.ts, not asserted here.
  it('lists every page of a flat 10,000-page space with its position in the set', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ id: `p${i}`, title: `Page ${i}` }));
    const { store } = await setup(many);
    const rows = visibleRows(store.getState().tree, store.getState().expanded);
    expect(rows).toHaveLength(10_000);
    expect(rows[9_999]).toMatchObject({ level: 1, setSize: 10_000, posInSet: 10_000 });
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { Page, Space } from '../../../src-renderer/src/api/types';
import { createSpacesStore, openSpaceOf, type SpacesState } from '../../../src-renderer/src/stores/spaces-store';
import { collection, deferred, fakeClient, type FakeData, page, serverError, space, unauthorizedError } from '../fake-client';

function data(): FakeData {
  return {
    collections: { 'org-acme': [collection('c-guides', 'Guides'), collection('c-advanced', 'Advanced', { parent: 'c-guides' })] },
    spaces: {
      'org-acme': [
        space('s-handbook', 'Handbook'),
        space('s-api', 'API', { parent: 'c-guides' }),
        space('s-start', 'Start', { parent: 'c-guides' }),
        space('s-end', 'End', { parent: 'c-guides' }),
      ],
      'org-globex': [space('s-globex', 'Globex docs', { organization: 'org-globex' })],
    },
  };
}

function setup(fake: FakeData = data()) {
  const client = fakeClient(fake);
  const onUnauthorized = vi.fn();
  const store = createSpacesStore({ client, onUnauthorized });
  return { client, store, onUnauthorized, fake };
}

async function loaded() {
  const context = setup();
  await context.store.getState().showOrganization('org-acme');
  return context;
}

const titles = (state: SpacesState) => (state.tree.status === 'ready' ? state.tree.spaces.map((s) => s.title) : []);

describe('the spaces store', () => {
  it('loads the collections (nested) and spaces of an organization, in list order', async () => {
    const { store, client } = setup();
    const loading = store.getState().showOrganization('org-acme');
    expect(store.getState().tree.status).toBe('loading');
    await loading;
    const tree = store.getState().tree;
    expect(tree).toMatchObject({ status: 'ready', truncated: false });
    expect(tree.status === 'ready' && tree.collections.map((c) => c.id)).toEqual(['c-guides', 'c-advanced']);
    expect(titles(store.getState())).toEqual(['Handbook', 'API', 'Start', 'End']);
    expect(client.collections.list.query).toHaveBeenCalledWith({ organizationId: 'org-acme', nested: true, limit: 100, page: undefined });
    expect(client.spaces.list.query).toHaveBeenCalledWith({ organizationId: 'org-acme', limit: 100, page: undefined });
  });

  it('fetches every page of spaces', async () => {
    const { store, client } = setup();
    client.spaces.list.query
      .mockResolvedValueOnce(page([space('s-1', 'One')], 'cursor-2', 2))
      .mockResolvedValueOnce(page([space('s-2', 'Two')], undefined, 2));
    await store.getState().showOrganization('org-acme');
    expect(client.spaces.list.query).toHaveBeenLastCalledWith({ organizationId: 'org-acme', limit: 100, page: 'cursor-2' });
    expect(titles(store.getState())).toEqual(['One', 'Two']);
  });

  it("says why the tree failed to load in the server's words, and loads it again on retry", async () => {
    const { store, client } = setup();
    client.collections.list.query.mockRejectedValueOnce(serverError('Database is locked', 'INTERNAL_SERVER_ERROR', 500));
    await store.getState().showOrganization('org-acme');
    expect(store.getState().tree).toEqual({ status: 'error', message: 'Database is locked' });
    await store.getState().reload();
    expect(store.getState().tree.status).toBe('ready');
  });

  it('hands a 401 to the session', async () => {
    const { store, client, onUnauthorized } = setup();
    client.spaces.list.query.mockRejectedValueOnce(unauthorizedError());
    await store.getState().showOrganization('org-acme');
    expect(onUnauthorized).toHaveBeenCalledWith('Missing or invalid API token');
  });

  it('switches organization, dropping the answer for the one left', async () => {
    const { store, client } = setup();
    const slow = deferred<Page<Space>>();
    client.spaces.list.query.mockImplementationOnce(() => slow.promise);
    const first = store.getState().showOrganization('org-acme');
    await store.getState().showOrganization('org-globex');
    slow.resolve(page([space('s-stale', 'Stale')]));
    await first;
    expect(store.getState().organizationId).toBe('org-globex');
    expect(titles(store.getState())).toEqual(['Globex docs']);
  });

  it('keeps what is loaded when shown the same organization again', async () => {
    const { store, client } = await loaded();
    await store.getState().showOrganization('org-acme');
    expect(client.spaces.list.query).toHaveBeenCalledTimes(1);
  });

  describe('opening a space', () => {
    it('shows the listed space at once, then the fresh one from the server', async () => {
      const { store, client } = await loaded();
      client.spaces.get.query.mockResolvedValueOnce(space('s-api', 'API', { parent: 'c-guides', editMode: 'locked' }));
      const opening = store.getState().open('s-api');
      expect(openSpaceOf(store.getState())).toMatchObject({ id: 's-api', editMode: 'live' });
      await opening;
      expect(openSpaceOf(store.getState())).toMatchObject({ id: 's-api', editMode: 'locked' });
      // The tree shows the same object.
      const tree = store.getState().tree;
      expect(tree.status === 'ready' && tree.spaces.find((s) => s.id === 's-api')?.editMode).toBe('locked');
    });

    it('loads a space the list does not hold, and says why it cannot be opened', async () => {
      const { store } = await loaded();
      const opening = store.getState().open('s-missing');
      expect(store.getState().openSpace).toEqual({ status: 'loading' });
      await opening;
      expect(store.getState().openSpace).toEqual({ status: 'error', message: 'Space "s-missing" not found' });
      store.getState().close();
      expect(store.getState()).toMatchObject({ openSpaceId: undefined, openSpace: undefined });
    });
  });

  describe('creating', () => {
    it('creates a space in a collection, last in its group', async () => {
      const { store, client } = await loaded();
      const creating = store.getState().createSpace({ title: '  Tutorials ', emoji: '🚀', parent: 'c-guides' });
      expect(store.getState().pending.createSpace).toBe(true);
      const created = await creating;
      expect(client.spaces.create.mutate).toHaveBeenCalledWith({ organizationId: 'org-acme', title: 'Tutorials', emoji: '🚀', parent: 'c-guides' });
      expect(created).toMatchObject({ title: 'Tutorials', parent: 'c-guides' });
      expect(titles(store.getState())).toEqual(['Handbook', 'API', 'Start', 'End', 'Tutorials']);
      expect(store.getState()).toMatchObject({ pending: { createSpace: undefined }, notice: 'Created the space “Tutorials”.' });
    });

    it('creates a space at the root, without an emoji when none is given', async () => {
      const { store, client } = await loaded();
      await store.getState().createSpace({ title: 'Notes', emoji: ' ' });
      expect(client.spaces.create.mutate).toHaveBeenCalledWith({ organizationId: 'org-acme', title: 'Notes', emoji: undefined, parent: undefined });
    });

    it('asks for a title, and at most 50 characters, before calling the server', async () => {
      const { store, client } = await loaded();
      expect(await store.getState().createSpace({ title: '   ' })).toBeUndefined();
      expect(store.getState().errors.createSpace).toBe('Give the space a title.');
      await store.getState().createCollection({ title: 'x'.repeat(51) });
      expect(store.getState().errors.createCollection).toBe('The title can be at most 50 characters.');
      expect(client.spaces.create.mutate).not.toHaveBeenCalled();
      expect(client.collections.create.mutate).not.toHaveBeenCalled();
      store.getState().clearError('createSpace');
      expect(store.getState().errors.createSpace).toBeUndefined();
    });

    it("keeps the server's refusal beside the form", async () => {
      const { store, client } = await loaded();
      const message = 'You need the "create" role in this organization to add content to it (yours: read)';
      client.spaces.create.mutate.mockRejectedValueOnce(serverError(message, 'FORBIDDEN', 403));
      expect(await store.getState().createSpace({ title: 'Nope' })).toBeUndefined();
      expect(store.getState()).toMatchObject({ errors: { createSpace: message }, pending: { createSpace: undefined } });
      expect(titles(store.getState())).not.toContain('Nope');
    });

    it('creates a collection', async () => {
      const { store, client } = await loaded();
      const created = await store.getState().createCollection({ title: 'Reference', parent: 'c-guides' });
      expect(client.collections.create.mutate).toHaveBeenCalledWith({ organizationId: 'org-acme', title: 'Reference', parent: 'c-guides' });
      const tree = store.getState().tree;
      expect(tree.status === 'ready' && tree.collections.at(-1)).toEqual(created);
    });
  });

  describe('renaming', () => {
    it('renames a space in the tree and in the open view', async () => {
      const { store, client } = await loaded();
      await store.getState().open('s-api');
      expect(await store.getState().rename('s-api', ' REST API ')).toBe(true);
      expect(client.spaces.update.mutate).toHaveBeenCalledWith({ spaceId: 's-api', title: 'REST API' });
      expect(openSpaceOf(store.getState())?.title).toBe('REST API');
      expect(titles(store.getState())).toEqual(['Handbook', 'REST API', 'Start', 'End']);
    });

    it("shows a reader's refusal in the server's words", async () => {
      const { store, client } = await loaded();
      const message = 'You need the "admin" role on this space to change its settings (yours: read)';
      client.spaces.update.mutate.mockRejectedValueOnce(serverError(message, 'FORBIDDEN', 403));
      expect(await store.getState().rename('s-api', 'Mine')).toBe(false);
      expect(store.getState().errors.rename).toBe(message);
      expect(titles(store.getState())).toContain('API');
    });
  });

  describe('deleting and undoing', () => {
    it('deletes the open space, closes it, and restores it in its former place on undo', async () => {
      const { store, client } = await loaded();
      await store.getState().open('s-start');
      expect(await store.getState().deleteSpace('s-start')).toBe(true);
      expect(client.spaces.delete.mutate).toHaveBeenCalledWith({ spaceId: 's-start' });
      expect(store.getState()).toMatchObject({ openSpaceId: undefined, lastDeleted: { space: { id: 's-start' }, before: 's-end' } });
      expect(titles(store.getState())).toEqual(['Handbook', 'API', 'End']);

      const restored = await store.getState().undoDelete();
      expect(client.spaces.restore.mutate).toHaveBeenCalledWith({ spaceId: 's-start' });
      expect(client.spaces.move.mutate).toHaveBeenCalledWith({ spaceId: 's-start', position: { before: { type: 'space', space: 's-end' } } });
      expect(restored?.id).toBe('s-start');
      expect(titles(store.getState())).toEqual(['Handbook', 'API', 'Start', 'End']);
      expect(store.getState()).toMatchObject({ lastDeleted: undefined, notice: 'Restored the space “Start”.' });
    });

    it('restores the last space of a group without moving it', async () => {
      const { store, client } = await loaded();
      await store.getState().deleteSpace('s-end');
      await store.getState().undoDelete();
      expect(client.spaces.move.mutate).not.toHaveBeenCalled();
      expect(titles(store.getState())).toEqual(['Handbook', 'API', 'Start', 'End']);
    });

    it('keeps the restored space, last, when putting it back in place fails', async () => {
      const { store, client } = await loaded();
      await store.getState().deleteSpace('s-api');
      client.spaces.move.mutate.mockRejectedValueOnce(serverError('position.before: space "s-start" is not in the target parent', 'BAD_REQUEST', 400));
      expect((await store.getState().undoDelete())?.id).toBe('s-api');
      expect(titles(store.getState())).toEqual(['Handbook', 'Start', 'End', 'API']);
      expect(store.getState().errors.restore).toBeUndefined();
    });

    it('keeps the undo offer when restoring fails, with the reason', async () => {
      const { store, client } = await loaded();
      await store.getState().deleteSpace('s-handbook');
      client.spaces.restore.mutate.mockRejectedValueOnce(serverError('Space "s-handbook" not found'));
      expect(await store.getState().undoDelete()).toBeUndefined();
      expect(store.getState()).toMatchObject({ lastDeleted: { space: { id: 's-handbook' } }, errors: { restore: 'Space "s-handbook" not found' } });
      store.getState().dismissUndo();
      expect(store.getState()).toMatchObject({ lastDeleted: undefined, errors: { restore: undefined } });
    });

    it('says why a delete was refused, and keeps the space', async () => {
      const { store, client } = await loaded();
      const message = 'You need the "admin" role on this space to delete it (yours: edit)';
      client.spaces.delete.mutate.mockRejectedValueOnce(serverError(message, 'FORBIDDEN', 403));
      expect(await store.getState().deleteSpace('s-api')).toBe(false);
      expect(store.getState()).toMatchObject({ errors: { delete: message }, lastDeleted: undefined });
      expect(titles(store.getState())).toContain('API');
    });
  });

  it('forgets everything on reset, and ignores answers still in flight', async () => {
    const { store, client } = await loaded();
    const slow = deferred<Space>();
    client.spaces.create.mutate.mockImplementationOnce(() => slow.promise);
    const creating = store.getState().createSpace({ title: 'Late' });
    store.getState().reset();
    slow.resolve(space('s-late', 'Late'));
    expect(await creating).toBeUndefined();
    expect(store.getState()).toMatchObject({ organizationId: undefined, tree: { status: 'idle' }, pending: {} });
  });

  it('refreshes quietly: what is shown stays until the answer, and the open space takes its new title', async () => {
    const { store, fake } = await loaded();
    await store.getState().open('s-handbook');
    fake.spaces!['org-acme']![0] = { ...fake.spaces!['org-acme']![0]!, title: 'Handbook (synced)' };
    fake.spaces!['org-acme']!.push(space('s-new', 'Arrived by sync'));
    const states: string[] = [];
    const stop = store.subscribe((state) => states.push(state.tree.status));
    await store.getState().refresh();
    stop();
    expect(states).not.toContain('loading');
    expect(titles(store.getState())).toContain('Arrived by sync');
    expect(openSpaceOf(store.getState())?.title).toBe('Handbook (synced)');
  });

  it('keeps what is shown when a quiet refresh fails', async () => {
    const { store, client } = await loaded();
    client.spaces.list.query.mockRejectedValueOnce(serverError('Could not reach the Folio server', 'INTERNAL_SERVER_ERROR', 500));
    await store.getState().refresh();
    expect(store.getState().tree.status).toBe('ready');
  });
});

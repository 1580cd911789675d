import { describe, expect, it, vi } from 'vitest';
import { createChangeRequestsStore, type ChangeRequest, type ChangeRequestsState } from '../../../../src-renderer/src/components/change-requests/change-requests-store';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { changeRequest, fakeChangeRequestsClient, pageCreated } from '../../change-requests-fake';
import { deferred, serverError, unauthorizedError } from '../../fake-client';

function setup(requests: ChangeRequest[] = [], changes = {}) {
  const client = fakeChangeRequestsClient(requests, changes);
  const navigation = createNavigationStore();
  const onUnauthorized = vi.fn();
  const store = createChangeRequestsStore({ client, navigation, onUnauthorized });
  return { client, navigation, store, onUnauthorized, requests };
}

/** Lets every pending promise (and the loads they start) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const listed = (state: ChangeRequestsState) => (state.list.status === 'ready' ? state.list.items.map((cr) => cr.number) : state.list.status);
const finished = (state: ChangeRequestsState) => (state.finished.status === 'ready' ? state.finished.items.map((cr) => cr.number) : state.finished.status);
const current = (state: ChangeRequestsState) => (state.current.status === 'ready' ? state.current.changeRequest : undefined);

async function inSpace(requests: ChangeRequest[] = [], changes = {}) {
  const context = setup(requests, changes);
  context.navigation.getState().enterSpace('s-docs');
  await settle();
  return context;
}

async function onRequest(cr: ChangeRequest, changes = {}) {
  const context = await inSpace([cr], changes);
  context.navigation.getState().openChangeRequest(cr.id);
  await settle();
  return context;
}

describe('the change requests store', () => {
  it('lists the open change requests, then drafts, newest first, and the finished ones through the filter', async () => {
    const { store } = await inSpace([
      changeRequest('cr-1', 1, 'Old draft'),
      changeRequest('cr-2', 2, 'Ready', { status: 'open' }),
      changeRequest('cr-3', 3, 'New draft'),
      changeRequest('cr-4', 4, 'Dropped', { status: 'archived' }),
      changeRequest('cr-5', 5, 'Done', { status: 'merged' }),
    ]);
    expect(listed(store.getState())).toEqual([2, 3, 1]);
    expect(store.getState().finished.status).toBe('idle');
    await store.getState().showFinished('archived');
    expect(finished(store.getState())).toEqual([4]);
    await store.getState().showFinished('merged');
    expect(finished(store.getState())).toEqual([5]);
    expect(listed(store.getState())).toEqual([2, 3, 1]);
  });

  it("says why the list failed in the server's words", async () => {
    const context = setup();
    context.client.changeRequests.list.query.mockRejectedValueOnce(serverError('Space "s-docs" not found'));
    context.navigation.getState().enterSpace('s-docs');
    await settle();
    expect(context.store.getState().list).toEqual({ status: 'error', message: 'Space "s-docs" not found' });
    await context.store.getState().reloadList();
    expect(listed(context.store.getState())).toEqual([]);
  });

  it('creates a change request and switches the editor to it', async () => {
    const { store, navigation, client } = await inSpace();
    const made = await store.getState().create('  Fix the install guide ');
    expect(client.changeRequests.create.mutate).toHaveBeenCalledWith({ spaceId: 's-docs', subject: 'Fix the install guide' });
    expect(navigation.getState().changeRequestId).toBe(made!.id);
    await settle();
    expect(current(store.getState())).toMatchObject({ number: 1, subject: 'Fix the install guide' });
    expect(store.getState().notice).toBe('Created #1 Fix the install guide. You are editing it now.');
    expect(listed(store.getState())).toEqual([1]);
  });

  it('refuses a subject over the limit before asking, and shows a refusal in words', async () => {
    const { store, client, navigation } = await inSpace();
    expect(await store.getState().create('x'.repeat(101))).toBeUndefined();
    expect(store.getState().errors.create).toBe('The subject is limited to 100 characters.');
    expect(client.changeRequests.create.mutate).not.toHaveBeenCalled();
    client.changeRequests.create.mutate.mockRejectedValueOnce(serverError('You cannot open change requests here', 'FORBIDDEN', 403));
    await store.getState().create('Mine');
    expect(store.getState().errors.create).toBe('You cannot open change requests here');
    expect(store.getState().pending.create).toBeUndefined();
    expect(navigation.getState().changeRequestId).toBeUndefined();
  });

  it('shows the change request navigation opens, dropping an answer for one no longer open', async () => {
    const { store, navigation, client } = await inSpace([changeRequest('cr-1', 1, 'First'), changeRequest('cr-2', 2, 'Second')]);
    const slow = deferred<ChangeRequest>();
    client.changeRequests.get.query.mockReturnValueOnce(slow.promise);
    navigation.getState().openChangeRequest('cr-1');
    expect(store.getState().current.status).toBe('loading');
    navigation.getState().openChangeRequest('cr-2');
    await settle();
    slow.resolve(changeRequest('cr-1', 1, 'First'));
    await settle();
    expect(current(store.getState())?.id).toBe('cr-2');
    navigation.getState().openChangeRequest(undefined);
    await settle();
    expect(store.getState().current.status).toBe('idle');
  });

  it('loads the changes for the panel and counts those left out', async () => {
    const cr = changeRequest('cr-1', 1, 'Edits');
    const many = Array.from({ length: 201 }, (_, i) => pageCreated(`p${i}`, `Page ${i}`, 'text'));
    const { store } = await onRequest(cr, { 'cr-1': many });
    await store.getState().loadChanges();
    const changes = store.getState().changes;
    expect(changes.status === 'ready' && [changes.items.length, changes.more]).toEqual([200, 1]);
  });

  it('updates from main: pending while it runs, then reloads the content and clears `outdated`', async () => {
    const { store, navigation, client, requests } = await onRequest(changeRequest('cr-1', 1, 'Edits', { outdated: true }));
    const gate = deferred<void>();
    client.changeRequests.updateFromMain.mutate.mockImplementationOnce(async () => {
      await gate.promise;
      requests[0] = { ...requests[0]!, outdated: false };
      return { revision: 'rev-update', result: 'update' as const };
    });
    const version = navigation.getState().contentVersion;
    const running = store.getState().updateFromMain();
    expect(store.getState().pending.updateFromMain).toBe(true);
    gate.resolve();
    expect(await running).toBe(true);
    await settle();
    expect(store.getState().pending.updateFromMain).toBeUndefined();
    expect(navigation.getState().contentVersion).toBe(version + 1);
    expect(current(store.getState())?.outdated).toBe(false);
    expect(store.getState().notice).toBe('Updated #1 Edits from main.');
  });

  it('merges, returns to main content, reloads it and says so', async () => {
    const { store, navigation, client } = await onRequest(changeRequest('cr-3', 3, 'Fix the install guide', { status: 'open' }));
    navigation.getState().showPanel('changes');
    const version = navigation.getState().contentVersion;
    expect(await store.getState().merge()).toBe(true);
    expect(client.changeRequests.merge.mutate).toHaveBeenCalledWith({ spaceId: 's-docs', changeRequestId: 'cr-3' });
    expect(navigation.getState()).toMatchObject({ changeRequestId: undefined, panel: undefined, contentVersion: version + 1 });
    expect(store.getState().notice).toBe('Merged #3 into main.');
    await settle();
    expect(listed(store.getState())).toEqual([]);
  });

  it('keeps the change request open when the merge is refused, with the reason', async () => {
    const { store, navigation, client } = await onRequest(changeRequest('cr-1', 1, 'Edits'));
    client.changeRequests.merge.mutate.mockRejectedValueOnce(serverError('This space is locked', 'FORBIDDEN', 403));
    expect(await store.getState().merge()).toBe(false);
    expect(store.getState().errors.merge).toBe('This space is locked');
    expect(navigation.getState().changeRequestId).toBe('cr-1');
    store.getState().clearError('merge');
    expect(store.getState().errors.merge).toBeUndefined();
  });

  it('archives the open change request and returns to main; reopens an archived one', async () => {
    const { store, navigation, requests } = await onRequest(changeRequest('cr-1', 1, 'Maybe', { status: 'open' }));
    expect(await store.getState().archive()).toBe(true);
    expect(requests[0]!.status).toBe('archived');
    expect(navigation.getState().changeRequestId).toBeUndefined();
    expect(store.getState().notice).toBe('Archived #1 Maybe. You are editing main content.');
    await settle();
    expect(listed(store.getState())).toEqual([]);
    await store.getState().showFinished('archived');
    expect(finished(store.getState())).toEqual([1]);

    navigation.getState().openChangeRequest('cr-1');
    await settle();
    expect(await store.getState().reopen()).toBe(true);
    expect(current(store.getState())?.status).toBe('open');
    await settle();
    expect([listed(store.getState()), finished(store.getState())]).toEqual([[1], []]);
  });

  it('renames the subject', async () => {
    const { store } = await onRequest(changeRequest('cr-1', 1, 'Draft'));
    expect(await store.getState().rename(' Better subject ')).toBe(true);
    expect(current(store.getState())?.subject).toBe('Better subject');
    expect(store.getState().notice).toBe('Renamed to “Better subject”.');
  });

  it('reloads the list, the open change request and its changes when content changes elsewhere', async () => {
    const { store, navigation, client, requests } = await onRequest(changeRequest('cr-1', 1, 'Edits'), { 'cr-1': [] });
    await store.getState().loadChanges();
    requests[0] = { ...requests[0]!, outdated: true };
    navigation.getState().contentChanged();
    await settle();
    expect(current(store.getState())?.outdated).toBe(true);
    expect(client.changeRequests.changes.query).toHaveBeenCalledTimes(2);
  });

  it('reports an expired token to the session', async () => {
    const context = setup();
    context.client.changeRequests.list.query.mockRejectedValue(unauthorizedError());
    context.navigation.getState().enterSpace('s-docs');
    await settle();
    expect(context.onUnauthorized).toHaveBeenCalledWith('Missing or invalid API token');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { createEditorStore, type EditorStore } from '../../../../src-renderer/src/components/editor/editor-store';
import { deferred, serverError, unauthorizedError } from '../../fake-client';
import { fakeBodyServer } from '../../editor/fake-body-server';

const quietWindow = { isHidden: () => false, watch: () => () => {} };
const page = { spaceId: 's1', pageId: 'p1' };

function setup(markdown = 'Hello') {
  const server = fakeBodyServer(markdown);
  const client = {
    content: {
      ...server.client.content,
      uploadFile: {
        mutate: vi.fn(async (input: { name: string; contentType: string; data: string; spaceId: string; changeRequestId?: string }) => ({
          fileId: 'f1',
          revision: 'r2',
          file: { id: 'f1', name: input.name, contentType: input.contentType, downloadURL: 'http://x/files/f1', size: 3 },
        })),
      },
    },
    files: {
      read: { query: vi.fn(async (_input: { spaceId: string; name: string; changeRequestId?: string }) => ({ name: 'a.png', contentType: 'image/png', data: 'iVBO' })) },
    },
    changeRequests: {
      get: {
        query: vi.fn(async (input: { spaceId: string; changeRequestId: string }) => ({ id: input.changeRequestId, number: 7, status: 'open', subject: 'Typos' })),
      },
    },
  };
  const onUnauthorized = vi.fn();
  // The fake answers only the fields the editor reads; the real presented objects have more.
  const deps = { client: client as never, onUnauthorized, navigation: createNavigationStore() };
  const store: EditorStore = createEditorStore(deps, { environment: quietWindow });
  return { server, client, store, onUnauthorized };
}

let store: EditorStore | undefined;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  store?.getState().close();
  vi.useRealTimers();
});

describe('editor store', () => {
  it('opens a page and follows its save state', async () => {
    const t = setup('Hello');
    store = t.store;
    const opening = store.getState().open(page);
    expect(store.getState().session).toEqual({ status: 'loading', target: page });
    await opening;
    const session = store.getState().session;
    if (session.status !== 'ready') throw new Error(`expected ready, got ${session.status}`);
    expect(session.sync.text.toString()).toBe('Hello');
    expect(store.getState().save).toMatchObject({ status: 'saved', title: 'Page' });

    session.sync.text.insert(5, '!');
    expect(store.getState().save).toMatchObject({ status: 'saving', waiting: 1 });
    await session.sync.flush();
    expect(store.getState().save).toMatchObject({ status: 'saved', waiting: 0 });
    expect(t.server.text()).toBe('Hello!');
  });

  it('keeps the open page for the same target, and reloads it when the content version changes', async () => {
    const t = setup();
    store = t.store;
    await store.getState().open(page, 1);
    const first = store.getState().session;
    await store.getState().open(page, 1);
    expect(store.getState().session).toBe(first);
    await store.getState().open(page, 2);
    expect(store.getState().session).not.toBe(first);
    expect(t.server.client.content.body.query).toHaveBeenCalledTimes(2);
  });

  it('drops the answer for a page the writer has left, and stops its sync', async () => {
    const t = setup();
    store = t.store;
    const held = deferred<Awaited<ReturnType<typeof t.server.client.content.body.query>>>();
    const original = t.server.client.content.body.query.getMockImplementation()!;
    t.server.client.content.body.query.mockImplementationOnce(async (input) => {
      const answer = await original(input);
      await held.promise;
      return answer;
    });
    const slow = store.getState().open({ spaceId: 's1', pageId: 'old' });
    await store.getState().open(page);
    held.resolve(undefined as never);
    await slow;
    const session = store.getState().session;
    expect(session.status === 'ready' && session.target.pageId).toBe('p1');
    expect(vi.getTimerCount()).toBe(1); // only the open page polls
  });

  it('says why a page could not be opened, and opens it on retry', async () => {
    const t = setup();
    store = t.store;
    t.server.client.content.body.query.mockRejectedValueOnce(serverError('Page "p1" not found'));
    await store.getState().open(page);
    expect(store.getState().session).toEqual({ status: 'error', target: page, message: 'Page "p1" not found' });
    await store.getState().retry();
    expect(store.getState().session.status).toBe('ready');
  });

  it("ends the session when the token is refused", async () => {
    const t = setup();
    store = t.store;
    t.server.client.content.body.query.mockRejectedValueOnce(unauthorizedError());
    await store.getState().open(page);
    expect(t.onUnauthorized).toHaveBeenCalledWith('Missing or invalid API token');
  });

  it('loads the number of the change request being edited', async () => {
    const t = setup();
    store = t.store;
    await store.getState().open({ ...page, changeRequestId: 'cr1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().changeRequest).toEqual({ id: 'cr1', number: 7, status: 'open', subject: 'Typos' });
    expect(t.server.client.content.body.query).toHaveBeenCalledWith({ spaceId: 's1', pageId: 'p1', changeRequestId: 'cr1' });
  });

  it('uploads an image into the content being edited and answers the markdown that shows it', async () => {
    const t = setup();
    store = t.store;
    await store.getState().open({ ...page, changeRequestId: 'cr1' });
    const uploading = store.getState().uploadImage({ name: 'my/shot.png', type: 'image/png', bytes: new Uint8Array([1, 2, 3]) });
    expect(store.getState().upload).toEqual({ status: 'uploading', name: 'my-shot.png' });
    expect(await uploading).toBe('![my-shot](.gitbook/assets/my-shot.png)');
    expect(t.client.content.uploadFile.mutate).toHaveBeenCalledWith({
      spaceId: 's1',
      changeRequestId: 'cr1',
      name: 'my-shot.png',
      contentType: 'image/png',
      data: 'AQID',
    });
    expect(store.getState().upload).toEqual({ status: 'done', name: 'my-shot.png' });
  });

  it('refuses files that are not images or too large, and says why an upload failed', async () => {
    const t = setup();
    store = t.store;
    await store.getState().open(page);
    expect(await store.getState().uploadImage({ name: 'notes.txt', type: 'text/plain', bytes: new Uint8Array(1) })).toBeUndefined();
    expect(store.getState().upload).toEqual({ status: 'error', message: '"notes.txt" is not an image.' });
    await store.getState().uploadImage({ name: 'huge.png', type: 'image/png', bytes: new Uint8Array(9 * 1024 * 1024) });
    expect(store.getState().upload).toMatchObject({ status: 'error', message: expect.stringContaining('up to 8 MB') });
    expect(t.client.content.uploadFile.mutate).not.toHaveBeenCalled();

    t.client.content.uploadFile.mutate.mockRejectedValueOnce(serverError('This space is locked', 'FORBIDDEN', 403));
    await store.getState().uploadImage({ name: '', type: 'image/jpeg', bytes: new Uint8Array(1) });
    expect(store.getState().upload).toEqual({ status: 'error', message: 'Could not upload "image.jpeg": This space is locked' });
  });

  it('fetches each previewed image once, and revokes its URL when the page closes', async () => {
    const t = setup();
    store = t.store;
    await store.getState().open(page);
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const url = await store.getState().imageUrl('a.png');
    expect(url).toMatch(/^blob:/);
    expect(await store.getState().imageUrl('a.png')).toBe(url);
    expect(t.client.files.read.query).toHaveBeenCalledTimes(1);
    expect(t.client.files.read.query).toHaveBeenCalledWith({ spaceId: 's1', name: 'a.png', changeRequestId: undefined });
    store.getState().close();
    expect(revoke).toHaveBeenCalledWith(url);
    expect(store.getState().session).toEqual({ status: 'closed' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the preview choice from page to page', async () => {
    const t = setup();
    store = t.store;
    store.getState().togglePreview();
    await store.getState().open(page);
    await store.getState().open({ ...page, pageId: 'p2' });
    expect(store.getState().preview).toBe(true);
  });
});

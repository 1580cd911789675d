import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as Y from 'yjs';
import { openPageSync, type PageSync } from '../../../src-renderer/src/editor/page-sync';
import type { SyncEnvironment, SyncEvent } from '../../../src-renderer/src/editor/sync-environment';
import { deferred, serverError } from '../fake-client';
import { fakeBodyServer, networkError } from './fake-body-server';

const target = { spaceId: 's1', pageId: 'p1' };

/** A window the test hides, shows and focuses. */
function fakeEnvironment() {
  let hidden = false;
  const listeners = new Set<(event: SyncEvent) => void>();
  const environment: SyncEnvironment = {
    isHidden: () => hidden,
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (event: SyncEvent) => {
    hidden = event === 'hidden' ? true : event === 'visible' ? false : hidden;
    for (const listener of listeners) listener(event);
  };
  return { environment, emit, listeners };
}

let sync: PageSync | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  sync?.destroy();
  sync = undefined;
  vi.useRealTimers();
});

describe('page sync', () => {
  it('loads the body and saves a local edit once its push returns', async () => {
    const server = fakeBodyServer('Hello');
    sync = await openPageSync(server.client, target, { environment: fakeEnvironment().environment });
    expect(sync.text.toString()).toBe('Hello');
    expect(sync.getState()).toMatchObject({ status: 'saved', waiting: 0, title: 'Page' });

    const held = deferred<{ stateVector: string }>();
    server.client.content.pushBody.mutate.mockImplementationOnce(async (input) => {
      Y.applyUpdate(server.doc, new Uint8Array(Buffer.from(input.update, 'base64')));
      return held.promise;
    });
    sync.text.insert(5, '!');
    expect(sync.getState()).toMatchObject({ status: 'saving', waiting: 1 });
    let flushed = false;
    void sync.flush().then(() => (flushed = true));
    await vi.advanceTimersByTimeAsync(0);
    // Applied on the server, but not acknowledged: not saved yet.
    expect(flushed).toBe(false);
    held.resolve({ stateVector: '' });
    await vi.advanceTimersByTimeAsync(0);
    expect(flushed).toBe(true);
    expect(sync.getState()).toMatchObject({ status: 'saved', waiting: 0 });
    expect(server.text()).toBe('Hello!');
    expect(server.client.content.pushBody.mutate).toHaveBeenCalledWith(expect.objectContaining({ spaceId: 's1', pageId: 'p1' }));
  });

  it('merges the edits typed while a push is in flight into the next single push', async () => {
    const server = fakeBodyServer('');
    sync = await openPageSync(server.client, { ...target, changeRequestId: 'cr1' }, { environment: fakeEnvironment().environment });
    const held = deferred<{ stateVector: string }>();
    const original = server.client.content.pushBody.mutate.getMockImplementation()!;
    server.client.content.pushBody.mutate.mockImplementationOnce(async (input) => {
      await held.promise;
      return original(input);
    });
    sync.text.insert(0, 'a');
    sync.text.insert(1, 'b');
    sync.text.insert(2, 'c');
    sync.text.insert(3, 'd');
    expect(server.client.content.pushBody.mutate).toHaveBeenCalledTimes(1);
    expect(sync.getState()).toMatchObject({ status: 'saving', waiting: 4 });

    held.resolve({ stateVector: '' });
    await sync.flush();
    expect(server.client.content.pushBody.mutate).toHaveBeenCalledTimes(2);
    expect(server.client.content.pushBody.mutate.mock.calls[1]![0]).toMatchObject({ changeRequestId: 'cr1' });
    expect(server.text()).toBe('abcd');
    expect(sync.getState()).toMatchObject({ status: 'saved', waiting: 0 });
  });

  it('keeps edits while the server cannot be reached, says how many wait, and saves them with backoff', async () => {
    const server = fakeBodyServer('x');
    sync = await openPageSync(server.client, target, { environment: fakeEnvironment().environment, visiblePollMs: 60_000 });
    server.client.content.pushBody.mutate.mockRejectedValueOnce(networkError()).mockRejectedValueOnce(networkError());
    sync.text.insert(1, 'y');
    await vi.advanceTimersByTimeAsync(0);
    sync.text.insert(2, 'z');
    expect(sync.getState()).toMatchObject({ status: 'offline', waiting: 2, message: expect.stringMatching(/Could not reach the Folio server/) });

    await vi.advanceTimersByTimeAsync(1_000); // first retry fails
    expect(server.client.content.pushBody.mutate).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999); // the second waits twice as long
    expect(server.client.content.pushBody.mutate).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.client.content.pushBody.mutate).toHaveBeenCalledTimes(3);
    expect(server.text()).toBe('xyz');
    expect(sync.getState()).toMatchObject({ status: 'saved', waiting: 0, message: undefined });
  });

  it("says a refusal in the server's words and retries at once when the window regains focus", async () => {
    const server = fakeBodyServer('x');
    const windowEvents = fakeEnvironment();
    const onError = vi.fn();
    sync = await openPageSync(server.client, target, { environment: windowEvents.environment, onError });
    const locked = serverError('This space is locked: set its editMode to "live" to change its content', 'FORBIDDEN', 403);
    server.client.content.pushBody.mutate.mockRejectedValueOnce(locked);
    sync.text.insert(0, '!');
    await vi.advanceTimersByTimeAsync(0);
    expect(sync.getState()).toMatchObject({ status: 'error', waiting: 1, message: expect.stringMatching(/^This space is locked/) });
    expect(onError).toHaveBeenCalledWith(locked);

    windowEvents.emit('focus');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.client.content.pushBody.mutate).toHaveBeenCalledTimes(2);
    expect(sync.getState()).toMatchObject({ status: 'saved', waiting: 0 });
  });

  it('shows remote changes by polling with its state vector, without pushing them back', async () => {
    const server = fakeBodyServer('Hello');
    sync = await openPageSync(server.client, target, { environment: fakeEnvironment().environment });
    const seen: string[] = [];
    sync.text.observe(() => seen.push(sync!.text.toString()));
    server.doc.getText('markdown').insert(5, ', world');
    server.meta.title = 'Renamed';

    await vi.advanceTimersByTimeAsync(999);
    expect(sync.text.toString()).toBe('Hello');
    await vi.advanceTimersByTimeAsync(1);
    expect(sync.text.toString()).toBe('Hello, world');
    expect(seen).toEqual(['Hello, world']);
    expect(sync.getState().title).toBe('Renamed');
    const input = server.client.content.body.query.mock.calls[1]![0];
    expect(Y.decodeStateVector(new Uint8Array(Buffer.from(input.stateVector!, 'base64'))).size).toBe(1);
    expect(server.client.content.pushBody.mutate).not.toHaveBeenCalled();

    // A remote deletion (no new items, only a delete set) shows up too.
    server.doc.getText('markdown').delete(0, 7);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sync.text.toString()).toBe('world');
  });

  it('polls every 30 s while hidden, and at once when shown again', async () => {
    const server = fakeBodyServer('');
    const windowEvents = fakeEnvironment();
    sync = await openPageSync(server.client, target, { environment: windowEvents.environment });
    windowEvents.emit('hidden');
    await vi.advanceTimersByTimeAsync(29_000);
    expect(server.client.content.body.query).toHaveBeenCalledTimes(1);
    windowEvents.emit('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.client.content.body.query).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.client.content.body.query).toHaveBeenCalledTimes(3);
  });

  it('reports a failed poll and recovers from it', async () => {
    const server = fakeBodyServer('');
    sync = await openPageSync(server.client, target, { environment: fakeEnvironment().environment });
    server.client.content.body.query.mockRejectedValueOnce(serverError('Page "p1" not found'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sync.getState().pullError).toBe('Page "p1" not found');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sync.getState().pullError).toBeUndefined();
  });

  it('leaves no timer or listener behind when destroyed', async () => {
    const server = fakeBodyServer('');
    const windowEvents = fakeEnvironment();
    const opened = await openPageSync(server.client, target, { environment: windowEvents.environment });
    server.client.content.pushBody.mutate.mockRejectedValueOnce(networkError());
    opened.text.insert(0, 'lost');
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(2); // the poll and the retry
    opened.destroy();
    expect(vi.getTimerCount()).toBe(0);
    expect(windowEvents.listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.client.content.body.query).toHaveBeenCalledTimes(1);
  });

  it('saves what is waiting before closing, but gives up on what the server refuses', async () => {
    const server = fakeBodyServer('');
    const opened = await openPageSync(server.client, target, { environment: fakeEnvironment().environment });
    server.client.content.pushBody.mutate.mockRejectedValueOnce(networkError());
    opened.text.insert(0, 'kept');
    await vi.advanceTimersByTimeAsync(0);
    let closed = false;
    void opened.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(closed).toBe(true);
    expect(server.text()).toBe('kept');
    expect(vi.getTimerCount()).toBe(0);

    const refused = await openPageSync(server.client, target, { environment: fakeEnvironment().environment });
    server.client.content.pushBody.mutate.mockRejectedValue(serverError('locked', 'FORBIDDEN', 403));
    refused.text.insert(0, 'x');
    await vi.advanceTimersByTimeAsync(0);
    await refused.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects when the page cannot be loaded, leaving nothing running', async () => {
    const server = fakeBodyServer('');
    server.client.content.body.query.mockRejectedValueOnce(serverError('Page "p1" not found'));
    await expect(openPageSync(server.client, target)).rejects.toThrow('Page "p1" not found');
    expect(vi.getTimerCount()).toBe(0);
  });
});

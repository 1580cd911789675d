import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnectionStore, FIRST_RETRY_MS, MAX_RETRY_MS } from '../../../src-renderer/src/stores/connection-store';
import { watchConnection } from '../../../src-renderer/src/stores/connection-watch';
import { createNavigationStore } from '../../../src-renderer/src/stores/navigation-store';
import { serverError, unauthorizedError, user } from '../fake-client';

/** What the tRPC client rejects with when the request never reached the server. */
const unreachable = () => Object.assign(new Error('Failed to fetch'), { name: 'TRPCClientError' });

function setup() {
  const me = vi.fn(async () => user());
  const client = { user: { me: { query: me } } };
  const store = createConnectionStore({ client, onUnauthorized: vi.fn(), navigation: createNavigationStore() });
  return { store, me };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the connection store', () => {
  it('goes offline when a call could not reach the server, not when the server refused it', () => {
    const { store } = setup();
    store.getState().reportFailure(serverError('Space "x" not found'));
    expect(store.getState().status).toBe('online');
    store.getState().reportFailure(unreachable());
    expect(store.getState()).toMatchObject({ status: 'offline', cause: 'server', retryInSeconds: FIRST_RETRY_MS / 1000 });
  });

  it('checks with user.me only while offline, backing off, and is online again when it answers', async () => {
    const { store, me } = setup();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(me).not.toHaveBeenCalled();

    store.getState().reportFailure(unreachable());
    me.mockRejectedValue(unreachable());
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    expect(me).toHaveBeenCalledTimes(1);
    expect(store.getState().retryInSeconds).toBe((FIRST_RETRY_MS * 2) / 1000);
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS * 2);
    expect(me).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(MAX_RETRY_MS * 4);
    expect(store.getState().retryInSeconds).toBe(MAX_RETRY_MS / 1000);

    me.mockResolvedValue(user());
    await vi.advanceTimersByTimeAsync(MAX_RETRY_MS);
    expect(store.getState()).toMatchObject({ status: 'online', retryInSeconds: undefined });
    const calls = me.mock.calls.length;
    await vi.advanceTimersByTimeAsync(MAX_RETRY_MS * 2);
    expect(me).toHaveBeenCalledTimes(calls);
  });

  it('counts a server that answers with an error (a 401) as reachable', async () => {
    const { store, me } = setup();
    store.getState().reportFailure(unreachable());
    me.mockRejectedValueOnce(unauthorizedError());
    await store.getState().checkNow();
    expect(store.getState().status).toBe('online');
  });

  it('follows the window’s offline and online events, asking the server before saying so', async () => {
    const { store, me } = setup();
    const window = new EventTarget();
    const stop = store.getState().watch(window);

    // A server on this machine may still answer without a network.
    window.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().status).toBe('online');

    me.mockRejectedValue(unreachable());
    window.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()).toMatchObject({ status: 'offline', cause: 'network' });

    me.mockResolvedValue(user());
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().status).toBe('online');

    stop();
    me.mockRejectedValue(unreachable());
    window.dispatchEvent(new Event('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().status).toBe('online');
  });
});

describe('the watched client', () => {
  it('reports each call’s outcome, and returns the call’s own answer or error', async () => {
    const reporter = { reportFailure: vi.fn(), reportSuccess: vi.fn() };
    const failure = unreachable();
    const client = {
      content: {
        pages: { query: vi.fn(async (input: { spaceId: string }) => ({ spaceId: input.spaceId, pages: [] })) },
        pushBody: { mutate: vi.fn(async () => Promise.reject(failure)) },
      },
    };
    const watched = watchConnection(client, () => reporter);
    expect(watched.content).toBe(watched.content);
    await expect(watched.content.pages.query({ spaceId: 's-1' })).resolves.toEqual({ spaceId: 's-1', pages: [] });
    expect(client.content.pages.query).toHaveBeenCalledWith({ spaceId: 's-1' });
    expect(reporter.reportSuccess).toHaveBeenCalledTimes(1);

    await expect(watched.content.pushBody.mutate()).rejects.toBe(failure);
    await vi.advanceTimersByTimeAsync(0);
    expect(reporter.reportFailure).toHaveBeenCalledWith(failure);
  });

  it('lets the connection store know as soon as any feature call fails to reach the server', async () => {
    const { store } = setup();
    const watched = watchConnection({ comments: { list: { query: async () => Promise.reject(unreachable()) } } }, () => store.getState());
    await watched.comments.list.query().catch(() => undefined);
    expect(store.getState().status).toBe('offline');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNavigationStore } from '../../../../src-renderer/src/stores/navigation-store';
import { createSearchStore, SEARCH_DELAY_MS, type SearchClient, type SpaceResult } from '../../../../src-renderer/src/components/search/search-store';
import { deferred, page, serverError, unauthorizedError } from '../../fake-client';

type Answer = Awaited<ReturnType<SearchClient['search']['searchOrganization']['query']>>;

const section = (pageId: string, title: string, anchor: string | undefined, body: string) => ({
  id: anchor ? `${pageId}#${anchor}` : pageId,
  title,
  path: anchor ? `install#${anchor}` : 'install',
  score: 1,
  body,
  urls: { app: `http://folio.test/s/x/install${anchor ? `#${anchor}` : ''}` },
});

function spaceResult(id: string, title: string, pages: Array<{ id: string; title: string; sections: ReturnType<typeof section>[] }>): SpaceResult {
  const results = pages.map((p, index) => ({
    ...p,
    description: '',
    path: p.title.toLowerCase(),
    score: 1,
    rank: index + 1,
    ancestors: [],
    urls: { app: `http://folio.test/s/${id}/${p.id}` },
  }));
  return { type: 'space', id, title, score: 1, pages: results };
}

const installerAnswer: Answer = page([
  spaceResult('s-guides', 'Guides', [
    { id: 'p-install', title: 'Install', sections: [section('p-install', 'On Linux', 'on-linux', 'Run the installer.'), section('p-install', 'Install', undefined, 'The installer…')] },
  ]),
  spaceResult('s-api', 'API', [{ id: 'p-tokens', title: 'Tokens', sections: [section('p-tokens', 'Rotating', 'rotating', 'The installer never…')] }]),
]);

function setup() {
  const query = vi.fn(async (_input: { organizationId: string; query: string }): Promise<Answer> => installerAnswer);
  const onUnauthorized = vi.fn();
  const store = createSearchStore({ client: { search: { searchOrganization: { query } } }, onUnauthorized, navigation: createNavigationStore() });
  return { store, query, onUnauthorized };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the search store', () => {
  it('searches once typing pauses, and lists spaces, pages and sections with their anchors', async () => {
    const { store, query } = setup();
    store.getState().setQuery('inst', 'org-acme');
    store.getState().setQuery('installer', 'org-acme');
    expect(store.getState().status).toBe('searching');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    expect(query).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(query).toHaveBeenCalledExactlyOnceWith({ organizationId: 'org-acme', query: 'installer' });
    const state = store.getState();
    expect(state).toMatchObject({ status: 'ready', answered: 'installer', activeIndex: 0 });
    expect(state.groups.map((g) => [g.spaceTitle, g.pages.map((p) => p.pageTitle)])).toEqual([['Guides', ['Install']], ['API', ['Tokens']]]);
    expect(state.options.map((o) => [o.spaceId, o.pageId, o.anchor, o.title])).toEqual([
      ['s-guides', 'p-install', 'on-linux', 'On Linux'],
      ['s-guides', 'p-install', undefined, 'Install'],
      ['s-api', 'p-tokens', 'rotating', 'Rotating'],
    ]);
    expect(state.options[0]!.excerpt).toBe('Run the installer.');
  });

  it('moves through the results with wrap-around', async () => {
    const { store } = setup();
    store.getState().setQuery('installer', 'org-acme');
    await vi.runAllTimersAsync();
    store.getState().move(1);
    store.getState().move(1);
    expect(store.getState().activeIndex).toBe(2);
    store.getState().move(1);
    expect(store.getState().activeIndex).toBe(0);
    store.getState().move(-1);
    expect(store.getState().activeIndex).toBe(2);
    store.getState().setActive(1);
    expect(store.getState().activeIndex).toBe(1);
  });

  it('drops an answer to a query that was typed over', async () => {
    const { store, query } = setup();
    const slow = deferred<Answer>();
    query.mockReturnValueOnce(slow.promise);
    store.getState().setQuery('tok', 'org-acme');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    store.getState().setQuery('installer', 'org-acme');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    slow.resolve(page([spaceResult('s-stale', 'Stale', [])]));
    await vi.runAllTimersAsync();
    expect(store.getState().answered).toBe('installer');
    expect(store.getState().groups.map((g) => g.spaceId)).toEqual(['s-guides', 's-api']);
  });

  it('sends nothing for blank input, and forgets everything on reset', async () => {
    const { store, query } = setup();
    store.getState().setQuery('   ', 'org-acme');
    await vi.runAllTimersAsync();
    expect(query).not.toHaveBeenCalled();
    expect(store.getState().status).toBe('idle');
    store.getState().setQuery('installer', 'org-acme');
    store.getState().reset();
    await vi.runAllTimersAsync();
    expect(query).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ query: '', status: 'idle', options: [], activeIndex: -1 });
  });

  it('says why a search failed, retries, and hands a refused token to the session', async () => {
    const { store, query, onUnauthorized } = setup();
    query.mockRejectedValueOnce(serverError('query: must not be empty', 'BAD_REQUEST', 400));
    store.getState().setQuery('installer', 'org-acme');
    await vi.runAllTimersAsync();
    expect(store.getState()).toMatchObject({ status: 'error', message: 'query: must not be empty' });
    store.getState().retry();
    await vi.runAllTimersAsync();
    expect(store.getState().status).toBe('ready');
    query.mockRejectedValueOnce(unauthorizedError());
    store.getState().setQuery('tokens', 'org-acme');
    await vi.runAllTimersAsync();
    expect(onUnauthorized).toHaveBeenCalledWith('Missing or invalid API token');
  });
});
